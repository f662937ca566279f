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
import { validateTransactions } from "./validate-transactions";

export type CreateTransactionsArgs = { import_supplier: string; external_account_number: string; transactions: unknown[] };

type Planned = { t: TransactionInput; placement: Placement; row: typeof transactions.$inferInsert };

/**
 * POST data-import/transactions/create/: all or nothing. Each transaction is validated in
 * order; under the account lock, already-added ones are skipped (or refused), dates
 * before the open statement period are moved (or refused), and the new ones are written
 * in one statement with their ledger events.
 */
export async function createTransactions(ctx: Ctx, input: CreateTransactionsArgs, flags: CreateTransactionsQuery) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { valid, firstError } = validateTransactions(input.transactions);
  return withTransaction(ctx, async (tx) => {
    const account = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, { lock: true });
    const serials = valid.some((t) => t.to_prepay_meter_serial_number) ? await meterSerials(tx, account.id) : new Set<string>();
    // Each item as if it were new: where it would be posted, the row it would be, why it could not be.
    const asNew: Planned[] = valid.map((t) => {
      const placement = placeAsNew(t, account);
      return { t, placement, row: transactionRow(account.id, t, placement, account.openStatementPeriodStart, ctx.requestId) };
    });
    const refusals = valid.map((t) => checkAsNew(t, account, flags, serials));
    // The usual request adds only new, valid transactions: insert them all at once and look
    // up only what the unique key skipped (those were added before, under this account lock).
    // If anything could fail, look everything up first so the first failure is reported.
    const optimistic = !firstError && refusals.every((r) => r === null);
    let inserted: Map<string, number> | null = null;
    let existing: Awaited<ReturnType<typeof storedTransactions>>;
    if (optimistic) {
      inserted = await insertAllOrSkip(tx, account, asNew, organisationId);
      existing = await storedTransactions(tx, account.id, asNew.filter((p) => !inserted!.has(p.t.transaction_id)).map((p) => p.row));
    } else {
      existing = await storedTransactions(tx, account.id, asNew.map((p) => p.row));
    }
    const added: Planned[] = [];
    const results: Record<string, unknown>[] = [];
    valid.forEach((t, index) => {
      const raw = input.transactions[index];
      const prior = existing.get(t.transaction_id);
      const fail = (attr: string, code: string, detail: string): never => {
        throw transactionImportError(raw, [fieldError(["transactions", index, attr], code, detail)]);
      };
      if (prior && !flags.check_previously_added) fail("transaction_id", "transaction_already_exists", `Transaction '${t.transaction_id}' was already added to this account.`);
      if (prior && !prior.same) fail("transaction_id", "transaction_id_already_used", `transaction_id '${t.transaction_id}' was already added to this account with different data.`);
      if (prior) {
        results.push({ status: "TRANSACTION_ALREADY_EXISTS", transaction_data: renderTransactionData(raw), added_transaction_id: String(prior.id) });
        return;
      }
      const refusal = refusals[index];
      if (refusal) fail(refusal.attr, refusal.code, refusal.detail);
      added.push(asNew[index]);
      const data = renderTransactionData(raw) as Record<string, unknown>;
      data.status = "TRANSACTION_IMPORT_SUCCESS";
      results.push({ status: "TRANSACTION_ADDED_TO_ACCOUNT", transaction_data: data });
    });
    if (firstError) throw firstError.error;
    const ids = inserted ?? (await insertRows(tx, account, added, organisationId, { skipExisting: true }));
    if (added.some((p) => !ids.has(p.t.transaction_id))) throw concurrentImport();
    let k = 0;
    for (const r of results) {
      if (r.status !== "TRANSACTION_ADDED_TO_ACCOUNT") continue;
      const p = added[k++];
      r.added_transaction_id = String(ids.get(p.t.transaction_id));
      if (p.placement.description) Object.assign(r, { moved_to_date: p.placement.postedDate, description: p.placement.description });
    }
    await pinMovedNote(tx, account, added, ctx.requestId);
    return { results };
  });
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
 * Inserts every row, or, if some were added before (a resend: the unique key refuses the
 * statement, which a savepoint takes back), every row not yet there. The plain INSERT
 * spares PostgreSQL the per-row conflict check on the usual, all-new request; under the
 * account lock nothing else adds to the account meanwhile, so only earlier rows conflict.
 */
async function insertAllOrSkip(tx: Db, account: ImportedAccount, rows: Planned[], organisationId: number): Promise<Map<string, number>> {
  try {
    return await tx.transaction((sp) => insertRows(sp as unknown as Db, account, rows, organisationId, { skipExisting: false }));
  } catch (err) {
    if (!isUniqueViolation(err, TRANSACTION_ID_KEY)) throw err;
    return insertRows(tx, account, rows, organisationId, { skipExisting: true });
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
