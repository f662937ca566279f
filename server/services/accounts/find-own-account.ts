import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reusableSelect } from "@/db/reusable-select";
import { accounts, importSuppliers } from "@/db/schema";
import { ServiceError } from "../../errors";

/**
 * How a caller names an account: its platform number (A-XXXXXXXX), and/or its import
 * supplier's code with the migrating organisation's external number; every part given must
 * match. With `customerEmail` (a customer's key, ADR 0207) only an account whose customers
 * carry that e-mail is found.
 */
export type OwnAccountKey = { number?: string; supplierCode?: string; external?: string; customerEmail?: string };

export type OwnAccount = { account: typeof accounts.$inferSelect; supplier: typeof importSuppliers.$inferSelect };

export type FindOwnAccountOptions = {
  /** Hold the account row (FOR NO KEY UPDATE) until the transaction ends, so requests for one account run one after another. */
  lock?: boolean;
  /** The error the caller answers with when there is no such account (each transport keeps its own wording). */
  notFound?: () => Error;
};

export const ownAccountNotFound = (accountNumber: string) =>
  new ServiceError("not_found", "account_not_found", `No account ${accountNumber} in your organisation.`);

/**
 * The organisation's account and its import supplier: the one lookup of an account within an
 * organisation that every transport uses. Another organisation's account reads as missing.
 * A string key is the platform number.
 */
export async function findOwnAccount(
  db: Db,
  organisationId: number,
  key: string | OwnAccountKey,
  opts: FindOwnAccountOptions = {},
): Promise<OwnAccount> {
  const { number, supplierCode, external, customerEmail } = typeof key === "string" ? { number: key } : key;
  if (number === undefined && external === undefined)
    throw new Error("findOwnAccount needs an account number or an external account number");
  const shape =
    (supplierCode === undefined ? 0 : 1) |
    (external === undefined ? 0 : 2) |
    (number === undefined ? 0 : 4) |
    (customerEmail === undefined ? 0 : 8) |
    (opts.lock ? 16 : 0);
  const lookup = (lookups[shape] ??= lookupOfShape(shape));
  const [row] = await lookup(db, { organisationId, supplierCode, external, number, customerEmail });
  if (!row) throw opts.notFound ? opts.notFound() : ownAccountNotFound(number ?? external!);
  return row;
}

/** The lookup for each combination of the key's parts and the lock (a bit each), built once (db/reusable-select.ts). */
const lookups: ((db: Db, values: Record<string, unknown>) => Promise<OwnAccount[]>)[] = [];

function lookupOfShape(shape: number) {
  const has = (bit: number) => (shape & bit) !== 0;
  return reusableSelect<OwnAccount[], Record<string, unknown>>((db) => {
    const q = db
      .select({ account: accounts, supplier: importSuppliers })
      .from(accounts)
      .innerJoin(importSuppliers, eq(importSuppliers.id, accounts.supplierId))
      .where(
        and(
          eq(importSuppliers.organisationId, sql.placeholder("organisationId")),
          has(1) ? eq(importSuppliers.code, sql.placeholder("supplierCode")) : undefined,
          has(2) ? eq(accounts.externalAccountNumber, sql.placeholder("external")) : undefined,
          has(4) ? eq(accounts.number, sql.placeholder("number")) : undefined,
          has(8)
            ? sql`exists (select 1 from customers c where c.account_id = ${accounts.id} and lower(btrim(c.email)) = ${sql.placeholder("customerEmail")})`
            : undefined,
        ),
      );
    return has(16) ? q.for("no key update", { of: accounts }) : q;
  });
}
