import { eq, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { organisations } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { insertSyntheticConsumption, registerOrgMeters } from "@/server/services/demo/demo-consumption";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import {
  electricityPoint,
  fullDomesticAccount,
  gasPoint,
  supplyAddress,
  TARIFFS,
} from "@/test/factories/energy-account";

const ORG = "ORG-BENCHCUSTOMER";
const SUPPLIER = "BENCH-CUSTOMER";
const EMAIL = "bench.customer@example.com";
export const BENCH_DEVICE = "BENCH-00-11-22-33";
export const BENCH_TELEMETRY_DAY = { from: "2026-11-01T00:00:00+0000", to: "2026-11-02T00:00:00+0000" };

/** Quarterly agreements from two years back, the last open-ended: eight per meter point. */
function quarters(tariff: string) {
  const starts = [
    "2024-11-01",
    "2025-02-01",
    "2025-05-01",
    "2025-08-01",
    "2025-11-01",
    "2026-02-01",
    "2026-05-01",
    "2026-08-01",
  ];
  return starts.map((from, i) => ({
    tariff_code: tariff,
    effective_from: from,
    ...(i < starts.length - 1 ? { effective_to: starts[i + 1] } : {}),
  }));
}

/**
 * A customer's account with 4 meter points (two homes, each electricity and gas) and two years
 * of agreements, a smart electricity meter with a day of half-hourly reads, and a customer
 * key: made once per database; returns the account number and the key.
 */
export async function setUpCustomerGraphqlBench(db: Db): Promise<{ accountNumber: string; key: string }> {
  let [org] = await db.select().from(organisations).where(eq(organisations.number, ORG));
  org ??= await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const created = (
      await createOrganisation(
        { ...systemCtx(tx, "bench"), inTransaction: true },
        { name: "Customer GraphQL bench", number: ORG },
      )
    ).organisation;
    const ctx = { ...systemCtx(tx, "bench", created.id), inTransaction: true };
    await createSupplier(ctx, { code: SUPPLIER, status: "Ongoing", documentRoot: "s3://km-bench-customer-documents" });
    const mpan = (n: string) => withMpanCheckDigit(`12000001${n}`);
    // 120000017601 (the smart one) and 120000017602.
    const elec = (id: string, device?: string) => {
      const p = electricityPoint(id, { supply_start_date: "2024-11-01", agreements: quarters(TARIFFS.single) });
      p.meters = p.meters!.map((m) => ({ ...m, smart_device_id: device ?? null }));
      return p;
    };
    const gas = (id: string) => gasPoint(id, { supply_start_date: "2024-11-01", agreements: quarters(TARIFFS.gas) });
    const payload = StageAccountInput.parse(
      fullDomesticAccount(
        { supplier: SUPPLIER, external: "BENCH-CUSTOMER-1", mpan: mpan("7601"), mprn: "7200007601" },
        {
          customers: [{ given_name: "Bench", family_name: "Customer", email: EMAIL }],
          supply_addresses: [
            supplyAddress([elec(mpan("7601"), BENCH_DEVICE), gas("7200007601")]),
            supplyAddress([elec(mpan("7602")), gas("7200007602")], {
              supply_address1: "2 Bench Row",
              property_external_identifier: "PROP-BENCH-2",
            }),
          ],
        },
      ),
    );
    await stageAccount(ctx, payload);
    await processAccountImport(ctx, {
      import_supplier: SUPPLIER,
      external_account_number: "BENCH-CUSTOMER-1",
      dry_run: false,
    });
    return created;
  });
  const [account] = await execRows<{ number: string }>(
    db,
    sql`select a.number from accounts a join import_suppliers s on s.id = a.supplier_id where s.organisation_id = ${org.id}`,
  );
  await registerOrgMeters(db, org.id);
  const [device] = await execRows<{ id: number }>(
    db,
    sql`select id from consumption_meters where organisation_id = ${org.id} and fuel = 'electricity' and mpxn = ${withMpanCheckDigit("120000017601")}`,
  );
  await db.execute(sql`delete from consumption_intervals where meter_id = ${device.id}`);
  await insertSyntheticConsumption(db, {
    meterIds: [device.id],
    from: new Date("2026-11-01T00:00:00Z"),
    to: new Date("2026-11-02T00:00:00Z"),
  });
  const key = await issueCustomerKey(systemCtx(db, "bench", org.id), { accountNumber: account.number, email: EMAIL });
  return { accountNumber: account.number, key: key.key };
}
