import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { accountImportProcesses, agreements, customers, type Meter, meterPoints, supplyAddresses } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { formatLondonDate } from "../../lib/time";
import { findOwnAccount } from "./find-own-account";

export const AccountNumber = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^A-[0-9A-F]{8}$/, "An account number looks like A-1234ABCD."));

export const GetAccountInput = z.strictObject({ accountNumber: AccountNumber });
export type GetAccountInput = z.input<typeof GetAccountInput>;

const lines = (...parts: (string | null)[]) => parts.filter((p): p is string => Boolean(p));
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
const day = (t: Date | null) => (t ? formatLondonDate(t) : null);
/** numeric(21, 10) as stored, without the scale's trailing zeros ("-42.1700000000" is "-42.17"). */
const decimal = (v: string | null) => (v?.includes(".") ? v.replace(/0+$/, "").replace(/\.$/, "") : v);

/** A priority services register entry as production sends it (EnergyPSR). */
function psrEntry(p: Record<string, unknown>) {
  return {
    description: text(p.description),
    elecIndustryCode: text(p.elec_industry_code),
    gasIndustryCode: text(p.gas_industry_code),
    additionalInformation: text(p.additional_information),
    effectiveFrom: text(p.effective_from),
    effectiveTo: text(p.effective_to),
  };
}

/** EnergyCustomerPreferences as name/value pairs, in the order sent. */
const preferenceList = (prefs: Record<string, unknown> | null) =>
  Object.entries(prefs ?? {}).map(([name, value]) => ({
    name,
    value:
      typeof value === "boolean" || typeof value === "string" ? value : value == null ? null : JSON.stringify(value),
  }));

const meterOf = (m: Meter) => ({
  serialNumber: m.serial_number,
  installedOn: m.installed_on ?? null,
  removedOn: m.removed_on ?? null,
  smartType: m.smart_type ?? null,
  isPrepay: m.is_prepay ?? false,
  registers: m.registers.map((r) => ({
    id: r.identifier,
    tpr: r.tpr ?? null,
    isSettlement: r.is_settlement_register,
    digits: r.number_of_digits ?? null,
  })),
});

/**
 * An imported account as the platform holds it: billing fields, customers (with PSR entries and
 * preferences), supply addresses, meter points (mpid, shipper, supply dates, settlement details,
 * meters with registers) and agreements as production's effective dates (end exclusive).
 */
export async function getAccount(ctx: Ctx, raw: GetAccountInput) {
  const organisationId = organisationOf(ctx);
  const { accountNumber } = GetAccountInput.parse(raw);
  const { account, supplier } = await findOwnAccount(ctx.db, organisationId, accountNumber);
  const [people, addresses, points, deals, [process]] = await Promise.all([
    ctx.db.select().from(customers).where(eq(customers.accountId, account.id)).orderBy(asc(customers.position)),
    ctx.db
      .select()
      .from(supplyAddresses)
      .where(eq(supplyAddresses.accountId, account.id))
      .orderBy(asc(supplyAddresses.id)),
    ctx.db.select().from(meterPoints).where(eq(meterPoints.accountId, account.id)).orderBy(asc(meterPoints.id)),
    ctx.db.select().from(agreements).where(eq(agreements.accountId, account.id)).orderBy(asc(agreements.validFrom)),
    ctx.db.select().from(accountImportProcesses).where(eq(accountImportProcesses.accountId, account.id)),
  ]);
  return {
    number: account.number,
    externalAccountNumber: account.externalAccountNumber,
    importSupplier: supplier.code,
    supplierStatus: supplier.status,
    accountType: account.accountType,
    salesChannel: account.salesChannel,
    billingName: account.billingName,
    billingAddress: lines(
      account.billingAddressLine1,
      account.billingAddressLine2,
      account.billingAddressLine3,
      account.billingTown,
      account.billingCounty,
      account.billingPostcode,
    ),
    billingEmail: account.billingEmail,
    transferBalance: decimal(account.transferBalance),
    lastBilledToDate: account.lastBilledToDate,
    lastStatementClosingDate: account.lastStatementClosingDate,
    openStatementPeriodStart: account.openStatementPeriodStart,
    createdAt: account.createdAt,
    customers: people.map((c) => ({
      name: lines(c.title, c.givenName, c.familyName).join(" "),
      salutation: c.salutation,
      email: c.email,
      mobile: c.mobile,
      landline: c.landline,
      dateOfBirth: c.dateOfBirth,
      psr: c.psr.map(psrEntry),
      preferences: preferenceList(c.preferences ?? null),
    })),
    supplyAddresses: addresses.map((a) => ({
      id: a.id,
      lines: lines(a.addressLine1, a.addressLine2, a.addressLine3, a.town, a.county, a.postcode),
      movedInOn: day(a.movedInAt),
      movedOutOn: day(a.movedOutAt),
      meterPoints: points
        .filter((p) => p.supplyAddressId === a.id)
        .map((p) => ({
          fuel: p.fuel,
          mpxn: p.mpxn,
          mpid: p.mpid,
          shipperMpid: p.shipperMpid,
          supplyStartDate: p.supplyStartDate,
          supplyEndDate: p.supplyEndDate,
          lastBilledToDate: p.lastBilledToDate,
          profileClass: p.profileClass,
          ssc: p.ssc,
          measurementClass: p.measurementClass,
          consumptionStandard: p.consumptionStandard,
          isExport: p.isExport,
          meters: p.meters.map(meterOf),
          agreements: deals
            .filter((d) => d.meterPointId === p.id)
            .map((d) => ({
              tariffCode: d.tariffCode,
              productCode: d.productCode,
              effectiveFrom: day(d.validFrom)!,
              effectiveTo: day(d.validTo),
            })),
        })),
    })),
    importProcess: process
      ? {
          status: process.status,
          stagedAt: process.createdAt,
          updatedAt: process.updatedAt,
          importedAt: process.importedAt,
          operationsTeamName: process.operationsTeamName,
        }
      : null,
  };
}
