import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { INT4 } from "@/db/limits";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";

export const PROCESS_FILTERS = { all: undefined, pending: "staged", imported: "imported", failed: "failed" } as const;
export type ProcessFilter = keyof typeof PROCESS_FILTERS;

/** Production's ImportProcess: the platform number and creation time are null until imported. */
export type ImportProcessItem = {
  external_account_number: string;
  kraken_account_number: string | null;
  account_created_at: string | null;
};

/** One keyset page (by id) of a supplier's import processes, so a million of them stream in constant memory. */
export async function listImportProcesses(
  ctx: Ctx,
  input: { import_supplier: string; filter: ProcessFilter; after?: number; limit: number },
) {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  const status = PROCESS_FILTERS[input.filter];
  const where: SQL[] = [eq(accountImportProcesses.supplierId, supplier.id)];
  if (status) where.push(eq(accountImportProcesses.status, status));
  // The id column is int4: a cursor past its range is past the end, not a query error.
  if (input.after) where.push(gt(accountImportProcesses.id, Math.min(input.after, INT4.max)));
  const rows = await ctx.db
    .select({
      id: accountImportProcesses.id,
      external: accountImportProcesses.externalAccountNumber,
      accountNumber: accounts.number,
      createdAt: accounts.createdAt,
    })
    .from(accountImportProcesses)
    .leftJoin(accounts, eq(accounts.id, accountImportProcesses.accountId))
    .where(and(...where))
    .orderBy(asc(accountImportProcesses.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    nextAfter: rows.length > input.limit ? page[page.length - 1].id : null,
    results: page.map(
      (r): ImportProcessItem => ({
        external_account_number: r.external,
        kraken_account_number: r.accountNumber,
        account_created_at: r.createdAt?.toISOString() ?? null,
      }),
    ),
  };
}
