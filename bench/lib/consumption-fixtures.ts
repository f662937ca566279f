import { eq, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { organisations } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { insertSyntheticConsumption, registerOrgMeters } from "@/server/services/demo/demo-consumption";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { issueApiKey } from "@/server/services/organisations/issue-api-key";
import { createSupplier } from "@/server/services/suppliers/create-supplier";

const ORG = "ORG-BENCHCONSUMPTION";
const SUPPLIER = "BENCH-CONSUMPTION";
const MPAN = withMpanCheckDigit("120000017501");
const SERIAL = "BENCH-E-1";
// Ten years of half hours: 2016-11-01 to 2026-11-01 (175,296 intervals).
const FROM = new Date("2016-11-01T00:00:00Z");
const TO = new Date("2026-11-01T00:00:00Z");

/**
 * One organisation with one electricity meter holding ten years of half-hourly reads, made
 * once per database (a later run finds it), and a fresh API key for this run's basic auth.
 */
export async function setUpConsumptionBench(
  db: Db,
): Promise<{ mpan: string; serial: string; authorization: string; intervals: number }> {
  let [org] = await db.select().from(organisations).where(eq(organisations.number, ORG));
  // In one transaction, so a failed first run leaves nothing behind for the next to trip on.
  org ??= await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const created = (
      await createOrganisation(
        { ...systemCtx(tx, "bench"), inTransaction: true },
        { name: "Consumption bench", number: ORG },
      )
    ).organisation;
    const ctx = { ...systemCtx(tx, "bench", created.id), inTransaction: true };
    await createSupplier(ctx, { code: SUPPLIER, status: "Ongoing", documentRoot: "s3://km-bench-documents" });
    const payload = StageAccountInput.parse({
      import_supplier: SUPPLIER,
      external_account_number: "BENCH-CONSUMPTION-1",
      account_type: "DOMESTIC",
      billing_name: "Bench Household",
      billing_address1: "1 Bench Row",
      billing_postcode: "SW1A 1AA",
      customers: [{ given_name: "Bench", family_name: "Household", email: "bench@example.com" }],
      supply_addresses: [
        {
          supply_address1: "1 Bench Row",
          supply_postcode: "SW1A 1AA",
          customer_at_supply_address_from_date: "2016-01-01",
          meter_points: [
            {
              supply_type: "ELECTRICITY",
              identifier: MPAN,
              mpid: "OCTO",
              supply_start_date: "2025-01-01",
              profile_class: 1,
              meters: [
                {
                  meter_serial_number: SERIAL,
                  registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
                  transfer_readings: [
                    { reading_date: "2026-10-31", reading_value: "1.0", reading_type: "CUSTOMER", register_id: "1" },
                  ],
                },
              ],
              agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
            },
          ],
        },
      ],
      last_billed_to_date: "2026-10-31",
    });
    await stageAccount(ctx, payload);
    await processAccountImport(ctx, {
      import_supplier: SUPPLIER,
      external_account_number: "BENCH-CONSUMPTION-1",
      dry_run: false,
    });
    return created;
  });
  const ctx = systemCtx(db, "bench", org.id);
  const [meterId] = await registerOrgMeters(db, org.id);
  const [{ n }] = await execRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from consumption_intervals where meter_id = ${meterId}`,
  );
  if (Number(n) < 175_000) await insertSyntheticConsumption(db, { meterIds: [meterId], from: FROM, to: TO });
  await db.execute(sql`vacuum analyze consumption_intervals`).catch(() => {});
  await db.execute(sql`vacuum analyze consumption_days`).catch(() => {});
  const key = await issueApiKey(ctx, {});
  return {
    mpan: MPAN,
    serial: SERIAL,
    authorization: `Basic ${Buffer.from(`${key.key}:`).toString("base64")}`,
    intervals: Number(n) < 175_000 ? 175_296 : Number(n),
  };
}
