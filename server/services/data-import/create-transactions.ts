import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { meterPoints, transactions } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { fieldError, ServiceError } from "../../errors";
import { emitMany, type PendingEvent, pending } from "../../events/emit";
import { type ImportedAccount, findImportedAccount } from "./common";
import { insertNotes } from "./insert-notes";
import { insertTransactionRows } from "./insert-transactions";
import { renderTransactionData, transactionImportError } from "./transaction-errors";
import { entryFlags, ledgerNumber, type Placement, transactionHash, transactionRow } from "./transaction-rows";
import type { CreateTransactionsQuery, TransactionInput } from "./transaction-schemas";
import { validateTransactions } from "./validate-transactions";

export type CreateTransactionsArgs = { import_supplier: string; external_account_number: string; transactions: unknown[] };

type Planned = { index: number; t: TransactionInput; hash: string; placement: Placement };

/**
 * POST data-import/transactions/create/: all or nothing. Each transaction is validated in
 * order; under the account lock, already-added ones are skipped (or refused), dates
 * before the open statement period are moved (or refused), and the new ones are written
 * in one multi-row INSERT with their ledger events in one more.
 */
export async function createTransactions(ctx: Ctx, input: CreateTransactionsArgs, flags: CreateTransactionsQuery) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { valid, firstError } = validateTransactions(input.transactions);
  return withTransaction(ctx, async (tx) => {
    const account = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, { lock: true });
    const existing = await existingTransactions(tx, account.id, valid);
    const serials = valid.some((t) => t.to_prepay_meter_serial_number) ? await meterSerials(tx, account.id) : new Set<string>();
    const added: Planned[] = [];
    const results: Record<string, unknown>[] = [];
    valid.forEach((t, index) => {
      const raw = input.transactions[index];
      const hash = transactionHash(t);
      const prior = existing.get(t.transaction_id);
      const fail = (attr: string, code: string, detail: string) => {
        throw transactionImportError(raw, [fieldError(["transactions", index, attr], code, detail)]);
      };
      if (prior && !flags.check_previously_added) fail("transaction_id", "transaction_already_exists", `Transaction '${t.transaction_id}' was already added to this account.`);
      if (prior && prior.hash !== hash) fail("transaction_id", "transaction_id_already_used", `transaction_id '${t.transaction_id}' was already added to this account with different data.`);
      if (prior) {
        results.push({ status: "TRANSACTION_ALREADY_EXISTS", transaction_data: renderTransactionData(raw), added_transaction_id: String(prior.id) });
        return;
      }
      if (t.to_prepay_meter_serial_number && !serials.has(t.to_prepay_meter_serial_number)) {
        fail("to_prepay_meter_serial_number", "prepay_meter_not_found", `No meter with serial number '${t.to_prepay_meter_serial_number}' on this account.`);
      }
      const placement = place(t, account, flags, (detail) => fail("transaction_date", "transaction_outside_open_statement_period", detail));
      added.push({ index, t, hash, placement });
      results.push({ status: "TRANSACTION_ADDED_TO_ACCOUNT", transaction_data: { ...(renderTransactionData(raw) as object), status: "TRANSACTION_IMPORT_SUCCESS" } });
    });
    if (firstError) throw firstError.error;
    const ids = await insertRows(tx, account, added, ctx.requestId);
    let k = 0;
    for (const r of results) {
      if (r.status !== "TRANSACTION_ADDED_TO_ACCOUNT") continue;
      const p = added[k];
      r.added_transaction_id = String(ids[k++]);
      if (p.placement.description) Object.assign(r, { moved_to_date: p.placement.postedDate, description: p.placement.description });
    }
    await pinMovedNote(tx, account, added, ctx.requestId);
    await emitMany(tx, ledgerEvents(account, added, ids, organisationId));
    return { results };
  });
}

function place(t: TransactionInput, account: ImportedAccount, flags: CreateTransactionsQuery, refuse: (detail: string) => never): Placement {
  const start = account.openStatementPeriodStart;
  if (t.transaction_date >= start) return { postedDate: t.transaction_date, description: null };
  if (!flags.force_add_to_current_statement) {
    refuse(`Transaction is not within the statement's (OPEN) period: ${t.transaction_date} is before the period start ${start}.`);
  }
  return {
    postedDate: start,
    description: `Transaction date moved from ${t.transaction_date} to ${start}: the original date is not within the statement's (OPEN) period, which starts on ${start}.`,
  };
}

async function existingTransactions(tx: Db, accountId: number, valid: TransactionInput[]) {
  if (!valid.length) return new Map<string, { id: number; hash: string }>();
  const rows = await tx
    .select({ id: transactions.id, transactionId: transactions.transactionId, hash: transactions.payloadHash })
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), inArray(transactions.transactionId, valid.map((t) => t.transaction_id))));
  return new Map(rows.map((r) => [r.transactionId, { id: r.id, hash: r.hash }]));
}

async function meterSerials(tx: Db, accountId: number) {
  const rows = await tx
    .select({ serial: sql<string>`m->>'serial_number'` })
    .from(sql`${meterPoints}, jsonb_array_elements(${meterPoints.meters}) m`)
    .where(eq(meterPoints.accountId, accountId));
  return new Set(rows.map((r) => r.serial));
}

async function insertRows(tx: Db, account: ImportedAccount, added: Planned[], requestId: string): Promise<number[]> {
  if (!added.length) return [];
  const rows = added.map((p) => transactionRow(account.id, p.t, p.hash, p.placement, account.openStatementPeriodStart, requestId));
  const inserted = await insertTransactionRows(tx, rows);
  if (inserted.length !== rows.length) {
    throw new ServiceError("conflict", "concurrent_import", "Another request added some of these transactions at the same time; send the request again.");
  }
  const byId = new Map(inserted.map((r) => [r.transactionId, r.id]));
  return added.map((p) => byId.get(p.t.transaction_id)!);
}

/** One pinned note per request that moved dates, naming each moved transaction. */
async function pinMovedNote(tx: Db, account: ImportedAccount, added: Planned[], requestId: string) {
  const moved = added.filter((p) => p.placement.description);
  if (!moved.length) return;
  const list = moved.map((p) => `${p.t.transaction_id} (${p.t.transaction_date})`).join(", ");
  const body = `Imported transactions dated before the open statement period were moved to its first day, ${account.openStatementPeriodStart}: ${list}.`;
  await insertNotes(tx, account.id, [{ body, documents: [], createdAt: new Date(), createdAtGiven: false, isPinned: true, unpinAt: null, source: "transaction_date_moved" }], requestId);
}

function ledgerEvents(account: ImportedAccount, added: Planned[], ids: number[], organisationId: number): PendingEvent[] {
  const ledger = { account: { number: account.number }, number: ledgerNumber(account.number) };
  const on = { accountNumber: account.number, organisationId };
  return added.flatMap((p, i) => [
    pending("billing.ledger.entry_posted", "v1", { ledger }, on),
    pending("billing.ledger.entry_posted", "v2", { ledger, entry: { id: ids[i], ...entryFlags(p.t.type), source_id: ids[i], source_type: "data_import.transaction" } }, on),
  ]);
}
