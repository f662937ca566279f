import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import type { TransactionStatement, transactions } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { fieldError, ServiceError } from "../../errors";
import { londonToday } from "../../lib/time";
import type { ImportedAccount } from "../import-bodies/common";
import { insertNotes } from "../notes/insert-notes";
import { insertTransactionRows, storedTransactions, TRANSACTION_ID_KEY } from "./insert-transactions";
import { renderTransactionData, transactionImportError } from "./transaction-errors";
import { accountFacts, checkAsNew, type PostOptions, place } from "./transaction-checks";
import { type Placement, transactionRow } from "./transaction-rows";
import type { EnergyTransaction, TransactionResult } from "./transaction-schemas";
import { checkParsed, type ValidatedTransactions } from "./validate-transactions";

export type { PostOptions };

type Planned = { t: EnergyTransaction; placement: Placement; row: typeof transactions.$inferInsert };

/** What became of each valid transaction: its row id, whether it was there already, where it was posted. */
export type Outcome = { id: number; existed: boolean; placement: Placement };

/** Thrown (rolling its transaction back) when the optimistic INSERT meets an existing transaction_id. */
export class ResendFound extends Error {}

/**
 * For an imported account's own payload (current_statement_transactions,
 * historical_statement_transactions), inside the caller's transaction, which must hold the
 * account row lock: the same rules, rows and ledger events as POST transactions/create/.
 * Items are parsed with `EnergyTransaction`; repeated ids, future dates, unknown products
 * and prepay meters are refused here (TRANSACTION_IMPORT_ERROR, attr under `attrPrefix`).
 * Historical transactions must be dated on or before the last closed statement
 * (`openStatementPeriodStart` - 1) and are never moved; current ones dated before the open
 * period are moved into it (with a pinned note) unless `forceAddToCurrentStatement` is false.
 */
export async function postImportedTransactions(
  tx: Db,
  ctx: Ctx,
  account: ImportedAccount,
  items: EnergyTransaction[],
  opts: {
    statement: TransactionStatement;
    attrPrefix?: (string | number)[];
    checkPreviouslyAdded?: boolean;
    forceAddToCurrentStatement?: boolean;
  },
): Promise<TransactionResult[]> {
  if (!items.length) return [];
  const options: PostOptions = {
    statement: opts.statement,
    attrPrefix: opts.attrPrefix ?? [
      opts.statement === "historical" ? "historical_statement_transactions" : "current_statement_transactions",
    ],
    checkPreviouslyAdded: opts.checkPreviouslyAdded ?? true,
    forceAddToCurrentStatement: opts.forceAddToCurrentStatement ?? true,
  };
  const seen = new Set<string>();
  const today = londonToday();
  items.forEach((t, i) => {
    const checked = checkParsed(t, [...options.attrPrefix, i], seen, today);
    if ("errors" in checked) throw transactionImportError(t, checked.errors);
  });
  const outcomes = await postTransactions(
    tx,
    { ...ctx, db: tx, inTransaction: true },
    account,
    items,
    items,
    undefined,
    options,
    true,
  );
  return outcomes.map((o, i) => resultOf(items[i], o, false));
}

/**
 * Under the account lock: already-added transactions are skipped (or refused), dates before
 * the open statement period are moved (or refused), and the new ones are written in one
 * statement with their ledger events. `raws` are the items as sent (echoed in errors).
 */
export async function postTransactions(
  tx: Db,
  ctx: Ctx,
  account: ImportedAccount,
  valid: EnergyTransaction[],
  raws: unknown[],
  firstError: ValidatedTransactions["firstError"],
  opts: PostOptions,
  lookupFirst: boolean,
): Promise<Outcome[]> {
  const organisationId = organisationOf(ctx);
  const known = await accountFacts(tx, account.id, valid);
  // Each item as if it were new: where it would be posted, the row it would be, why it could not be.
  const asNew: Planned[] = valid.map((t) => {
    const placement = place(t, account, opts.statement);
    return {
      t,
      placement,
      row: transactionRow(account.id, t, placement, account.openStatementPeriodStart, ctx.requestId, opts.statement),
    };
  });
  const refusals = valid.map((t) => checkAsNew(t, account, opts, known));
  // The usual request adds only new, valid transactions: insert them all at once. Under the
  // account lock only transactions added before can conflict with them (a resend); then the
  // request is run again looking everything up first, as it is when anything could fail,
  // so that the first failure is the one reported.
  if (!lookupFirst && !firstError && refusals.every((r) => r === null)) {
    const ids = await insertAllNew(tx, ctx, account, asNew, organisationId);
    if (ids) {
      await pinMovedNote(tx, account, asNew, ctx.requestId);
      return asNew.map((p) => ({ id: ids.get(p.t.transaction_id)!, existed: false, placement: p.placement }));
    }
  }
  const existing = await storedTransactions(
    tx,
    account.id,
    asNew.map((p) => p.row),
  );
  const refuse = (index: number, attr: string, code: string, detail: string): never => {
    throw transactionImportError(raws[index], [fieldError([...opts.attrPrefix, index, attr], code, detail)]);
  };
  const added: Planned[] = [];
  for (let index = 0; index < valid.length; index++) {
    const t = valid[index];
    const prior = existing.get(t.transaction_id);
    if (prior && !opts.checkPreviouslyAdded)
      refuse(
        index,
        "transaction_id",
        "transaction_already_exists",
        `Transaction '${t.transaction_id}' was already added to this account.`,
      );
    if (prior && !prior.same)
      refuse(
        index,
        "transaction_id",
        "transaction_id_already_used",
        `transaction_id '${t.transaction_id}' was already added to this account with different data.`,
      );
    if (prior) continue;
    const refusal = refusals[index];
    if (refusal) refuse(index, refusal.attr, refusal.code, refusal.detail);
    added.push(asNew[index]);
  }
  if (firstError) throw firstError.error;
  const ids = await insertRows(tx, account, added, organisationId, { skipExisting: true });
  if (added.some((p) => !ids.has(p.t.transaction_id))) throw concurrentImport();
  await pinMovedNote(tx, account, added, ctx.requestId);
  return asNew.map((p) => {
    const prior = existing.get(p.t.transaction_id);
    return prior
      ? { id: prior.id, existed: true, placement: p.placement }
      : { id: ids.get(p.t.transaction_id)!, existed: false, placement: p.placement };
  });
}

/** One result, keys in the documented order, the transaction echoed as submitted; a dry run names no id it did not keep. */
export function resultOf(raw: unknown, o: Outcome, dryRun: boolean): TransactionResult {
  const data = renderTransactionData(raw) as Record<string, unknown>;
  if (o.existed) return { status: "TRANSACTION_ALREADY_EXISTS", added_transaction_id: o.id, transaction_data: data };
  data.status = "TRANSACTION_IMPORT_SUCCESS";
  const id = dryRun ? {} : { added_transaction_id: o.id };
  const { description, postedDate } = o.placement;
  return description
    ? { status: "TRANSACTION_ADDED_TO_ACCOUNT", ...id, transaction_data: data, moved_to_date: postedDate, description }
    : { status: "TRANSACTION_ADDED_TO_ACCOUNT", ...id, transaction_data: data };
}

const concurrentImport = () =>
  new ServiceError(
    "conflict",
    "concurrent_import",
    "Another request added some of these transactions at the same time; send the request again.",
  );

/**
 * Inserts every row with a plain INSERT, which spares PostgreSQL the per-row conflict check
 * of `on conflict`: the ids, or null when some were added before (the unique key refused the
 * statement). In a transaction of its own that failure throws ResendFound, rolling it back
 * for createTransactions to run again; inside a caller's transaction a savepoint takes the
 * statement back instead (two more round trips, so only there).
 */
async function insertAllNew(
  tx: Db,
  ctx: Ctx,
  account: ImportedAccount,
  rows: Planned[],
  organisationId: number,
): Promise<Map<string, number> | null> {
  try {
    if (!ctx.inTransaction) return await insertRows(tx, account, rows, organisationId, { skipExisting: false });
    return await tx.transaction((sp) =>
      insertRows(sp as unknown as Db, account, rows, organisationId, { skipExisting: false }),
    );
  } catch (err) {
    if (!isUniqueViolation(err, TRANSACTION_ID_KEY)) throw err;
    if (!ctx.inTransaction) throw new ResendFound();
    return null;
  }
}

/** The rows and, in the same statement, each added one's billing.ledger.entry_posted event: transaction_id -> id. */
async function insertRows(
  tx: Db,
  account: ImportedAccount,
  rows: Planned[],
  organisationId: number,
  opts: { skipExisting: boolean },
): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const inserted = await insertTransactionRows(
    tx,
    rows.map((p) => p.row),
    { accountNumber: account.number, organisationId },
    opts,
  );
  return new Map(inserted.map((r) => [r.transactionId, r.id]));
}

/** One pinned note per request that moved dates, naming each moved transaction. */
async function pinMovedNote(tx: Db, account: ImportedAccount, added: Planned[], requestId: string) {
  const moved = added.filter((p) => p.placement.description);
  if (!moved.length) return;
  const list = moved.map((p) => `${p.t.transaction_id} (${p.t.transaction_date})`).join(", ");
  const body = `Imported transactions dated before the open statement period were moved to its first day, ${account.openStatementPeriodStart}: ${list}.`;
  await insertNotes(
    tx,
    account.id,
    [
      {
        body,
        documents: [],
        createdAt: new Date(),
        createdAtGiven: false,
        isPinned: true,
        unpinAt: null,
        source: "transaction_date_moved",
      },
    ],
    requestId,
  );
}
