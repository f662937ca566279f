import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { systemCtx } from "@/server/context";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { addDays, londonToday } from "@/server/lib/time";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { createNotes } from "@/server/services/data-import/create-notes";
import { CreateNotesInput } from "@/server/services/data-import/note-schemas";
import { CreateTransactionsQuery } from "@/server/services/data-import/transaction-schemas";
import { createTransactions } from "@/server/services/data-import/create-transactions";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { createConsoleUser } from "@/server/services/users/create-console-user";
import { transactionsFor } from "./import-fixtures";

// The scale database's seed, written through the app's own services so that the bulk copies
// (bench/lib/scale-build.ts) clone rows exactly as the app writes them: two organisations,
// ten suppliers each, one console user each, and one template account (both fuels, meters,
// registers, a transfer reading) with five transactions of each type and notes.

export const SUPPLIERS_PER_ORG = 10;

export type ScaleSeed = {
  organisations: { id: number; number: string; apiKey: string; userId: number }[];
  suppliers: { id: number; code: string; organisationId: number }[];
  template: { accountId: number; accountNumber: string; external: string; mpan: string; mprn: string };
};

function templatePayload(supplierCode: string, external: string, mpan: string, mprn: string) {
  return {
    import_supplier: supplierCode,
    external_account_number: external,
    account_type: "DOMESTIC",
    billing_name: "Ada Lovelace",
    billing_address1: "1 Analytical Row",
    billing_address4: "London",
    billing_postcode: "SW1A 1AA",
    customers: [{ given_name: "Ada", family_name: "Lovelace", email: "ada@example.com", mobile: "07911 123456" }],
    supply_addresses: [
      {
        supply_address1: "1 Analytical Row",
        supply_address4: "London",
        supply_postcode: "SW1A 1AA",
        customer_at_supply_address_from_date: "2025-01-01",
        meter_points: [
          {
            supply_type: "ELECTRICITY",
            identifier: mpan,
            mpid: "OCTO",
            supply_start_date: "2025-01-01",
            profile_class: 1,
            meters: [
              {
                meter_serial_number: `E${mpan.slice(-6)}`,
                registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
                transfer_readings: [{ reading_date: "2026-10-31", reading_value: "12345.0", reading_type: "CUSTOMER", register_id: "1" }],
              },
            ],
            agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
          },
          {
            supply_type: "GAS",
            identifier: mprn,
            mpid: "OCTO",
            shipper_mpid: "OCT",
            supply_start_date: "2025-01-01",
            meters: [{ meter_serial_number: `G${mprn.slice(-6)}`, gas_number_of_digits: 5 }],
            agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
          },
        ],
      },
    ],
    last_billed_to_date: "2026-10-31",
  };
}

/** Organisations, suppliers, users and the template account, through the services. */
export async function seedScaleDatabase(db: Db): Promise<ScaleSeed> {
  const sys = systemCtx(db, "bench-scale");
  await loadDemoProducts(sys, { only: ["VAR-22-11-01"] });
  const organisations: ScaleSeed["organisations"] = [];
  const suppliers: ScaleSeed["suppliers"] = [];
  for (const name of ["Scale Energy One", "Scale Energy Two"]) {
    const { organisation, apiKey } = await createOrganisation(sys, { name });
    const ctx = systemCtx(db, "bench-scale", organisation.id);
    const user = await createConsoleUser(ctx, { email: `operator-${organisation.number.toLowerCase()}@scale.example`, name: "Scale operator", password: "scale-operator-1", role: "operator" });
    organisations.push({ id: organisation.id, number: organisation.number, apiKey: apiKey!.key, userId: user.id });
    for (let s = 0; s < SUPPLIERS_PER_ORG; s++) {
      const supplier = await createSupplier(ctx, { code: `SCALE-${organisations.length}-${s}`, documentRoot: `s3://bench-scale/${organisation.number.toLowerCase()}` });
      suppliers.push({ id: supplier.id, code: supplier.code, organisationId: organisation.id });
    }
  }
  const ctx = systemCtx(db, "bench-scale", organisations[0].id);
  const external = "SCALE-TEMPLATE";
  const mpan = withMpanCheckDigit("190000000000");
  const mprn = "9000000000";
  await stageAccount(ctx, StageAccountInput.parse(templatePayload(suppliers[0].code, external, mpan, mprn)));
  const imported = await processAccountImport(ctx, { import_supplier: suppliers[0].code, external_account_number: external, dry_run: false });
  const accountNumber = imported.account_number;
  // Five of each type, dated inside the open statement (transactionsFor rotates the types).
  await createTransactions(ctx, { import_supplier: suppliers[0].code, external_account_number: external, transactions: transactionsFor("TPL", 25) }, CreateTransactionsQuery.parse({}));
  const today = londonToday();
  await createNotes(ctx, CreateNotesInput.parse({
    import_supplier: suppliers[0].code,
    external_account_number: external,
    notes: [
      { body: "Customer called about their first bill.", external_id: "TPL-N-1", created_at: `${addDays(today, -10)}T10:00:00Z` },
      { body: "Moved to a smart meter appointment.", created_at: `${addDays(today, -5)}T09:30:00Z`, is_pinned: true },
    ],
  }));
  const [row] = await execRows<{ id: number }>(db, sql`select id from accounts where number = ${accountNumber}`);
  return { organisations, suppliers, template: { accountId: Number(row.id), accountNumber, external, mpan, mprn } };
}
