import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { TRANSACTION_TYPES, type transactions } from "@/db/schema";
import { lockAccountEvents } from "../../events/emit";
import { parseEventPayload } from "../../events/registry";
import { entryFlags, ledgerNumber } from "./transaction-rows";
import type { TransactionInput } from "./transaction-schemas";
import { pgArray } from "./pg-array";

type Row = typeof transactions.$inferInsert;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export type LedgerEventTarget = { accountNumber: string; organisationId: number };

/**
 * One statement for the whole batch: the rows (a column per parameter, unnest), skipping
 * any whose (account, transaction_id) already exists, and for each row added its
 * `billing.ledger.entry_posted` v2 event in the outbox, built by PostgreSQL from the
 * inserted row, in request order (ADR 0007). Returns the ids of the rows it added.
 *
 * The event payload is `{ledger, entry: {id, <flags of the type>, source_id, source_type}}`:
 * `ledger` comes from here as a parameter, each flag as the list of types it is true for
 * (from entryFlags), and each type's payload is checked against the catalogue schema
 * before the statement runs, as `emit` checks every payload. One flat jsonb_build_object
 * per level: merging jsonb values costs PostgreSQL half as much again per row.
 */
export async function insertTransactionRows(tx: Db, rows: Row[], events: LedgerEventTarget): Promise<{ id: number; transactionId: string }[]> {
  if (!rows.length) return [];
  const ledger = { account: { number: events.accountNumber }, number: ledgerNumber(events.accountNumber) };
  for (const type of new Set(rows.map((r) => r.type as TransactionInput["type"]))) {
    parseEventPayload("billing.ledger.entry_posted", "v2", { ledger, entry: { id: 1, ...entryFlags(type), source_id: 1, source_type: SOURCE_TYPE } });
  }
  const flags = sql.join(
    FLAG_NAMES.map((name) => sql`${name}::text, a.type = any(${pgArray(TRANSACTION_TYPES.filter((type) => entryFlags(type)[name]))}::text[])`),
    sql`, `,
  );
  await lockAccountEvents(tx, [events.accountNumber]);
  const col = <K extends keyof Row>(k: K, f: (v: Row[K]) => string | number | null = (v) => (v as string | null) ?? null) => pgArray(rows.map((r) => f(r[k])));
  const inserted = await execRows<{ id: string | number; transaction_id: string }>(
    tx,
    sql`with added as (
          insert into transactions (account_id, transaction_id, type, reason, amount, transaction_date, original_transaction_date, description,
            statement_period_start, display_note, note, reference, payment_type, to_prepay_meter_serial_number, product_code, line_items, tax_items,
            payload_hash, request_id)
          select * from unnest(${col("accountId", (v) => v as number)}::int[], ${col("transactionId")}::text[], ${col("type")}::text[], ${col("reason")}::text[],
            ${col("amount")}::numeric[], ${col("transactionDate")}::date[], ${col("originalTransactionDate")}::date[], ${col("description")}::text[],
            ${col("statementPeriodStart")}::date[], ${col("displayNote")}::text[], ${col("note")}::text[], ${col("reference")}::text[],
            ${col("paymentType")}::text[], ${col("toPrepayMeterSerialNumber")}::text[], ${col("productCode")}::text[],
            ${col("lineItems", json)}::jsonb[], ${col("taxItems", json)}::jsonb[], ${col("payloadHash")}::text[], ${col("requestId")}::text[])
          on conflict (account_id, transaction_id) do nothing
          returning id, transaction_id, type
        ), posted as (
          insert into events (id, type, version, payload, account_number, organisation_id)
          select uuid_v7(), 'billing.ledger.entry_posted', 'v2',
            jsonb_build_object('ledger', ${JSON.stringify(ledger)}::jsonb,
              'entry', jsonb_build_object('id', a.id, ${flags}, 'source_id', a.id, 'source_type', ${SOURCE_TYPE}::text)),
            ${events.accountNumber}::text, ${events.organisationId}::int
          from added a order by a.id
        )
        select id, transaction_id from added`,
  );
  return inserted.map((r) => ({ id: Number(r.id), transactionId: r.transaction_id }));
}

const SOURCE_TYPE = "data_import.transaction";
const FLAG_NAMES = Object.keys(entryFlags("CHARGE")) as (keyof ReturnType<typeof entryFlags>)[];
