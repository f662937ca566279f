import { type AnyColumn, and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { accountImportProcesses, accounts, importSuppliers, meterPoints, STAGED_METER_IDS } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";

export const FindAccountsInput = z.strictObject({
  query: z.string().trim().min(1, "Enter a number to search for.").max(100),
});
export type FindAccountsInput = z.input<typeof FindAccountsInput>;

export type AccountMatch = {
  matchedOn: "account_number" | "external_account_number" | "meter_point";
  accountNumber: string | null;
  externalAccountNumber: string;
  importSupplier: string;
  status: "staged" | "imported" | "failed";
  billingName: string | null;
};

/**
 * Finds accounts by platform number (A-XXXXXXXX), external account number or meter point
 * (MPAN/MPRN), including accounts that are only staged or failed to import (their meter points
 * read from the staged EnergyAccount's supply_addresses[].meter_points[].identifier). External numbers
 * are case-sensitive on the data-import API, so people searching may not know the case: they
 * match here whatever the case, and accounts that differ only by case are all listed
 * (exact-case matches first).
 */
export async function findAccounts(ctx: Ctx, raw: FindAccountsInput): Promise<AccountMatch[]> {
  const organisationId = organisationOf(ctx);
  const { query } = FindAccountsInput.parse(raw);
  const orgSuppliers = ctx.db
    .select({ id: importSuppliers.id })
    .from(importSuppliers)
    .where(eq(importSuppliers.organisationId, organisationId));
  const number = query.toUpperCase();
  const mpxn = query.replace(/\s+/g, "");
  const byMeter = ctx.db.select({ id: meterPoints.accountId }).from(meterPoints).where(eq(meterPoints.mpxn, mpxn));
  // One index look-up per way of matching, then their union: an OR over the three kept
  // PostgreSQL from using any of the indexes, and it read every account (ADR 0020).
  const matching = sql`(select ${accounts.id} from ${accounts} where ${accounts.number} = ${number}
    union select ${accounts.id} from ${accounts} where ${sameText(accounts.externalAccountNumber, query)}
    union select ${meterPoints.accountId} from ${meterPoints} where ${meterPoints.mpxn} = ${mpxn})`;
  const imported = await ctx.db
    .select({ account: accounts, supplier: importSuppliers.code, mpxnHit: sql<boolean>`${accounts.id} in ${byMeter}` })
    .from(accounts)
    .innerJoin(importSuppliers, eq(importSuppliers.id, accounts.supplierId))
    .where(and(inArray(accounts.supplierId, orgSuppliers), sql`${accounts.id} in ${matching}`))
    .limit(50);
  // A staged account's meter points are only in its payload: looked for when the query can be
  // an MPAN or MPRN, through the GIN index of the payloads' meter point identifiers.
  const stagedMeter = /^\d{6,13}$/.test(mpxn)
    ? sql<boolean>`${STAGED_METER_IDS} @> jsonb_build_array(${mpxn}::text)`
    : sql<boolean>`false`;
  const pending = await ctx.db
    .select({ process: accountImportProcesses, supplier: importSuppliers.code, mpxnHit: stagedMeter })
    .from(accountImportProcesses)
    .innerJoin(importSuppliers, eq(importSuppliers.id, accountImportProcesses.supplierId))
    .where(
      and(
        inArray(accountImportProcesses.supplierId, orgSuppliers),
        or(sameText(accountImportProcesses.externalAccountNumber, query), stagedMeter),
        ne(accountImportProcesses.status, "imported"),
      ),
    )
    .limit(50);
  const matches: AccountMatch[] = [
    ...imported.map(({ account, supplier, mpxnHit }) => ({
      matchedOn:
        account.number === number
          ? ("account_number" as const)
          : mpxnHit
            ? ("meter_point" as const)
            : ("external_account_number" as const),
      accountNumber: account.number,
      externalAccountNumber: account.externalAccountNumber,
      importSupplier: supplier,
      status: "imported" as const,
      billingName: account.billingName,
    })),
    ...pending.map(({ process, supplier, mpxnHit }) => ({
      matchedOn: mpxnHit ? ("meter_point" as const) : ("external_account_number" as const),
      accountNumber: null,
      externalAccountNumber: process.externalAccountNumber,
      importSupplier: supplier,
      status: process.status,
      billingName: stagedBillingName(process.payload),
    })),
  ];
  const caseDiffers = (m: AccountMatch) =>
    m.matchedOn === "external_account_number" && m.externalAccountNumber !== query;
  return matches.sort((a, b) => Number(caseDiffers(a)) - Number(caseDiffers(b)));
}

/** billing_name as staged, else the first customer's name (what the import will bill under). */
function stagedBillingName(payload: Record<string, unknown>): string | null {
  if (typeof payload.billing_name === "string" && payload.billing_name.trim()) return payload.billing_name;
  const first = (payload.customers as { given_name?: unknown; family_name?: unknown }[] | undefined)?.[0];
  const name = [first?.given_name, first?.family_name].filter((v) => typeof v === "string" && v.trim()).join(" ");
  return name || null;
}

/** Equal ignoring case (the query is matched literally: no patterns). */
function sameText(column: AnyColumn, text: string) {
  return sql`lower(${column}) = lower(${text})`;
}
