import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { meterPoints, type transactions } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { fieldError, ServiceError } from "../../errors";
import { type ImportedAccount, findImportedAccount } from "./common";
import { insertNotes } from "./insert-notes";
import { insertTransactionRows, storedTransactions, TRANSACTION_ID_KEY } from "./insert-transactions";
import { renderTransactionData, transactionImportError } from "./transaction-errors";
import { type Placement, transactionRow } from "./transaction-rows";
import type { CreateTransactionsQuery, TransactionInput } from "./transaction-schemas";
import { type ValidatedTransactions, validateTransactions } from "./validate-transactions";

export type CreateTransactionsArgs = { import_supplier: string; external_account_number: string; transactions: unknown[] };

type Planned = { t: TransactionInput; placement: Placement; row: typeof transactions.$inferInsert };

/** What became of each valid transaction: its row id, whether it was there already, where it was posted. */
type Outcome = { id: number; existed: boolean; placement: Placement };

/**
 * POST data-import/transactions/create/: all or nothing. Each transaction is validated in
 * order; under the account lock, already-added ones are skipped (or refused), dates
 * before the open statement period are moved (or refused), and the new ones are written
 * in one statement with their ledger events. The response is rendered after the commit.
 */
export async function createTransactions(ctx: Ctx, input: CreateTransactionsArgs, flags: CreateTransactionsQuery) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { valid, firstError } = validateTransactions(input.transactions);
  const run = (lookupFirst: boolean) => withTransaction(ctx, (tx) => importTransactions(tx, ctx, organisationId, input, valid, firstError, flags, lookupFirst));
  let outcomes: Outcome[];
  try {
    outcomes = await run(false);
  } catch (err) {
    // The optimistic plain INSERT met a transaction added before (a resend): its transaction
    // is rolled back whole, and this one looks everything up first.
    if (!(err instanceof ResendFound)) throw err;
    outcomes = await run(true);
  }
  return { results: outcomes.map((o, index) => resultOf(input.transactions[index], o)) };
}

/** Thrown (rolling its transaction back) when the optimistic INSERT meets an existing transaction_id. */
class ResendFound extends Error {}

async function importTransactions(
  tx: Db,
  ctx: Ctx,
  organisationId: number,
  input: CreateTransactionsArgs,
  valid: TransactionInput[],
  firstError: ValidatedTransactions["firstError"],
  flags: CreateTransactionsQuery,
  lookupFirst: boolean,
): Promise<Outcome[]> {
  const account = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, { lock: true });
  const serials = valid.some((t) => t.to_prepay_meter_serial_number) ? await meterSerials(tx, account.id) : new Set<string>();
  // Each item as if it were new: where it would be posted, the row it would be, why it could not be.
  const asNew: Planned[] = valid.map((t) => {
    const placement = placeAsNew(t, account);
    return { t, placement, row: transactionRow(account.id, t, placement, account.openStatementPeriodStart, ctx.requestId) };
  });
  const refusals = valid.map((t) => checkAsNew(t, account, flags, serials));
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
  const existing = await storedTransactions(tx, account.id, asNew.map((p) => p.row));
  const added: Planned[] = [];
  for (let index = 0; index < valid.length; index++) {
    const t = valid[index];
    const prior = existing.get(t.transaction_id);
    if (prior && !flags.check_previously_added) refuse(input, index, "transaction_id", "transaction_already_exists", `Transaction '${t.transaction_id}' was already added to this account.`);
    if (prior && !prior.same) refuse(input, index, "transaction_id", "transaction_id_already_used", `transaction_id '${t.transaction_id}' was already added to this account with different data.`);
    if (prior) continue;
    const refusal = refusals[index];
    if (refusal) refuse(input, index, refusal.attr, refusal.code, refusal.detail);
    added.push(asNew[index]);
  }
  if (firstError) throw firstError.error;
  const ids = await insertRows(tx, account, added, organisationId, { skipExisting: true });
  if (added.some((p) => !ids.has(p.t.transaction_id))) throw concurrentImport();
  await pinMovedNote(tx, account, added, ctx.requestId);
  return asNew.map((p) => {
    const prior = existing.get(p.t.transaction_id);
    return prior ? { id: prior.id, existed: true, placement: p.placement } : { id: ids.get(p.t.transaction_id)!, existed: false, placement: p.placement };
  });
}

/** Throws the TRANSACTION_IMPORT_ERROR for transaction `index`. */
function refuse(input: CreateTransactionsArgs, index: number, attr: string, code: string, detail: string): never {
  throw transactionImportError(input.transactions[index], [fieldError(["transactions", index, attr], code, detail)]);
}

/** One result, keys in the documented order, the transaction echoed as submitted. */
function resultOf(raw: unknown, o: Outcome): Record<string, unknown> {
  const data = renderTransactionData(raw) as Record<string, unknown>;
  const id = String(o.id);
  if (o.existed) return { status: "TRANSACTION_ALREADY_EXISTS", transaction_data: data, added_transaction_id: id };
  data.status = "TRANSACTION_IMPORT_SUCCESS";
  const { description, postedDate } = o.placement;
  return description
    ? { status: "TRANSACTION_ADDED_TO_ACCOUNT", transaction_data: data, added_transaction_id: id, moved_to_date: postedDate, description }
    : { status: "TRANSACTION_ADDED_TO_ACCOUNT", transaction_data: data, added_transaction_id: id };
}

type Refusal = { attr: string; code: string; detail: string };

/** Why a transaction that is not on the account yet cannot be added, or null. */
function checkAsNew(t: TransactionInput, account: ImportedAccount, flags: CreateTransactionsQuery, serials: Set<string>): Refusal | null {
  if (t.to_prepay_meter_serial_number && !serials.has(t.to_prepay_meter_serial_number)) {
    return { attr: "to_prepay_meter_serial_number", code: "prepay_meter_not_found", detail: `No meter with serial number '${t.to_prepay_meter_serial_number}' on this account.` };
  }
  const start = account.openStatementPeriodStart;
  if (t.transaction_date < start && !flags.force_add_to_current_statement) {
    return {
      attr: "transaction_date",
      code: "transaction_outside_open_statement_period",
      detail: `Transaction is not within the statement's (OPEN) period: ${t.transaction_date} is before the period start ${start}.`,
    };
  }
  return null;
}

/** Where a new transaction is posted: its own date, or the open period's first day (with why). */
function placeAsNew(t: TransactionInput, account: ImportedAccount): Placement {
  const start = account.openStatementPeriodStart;
  if (t.transaction_date >= start) return { postedDate: t.transaction_date, description: null };
  return {
    postedDate: start,
    description: `Transaction date moved from ${t.transaction_date} to ${start}: the original date is not within the statement's (OPEN) period, which starts on ${start}.`,
  };
}

const concurrentImport = () =>
  new ServiceError("conflict", "concurrent_import", "Another request added some of these transactions at the same time; send the request again.");

async function meterSerials(tx: Db, accountId: number) {
  const rows = await tx
    .select({ serial: sql<string>`m->>'serial_number'` })
    .from(sql`${meterPoints}, jsonb_array_elements(${meterPoints.meters}) m`)
    .where(eq(meterPoints.accountId, accountId));
  return new Set(rows.map((r) => r.serial));
}

/**
 * Inserts every row with a plain INSERT, which spares PostgreSQL the per-row conflict check
 * of `on conflict`: the ids, or null when some were added before (the unique key refused the
 * statement). In a transaction of its own that failure throws ResendFound, rolling it back
 * for createTransactions to run again; inside a caller's transaction a savepoint takes the
 * statement back instead (two more round trips, so only there).
 */
async function insertAllNew(tx: Db, ctx: Ctx, account: ImportedAccount, rows: Planned[], organisationId: number): Promise<Map<string, number> | null> {
  try {
    if (!ctx.inTransaction) return await insertRows(tx, account, rows, organisationId, { skipExisting: false });
    return await tx.transaction((sp) => insertRows(sp as unknown as Db, account, rows, organisationId, { skipExisting: false }));
  } catch (err) {
    if (!isUniqueViolation(err, TRANSACTION_ID_KEY)) throw err;
    if (!ctx.inTransaction) throw new ResendFound();
    return null;
  }
}

/** The rows and, in the same statement, each added one's billing.ledger.entry_posted event: transaction_id -> id. */
async function insertRows(tx: Db, account: ImportedAccount, rows: Planned[], organisationId: number, opts: { skipExisting: boolean }): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const inserted = await insertTransactionRows(tx, rows.map((p) => p.row), { accountNumber: account.number, organisationId }, opts);
  return new Map(inserted.map((r) => [r.transactionId, r.id]));
}

/** One pinned note per request that moved dates, naming each moved transaction. */
async function pinMovedNote(tx: Db, account: ImportedAccount, added: Planned[], requestId: string) {
  const moved = added.filter((p) => p.placement.description);
  if (!moved.length) return;
  const list = moved.map((p) => `${p.t.transaction_id} (${p.t.transaction_date})`).join(", ");
  const body = `Imported transactions dated before the open statement period were moved to its first day, ${account.openStatementPeriodStart}: ${list}.`;
  await insertNotes(tx, account.id, [{ body, documents: [], createdAt: new Date(), createdAtGiven: false, isPinned: true, unpinAt: null, source: "transaction_date_moved" }], requestId);
}
