import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { transactions } from "@/db/schema";
import { accountEventLocksSql } from "../../events/emit";
import { countWrittenEvents } from "../../events/metrics";
import { activeTraceContext } from "@/server/lib/tracing.mjs";
import { fanoutPayload } from "../../events/fanout";
import { parseEventPayload } from "../../events/registry";
import { ledgerNumber } from "./transaction-rows";
import { pgArrayElement } from "@/db/pg-array";

type Row = typeof transactions.$inferInsert;

export type LedgerEventTarget = { accountNumber: string; organisationId: number };

/** The unique key a resent transaction_id meets. */
export const TRANSACTION_ID_KEY = "transactions_account_transaction_id_key";

/**
 * One statement for the whole batch: the rows (a column per parameter, unnest), skipping
 * any whose (account, transaction_id) already exists when `skipExisting` (else such a row
 * fails the statement with the unique key's violation), and, when any was added, one
 * `billing.ledger.entry_posted` v2 fan-out row in the outbox standing for an event per
 * added transaction in id order (server/events/fanout.ts, ADR 0303; an outbox row per
 * transaction was half of PostgreSQL's work). Each type's payload is checked against the
 * catalogue schema before the statement runs, as `emit` checks every payload. Returns the
 * ids of the rows it added.
 */
export async function insertTransactionRows(
  tx: Db,
  rows: Row[],
  events: LedgerEventTarget,
  { skipExisting }: { skipExisting: boolean },
): Promise<{ id: number; transactionId: string }[]> {
  if (!rows.length) return [];
  // What every row of a request shares is sent once, not as a column of 500 equal values.
  const [{ accountId, statementPeriodStart, requestId, statement = "current" }] = rows;
  if (
    rows.some(
      (r) =>
        r.accountId !== accountId ||
        r.statementPeriodStart !== statementPeriodStart ||
        r.requestId !== requestId ||
        (r.statement ?? "current") !== statement,
    )
  ) {
    throw new Error(
      "insertTransactionRows: rows of one request share account, statement period, statement and request id",
    );
  }
  const common = {
    ledger: { account: { number: events.accountNumber }, number: ledgerNumber(events.accountNumber) },
    entry: { source_type: SOURCE_TYPE },
  };
  for (const type of new Set(rows.map((r) => r.type)))
    parseEventPayload(ENTRY_POSTED, "v2", fanoutPayload(ENTRY_POSTED, "v2", common, 1, type));
  // The account's event lock (accountEventLocksSql) in the same statement, a round trip fewer:
  // the aggregate is done, so the lock held, before the join hands a row to the inserts.
  const trace = activeTraceContext();
  const inserted = await execRows<{ id: string | number; transaction_id: string }>(
    tx,
    sql`with locked as (${accountEventLocksSql(sql`select ${events.accountNumber}::text as a`)}),
        added as (
          insert into transactions (account_id, statement_period_start, request_id, statement, ${sql.raw(PER_ROW.map((c) => c.name).join(", "))})
          select ${accountId}::int, ${statementPeriodStart}::date, ${requestId ?? null}::text, ${statement}::text, r.* from ${unnestRows(rows, PER_ROW)} as r cross join locked
          ${skipExisting ? sql`on conflict (account_id, transaction_id) do nothing` : sql``}
          returning id, transaction_id, type
        ), posted as (
          insert into events (id, type, version, payload, account_number, organisation_id, fanout_ids, fanout_kinds, traceparent, tracestate)
          select uuid_v7(), ${ENTRY_POSTED}::text, 'v2', ${JSON.stringify(common)}::jsonb, ${events.accountNumber}::text, ${events.organisationId}::int,
            array_agg(a.id order by a.id), array_agg(a.type order by a.id), ${trace?.traceparent ?? null}::text, ${trace?.tracestate ?? null}::text
          from added a having count(*) > 0
        )
        select id, transaction_id from added`,
  );
  if (inserted.length) countWrittenEvents([{ type: ENTRY_POSTED, payload: common, count: inserted.length }]);
  return inserted.map((r) => ({ id: Number(r.id), transactionId: r.transaction_id }));
}

/**
 * Which of `rows` (by transaction_id) are already on the account, and whether each stored
 * one holds the same content: every field a client sends, compared by PostgreSQL as stored
 * (numbers as exact decimals, jsonb by value), and the statement it is on, so a resend is
 * told from a reused transaction_id without keeping a hash of each request.
 */
export async function storedTransactions(
  tx: Db,
  accountId: number,
  rows: Row[],
): Promise<Map<string, { id: number; same: boolean }>> {
  if (!rows.length) return new Map();
  const statement = rows[0].statement ?? "current";
  // Rows stored before "" was read as absent (ADR 0110) still hold "" in these two columns.
  const names = (prefix: string) =>
    sql.raw(
      SENT.map((c) =>
        prefix === "t" && EMPTY_AS_NULL.has(c.name) ? `nullif(t.${c.name}, '')` : `${prefix}.${c.name}`,
      ).join(", "),
    );
  const found = await execRows<{ id: string | number; transaction_id: string; same: boolean }>(
    tx,
    sql`select t.id, t.transaction_id, (${names("t")}) is not distinct from (${names("i")}) and t.statement = ${statement}::text as same
        from ${unnestRows(rows, SENT)} as i(${sql.raw(SENT.map((c) => c.name).join(", "))})
        join transactions t on t.account_id = ${accountId} and t.transaction_id = i.transaction_id`,
  );
  return new Map(found.map((r) => [r.transaction_id, { id: Number(r.id), same: r.same }]));
}

/**
 * A column of the batch: `plain` for values that can hold no `"` or `\` (enums, dates,
 * decimal strings, all validated), which are quoted without a scan; `json` for jsonb.
 */
type Column = { name: string; key: keyof Row; type: string; json: boolean; plain: boolean };
const column = (name: string, key: keyof Row, type: string, kind?: "json" | "plain"): Column => ({
  name,
  key,
  type,
  json: kind === "json",
  plain: kind === "plain",
});

/** Everything a client sends for a transaction, as stored (the date as sent, before any move). */
const SENT: Column[] = [
  column("transaction_id", "transactionId", "text"),
  column("type", "type", "text", "plain"),
  column("reason", "reason", "text", "plain"),
  column("amount", "amount", "numeric", "plain"),
  column("original_transaction_date", "originalTransactionDate", "date", "plain"),
  column("display_note", "displayNote", "text"),
  column("note", "note", "text"),
  column("reference", "reference", "text"),
  column("payment_type", "paymentType", "text", "plain"),
  column("to_prepay_meter_serial_number", "toPrepayMeterSerialNumber", "text"),
  column("billing_document_identifier", "billingDocumentIdentifier", "text"),
  column("product_code", "productCode", "text"),
  column("supply_point_identifier", "supplyPointIdentifier", "text"),
  column("line_items", "lineItems", "jsonb", "json"),
  column("tax_items", "taxItems", "jsonb", "json"),
];

const EMPTY_AS_NULL = new Set(["reason", "payment_type"]);

/** The columns that differ from row to row (account, statement period and request id are the request's). */
const PER_ROW: Column[] = [
  ...SENT,
  column("transaction_date", "transactionDate", "date", "plain"),
  column("description", "description", "text"),
];

/** One PostgreSQL array literal per column (see db/pg-array.ts), built in one pass over the rows. */
function columnArrays(rows: Row[], columns: Column[]): string[] {
  return columns.map(({ key, json, plain }) => {
    const parts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i][key];
      parts[i] =
        v === null || v === undefined
          ? "NULL"
          : json
            ? pgArrayElement(JSON.stringify(v))
            : plain
              ? `"${v as string}"`
              : pgArrayElement(String(v));
    }
    return `{${parts.join(",")}}`;
  });
}

/** The array parameters the insert sends for `rows` (bench/cpu-stages.ts times them). */
export const insertParameters = (rows: Row[]) => columnArrays(rows, PER_ROW);

/** `unnest(<one array parameter per column>)`: a whole batch in a short statement. */
function unnestRows(rows: Row[], columns: Column[]) {
  const arrays = columnArrays(rows, columns).map((a, i) => sql`${a}::${sql.raw(columns[i].type)}[]`);
  return sql`unnest(${sql.join(arrays, sql`, `)})`;
}

const SOURCE_TYPE = "data_import.transaction";
const ENTRY_POSTED = "billing.ledger.entry_posted";
