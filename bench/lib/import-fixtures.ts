import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { systemCtx } from "@/server/context";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { addDays, londonToday } from "@/server/lib/time";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { createSupplier } from "@/server/services/suppliers/create-supplier";

// Fixtures shared by bench/import.ts and ad-hoc profiling harnesses.
const RUN = Date.now().toString(36).toUpperCase();
const today = londonToday();

export type Acc = { id: number; number: string; external: string; periodStart: string };

export async function makeAccounts(db: Db, n: number) {
  const sys = systemCtx(db, "bench-import");
  await loadDemoProducts(sys, { only: ["VAR-22-11-01"] });
  const { organisation, apiKey } = await createOrganisation(sys, { name: `Bench ${RUN}` });
  const ctx = systemCtx(db, "bench-import", organisation.id);
  const supplier = await createSupplier(ctx, {
    code: `BENCH-${RUN}`,
    documentRoot: `s3://bench-documents/${RUN.toLowerCase()}`,
  }); // never read: s3:// is allowed by default
  const out: Acc[] = [];
  for (let i = 0; i < n; i++) {
    const external = `BENCH-${RUN}-${i}`;
    const mpan = withMpanCheckDigit(`19${String(Date.now() % 1e8).padStart(8, "0")}${String(i).padStart(2, "0")}`);
    const payload = StageAccountInput.parse({
      import_supplier: supplier.code,
      external_account_number: external,
      billing_name: "Bench Customer",
      billing_address1: "1 Bench Street",
      billing_address4: "London",
      billing_postcode: "SW1A 1AA",
      customers: [{ given_name: "Bench", family_name: "Customer" }],
      supply_addresses: [
        {
          supply_address1: "1 Bench Street",
          supply_postcode: "SW1A 1AA",
          customer_at_supply_address_from_date: "2025-01-01",
          meter_points: [
            {
              supply_type: "ELECTRICITY",
              identifier: mpan,
              mpid: "OCTO",
              supply_start_date: "2025-01-01",
              agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
            },
          ],
        },
      ],
      last_statement_closing_date: addDays(today, -90),
    });
    await stageAccount(ctx, payload);
    const r = await processAccountImport(ctx, {
      import_supplier: supplier.code,
      external_account_number: external,
      dry_run: false,
    });
    const [row] = await execRows<{ id: number }>(db, sql`select id from accounts where number = ${r.account_number}`);
    out.push({ id: Number(row.id), number: r.account_number, external, periodStart: addDays(today, -89) });
  }
  return { apiKey: apiKey!.key, supplierCode: supplier.code, accounts: out };
}

/** Mixed types in rotation, dates inside the open period, amounts with pennies. */
export function transactionsFor(prefix: string, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const base = {
      transaction_id: `${prefix}-${i}`,
      transaction_date: addDays(today, -(i % 60)),
      amount: (((i * 37) % 50000) + 1) / 100,
    };
    switch (i % 5) {
      case 0:
        return { ...base, type: "CHARGE", reason: "IMPORTED_CHARGE", display_note: "Imported charge" };
      case 1:
        return { ...base, type: "CREDIT", reason: "GOODWILL_PAYMENT", note: "Goodwill" };
      case 2:
        return {
          ...base,
          type: "PAYMENT",
          reason: "ACCOUNT_CHARGE_PAYMENT",
          payment_type: "DD_REGULAR_COLLECTION",
          reference: `DD-${i}`,
        };
      case 3:
        return { ...base, type: "REPAYMENT", reason: "FULL_CREDIT_REFUND", payment_type: "DIRECT_CREDIT" };
      default:
        return {
          ...base,
          amount: 76.87,
          type: "SUPPLY_CHARGE",
          product_code: "VAR-22-11-01",
          line_items: [
            {
              rate_band: "CONSUMPTION_STANDARD",
              start_date: addDays(today, -60),
              end_date: addDays(today, -30),
              number_of_units: 250.5,
              net_amount: 73.21,
              price_per_unit: 0.29226,
            },
          ],
          tax_items: [{ amount: 3.66, tax_type: "VAT", value_taxed: 73.21, rate: 0.05, unit_type: "PROPORTION" }],
        };
    }
  });
}
