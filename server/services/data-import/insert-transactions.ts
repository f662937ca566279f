import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { transactions } from "@/db/schema";
import { pgArray } from "./pg-array";

type Row = typeof transactions.$inferInsert;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * One INSERT for the whole batch, a column per parameter (unnest), skipping rows whose
 * (account, transaction_id) already exists; returns the ids of the rows it added.
 */
export async function insertTransactionRows(tx: Db, rows: Row[]): Promise<{ id: number; transactionId: string }[]> {
  if (!rows.length) return [];
  const col = <K extends keyof Row>(k: K, f: (v: Row[K]) => string | number | null = (v) => (v as string | null) ?? null) => pgArray(rows.map((r) => f(r[k])));
  const inserted = await execRows<{ id: string | number; transaction_id: string }>(
    tx,
    sql`insert into transactions (account_id, transaction_id, type, reason, amount, transaction_date, original_transaction_date, description,
          statement_period_start, display_note, note, reference, payment_type, to_prepay_meter_serial_number, product_code, line_items, tax_items,
          payload_hash, request_id)
        select * from unnest(${col("accountId", (v) => v as number)}::int[], ${col("transactionId")}::text[], ${col("type")}::text[], ${col("reason")}::text[],
          ${col("amount")}::numeric[], ${col("transactionDate")}::date[], ${col("originalTransactionDate")}::date[], ${col("description")}::text[],
          ${col("statementPeriodStart")}::date[], ${col("displayNote")}::text[], ${col("note")}::text[], ${col("reference")}::text[],
          ${col("paymentType")}::text[], ${col("toPrepayMeterSerialNumber")}::text[], ${col("productCode")}::text[],
          ${col("lineItems", json)}::jsonb[], ${col("taxItems", json)}::jsonb[], ${col("payloadHash")}::text[], ${col("requestId")}::text[])
        on conflict (account_id, transaction_id) do nothing
        returning id, transaction_id`,
  );
  return inserted.map((r) => ({ id: Number(r.id), transactionId: r.transaction_id }));
}
