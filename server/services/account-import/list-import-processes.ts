import { and, asc, count, eq, gt, type SQL } from "drizzle-orm";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";

export const PROCESS_FILTERS = { all: undefined, pending: "staged", imported: "imported", failed: "failed" } as const;
const INT4_MAX = 2_147_483_647;
export type ProcessFilter = keyof typeof PROCESS_FILTERS;

/** Keyset-paged by id so a supplier with a million accounts pages in constant time. */
export async function listImportProcesses(
  ctx: Ctx,
  input: { import_supplier: string; filter: ProcessFilter; after?: number; limit: number },
) {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  const status = PROCESS_FILTERS[input.filter];
  const where: SQL[] = [eq(accountImportProcesses.supplierId, supplier.id)];
  if (status) where.push(eq(accountImportProcesses.status, status));
  const [{ total }] = await ctx.db.select({ total: count() }).from(accountImportProcesses).where(and(...where));
  // The id column is int4: a cursor past its range is past the end, not a query error.
  if (input.after) where.push(gt(accountImportProcesses.id, Math.min(input.after, INT4_MAX)));
  const rows = await ctx.db
    .select({ p: accountImportProcesses, accountNumber: accounts.number, accountCreatedAt: accounts.createdAt })
    .from(accountImportProcesses)
    .leftJoin(accounts, eq(accounts.id, accountImportProcesses.accountId))
    .where(and(...where))
    .orderBy(asc(accountImportProcesses.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    count: total,
    nextAfter: rows.length > input.limit ? page[page.length - 1].p.id : null,
    results: page.map((r) => ({
      external_account_number: r.p.externalAccountNumber,
      status: r.p.status,
      account_number: r.accountNumber,
      created_at: r.accountCreatedAt?.toISOString() ?? null,
      staged_at: r.p.createdAt.toISOString(),
      errors: r.p.errors,
    })),
  };
}
