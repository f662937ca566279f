import type { Db } from "@/db/client";
import { accounts, agreements, customers, meterPoints, meterReadings, supplyAddresses } from "@/db/schema";
import { londonToday } from "../../lib/time";
import { newAccountNumber } from "./account-number";
import { toAccountRow, toAgreementRow, toCustomerRow, toMeterPointRow, toReadingRows, toSupplyAddressRow } from "./map-rows";
import type { EnergyAccount } from "./payload/energy-account";

export { productCodeFromTariff } from "./map-rows";

type Staged = Omit<EnergyAccount, "import_supplier">;

/** Inserts the account and everything under it; returns what the events need. */
export async function createAccountRows(tx: Db, supplierId: number, staged: Staged) {
  const today = londonToday();
  let account: typeof accounts.$inferSelect | undefined;
  for (let attempt = 0; !account; attempt++) {
    if (attempt > 5) throw new Error("could not allocate a unique account number");
    [account] = await tx.insert(accounts).values(toAccountRow(staged, supplierId, newAccountNumber(), today)).onConflictDoNothing({ target: accounts.number }).returning();
  }
  const people = staged.customers ?? [];
  if (people.length) await tx.insert(customers).values(people.map((c, position) => toCustomerRow(c, account!.id, position)));
  const createdAgreements: { id: number; validFrom: Date; productCode: string }[] = [];
  for (const sa of staged.supply_addresses ?? []) {
    const [address] = await tx.insert(supplyAddresses).values(toSupplyAddressRow(sa, account.id)).returning({ id: supplyAddresses.id });
    for (const p of sa.meter_points) {
      const [mp] = await tx.insert(meterPoints).values(toMeterPointRow(p, account.id, address.id, today)).returning({ id: meterPoints.id });
      if (p.agreements?.length) {
        const rows = await tx
          .insert(agreements)
          .values(p.agreements.map((g) => toAgreementRow(g, account!.id, mp.id)))
          .returning({ id: agreements.id, validFrom: agreements.validFrom, productCode: agreements.productCode });
        createdAgreements.push(...rows);
      }
      const readings = toReadingRows(p, mp.id);
      if (readings.length) await tx.insert(meterReadings).values(readings);
    }
  }
  return { account, agreements: createdAgreements };
}
