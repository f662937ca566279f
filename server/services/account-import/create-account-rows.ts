import type { Db } from "@/db/client";
import { accounts, agreements, customers, meterPoints, supplyAddresses } from "@/db/schema";
import { addDays, parseLondonDateTime } from "../../lib/time";
import { newAccountNumber } from "./account-number";
import type { StageAccountInput } from "./schemas";

type Staged = Omit<StageAccountInput, "import_supplier">;

/** `E-1R-VAR-22-11-01-C` → `VAR-22-11-01`: the product code sits between fuel/register and region. */
export function productCodeFromTariff(tariffCode: string): string {
  const m = /^[EG]-[12]R-(.+)-[A-P]$/.exec(tariffCode);
  return m ? m[1] : tariffCode;
}

/** Inserts the account and everything under it; returns what the events need. */
export async function createAccountRows(tx: Db, supplierId: number, staged: Staged) {
  let account: typeof accounts.$inferSelect | undefined;
  for (let attempt = 0; !account; attempt++) {
    if (attempt > 5) throw new Error("could not allocate a unique account number");
    [account] = await tx
      .insert(accounts)
      .values({
        number: newAccountNumber(),
        supplierId,
        externalAccountNumber: staged.external_account_number,
        billingName: staged.billing_name,
        billingAddressLine1: staged.billing_address.address_line_1,
        billingAddressLine2: staged.billing_address.address_line_2,
        billingAddressLine3: staged.billing_address.address_line_3,
        billingTown: staged.billing_address.town,
        billingCounty: staged.billing_address.county,
        billingPostcode: staged.billing_address.postcode,
        lastStatementClosingDate: staged.last_statement_closing_date,
        openStatementPeriodStart: addDays(staged.last_statement_closing_date, 1),
      })
      .onConflictDoNothing({ target: accounts.number })
      .returning();
  }
  await tx.insert(customers).values(
    staged.customers.map((c, position) => ({
      accountId: account!.id,
      position,
      title: c.title,
      givenName: c.given_name,
      familyName: c.family_name,
      email: c.email,
      mobile: c.mobile,
      landline: c.landline,
      dateOfBirth: c.date_of_birth,
    })),
  );
  const createdAgreements: { id: number; validFrom: Date; productCode: string }[] = [];
  for (const sa of staged.supply_addresses) {
    const [address] = await tx
      .insert(supplyAddresses)
      .values({
        accountId: account.id,
        addressLine1: sa.address_line_1,
        addressLine2: sa.address_line_2,
        addressLine3: sa.address_line_3,
        town: sa.town,
        county: sa.county,
        postcode: sa.postcode,
        movedInAt: sa.moved_in_at ? parseLondonDateTime(sa.moved_in_at) : null,
      })
      .returning({ id: supplyAddresses.id });
    const points = [
      ...sa.electricity_meter_points.map((p) => ({ fuel: "electricity" as const, mpxn: p.mpan, profileClass: p.profile_class, isExport: p.is_export, ...p })),
      ...sa.gas_meter_points.map((p) => ({ fuel: "gas" as const, mpxn: p.mprn, profileClass: undefined, isExport: false, ...p })),
    ];
    for (const p of points) {
      const [mp] = await tx
        .insert(meterPoints)
        .values({
          accountId: account.id,
          supplyAddressId: address.id,
          fuel: p.fuel,
          mpxn: p.mpxn,
          profileClass: p.profileClass,
          consumptionStandard: p.consumption_standard,
          isExport: p.isExport,
          meters: p.meters.map((m) => ({
            serial_number: m.serial_number,
            registers: m.registers.map((r) => ({ identifier: r.identifier, rate: r.rate ?? null, is_settlement_register: r.is_settlement_register })),
          })),
        })
        .returning({ id: meterPoints.id });
      const rows = await tx
        .insert(agreements)
        .values(
          p.agreements.map((a) => ({
            accountId: account!.id,
            meterPointId: mp.id,
            tariffCode: a.tariff_code,
            productCode: productCodeFromTariff(a.tariff_code),
            validFrom: parseLondonDateTime(a.valid_from)!,
            validTo: a.valid_to ? parseLondonDateTime(a.valid_to) : null,
          })),
        )
        .returning({ id: agreements.id, validFrom: agreements.validFrom, productCode: agreements.productCode });
      createdAgreements.push(...rows);
    }
  }
  return { account, agreements: createdAgreements };
}
