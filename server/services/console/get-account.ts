import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { accountImportProcesses, accounts, agreements, customers, importSuppliers, meterPoints, supplyAddresses } from "@/db/schema";
import type { Db } from "@/db/client";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";

export const AccountNumber = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^A-[0-9A-F]{8}$/, "An account number looks like A-1234ABCD."));

export const GetAccountInput = z.strictObject({ accountNumber: AccountNumber });
export type GetAccountInput = z.input<typeof GetAccountInput>;

/** The organisation's account by platform number; another organisation's is reported as missing. */
export async function findOwnAccount(db: Db, organisationId: number, accountNumber: string) {
  const [row] = await db
    .select({ account: accounts, supplier: importSuppliers })
    .from(accounts)
    .innerJoin(importSuppliers, eq(importSuppliers.id, accounts.supplierId))
    .where(and(eq(accounts.number, accountNumber), eq(importSuppliers.organisationId, organisationId)));
  if (!row) throw new ServiceError("not_found", "account_not_found", `No account ${accountNumber} in your organisation.`);
  return row;
}

/** An imported account with its customers, supply addresses, meter points, agreements and import record. */
export async function getAccount(ctx: Ctx, raw: GetAccountInput) {
  const organisationId = organisationOf(ctx);
  const { accountNumber } = GetAccountInput.parse(raw);
  const { account, supplier } = await findOwnAccount(ctx.db, organisationId, accountNumber);
  const [people, addresses, points, deals, [process]] = await Promise.all([
    ctx.db.select().from(customers).where(eq(customers.accountId, account.id)).orderBy(asc(customers.position)),
    ctx.db.select().from(supplyAddresses).where(eq(supplyAddresses.accountId, account.id)).orderBy(asc(supplyAddresses.id)),
    ctx.db.select().from(meterPoints).where(eq(meterPoints.accountId, account.id)).orderBy(asc(meterPoints.id)),
    ctx.db.select().from(agreements).where(eq(agreements.accountId, account.id)).orderBy(asc(agreements.validFrom)),
    ctx.db.select().from(accountImportProcesses).where(inArray(accountImportProcesses.accountId, [account.id])),
  ]);
  return {
    number: account.number,
    externalAccountNumber: account.externalAccountNumber,
    importSupplier: supplier.code,
    supplierStatus: supplier.status,
    billingName: account.billingName,
    billingAddress: [account.billingAddressLine1, account.billingAddressLine2, account.billingAddressLine3, account.billingTown, account.billingCounty, account.billingPostcode].filter(Boolean) as string[],
    lastStatementClosingDate: account.lastStatementClosingDate,
    openStatementPeriodStart: account.openStatementPeriodStart,
    createdAt: account.createdAt,
    customers: people.map((c) => ({ name: [c.title, c.givenName, c.familyName].filter(Boolean).join(" "), email: c.email, mobile: c.mobile, landline: c.landline })),
    supplyAddresses: addresses.map((a) => ({
      id: a.id,
      lines: [a.addressLine1, a.addressLine2, a.addressLine3, a.town, a.county, a.postcode].filter(Boolean) as string[],
      movedInAt: a.movedInAt,
      meterPoints: points
        .filter((p) => p.supplyAddressId === a.id)
        .map((p) => ({
          fuel: p.fuel,
          mpxn: p.mpxn,
          profileClass: p.profileClass,
          meters: p.meters,
          agreements: deals.filter((d) => d.meterPointId === p.id).map((d) => ({ tariffCode: d.tariffCode, productCode: d.productCode, validFrom: d.validFrom, validTo: d.validTo })),
        })),
    })),
    importProcess: process ? { status: process.status, stagedAt: process.createdAt, updatedAt: process.updatedAt, importedAt: process.importedAt } : null,
  };
}
