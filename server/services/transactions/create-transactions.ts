import type { Db } from "@/db/client";
import { type Ctx, organisationOf, requireWriter, rolledBack, withTransaction } from "../../context";
import { type AccountKey, findAccountByKey } from "../import-bodies/common";
import { type Outcome, type PostOptions, postTransactions, ResendFound, resultOf } from "./post-transactions";
import type { CreateTransactionsQuery, TransactionResult } from "./transaction-schemas";
import { validateTransactions } from "./validate-transactions";

export type CreateTransactionsArgs = AccountKey & { dry_run?: boolean; transactions: unknown[] };

/**
 * POST data-import/transactions/create/: all or nothing. Each transaction is validated in
 * order, then posted under the account lock (post-transactions.ts). The response is rendered
 * after the commit. `dry_run` runs all of it, then rolls it back: nothing stored, no events.
 */
export async function createTransactions(
  ctx: Ctx,
  input: CreateTransactionsArgs,
  flags: CreateTransactionsQuery,
): Promise<{ results: TransactionResult[] }> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { valid, firstError } = validateTransactions(input.transactions);
  const opts: PostOptions = {
    statement: "current",
    checkPreviouslyAdded: flags.check_previously_added,
    forceAddToCurrentStatement: flags.force_add_to_current_statement,
    attrPrefix: ["transactions"],
  };
  const post = (tx: Db, txCtx: Ctx, lookupFirst: boolean) =>
    findAccountByKey(tx, organisationId, input, { lock: true }).then((account) =>
      postTransactions(tx, txCtx, account, valid, input.transactions, firstError, opts, lookupFirst),
    );
  let outcomes: Outcome[];
  if (input.dry_run) {
    outcomes = await rolledBack(ctx, (tx, txCtx) => post(tx, txCtx, true));
  } else {
    try {
      outcomes = await withTransaction(ctx, (tx, txCtx) => post(tx, txCtx, false));
    } catch (err) {
      // The optimistic plain INSERT met a transaction added before (a resend): its transaction
      // is rolled back whole, and this one looks everything up first.
      if (!(err instanceof ResendFound)) throw err;
      outcomes = await withTransaction(ctx, (tx, txCtx) => post(tx, txCtx, true));
    }
  }
  return { results: outcomes.map((o, index) => resultOf(input.transactions[index], o, input.dry_run === true)) };
}
