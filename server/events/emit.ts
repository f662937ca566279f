import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "@/db/client";
import { activeTraceContext } from "@/server/lib/tracing.mjs";
import { countWrittenEvents } from "./metrics";
import { type EventPayload, EventPayloadError, type EventType, type EventVersion, parseEventPayload } from "./registry";
import { isDerivedVersion, storedVersionOf } from "./versions";

export type EmitOptions = { accountNumber?: string | null; organisationId?: number | null; occurredAt?: Date };

/**
 * Writes an event to the outbox in the caller's transaction: the change and its events
 * commit together. An invalid payload throws, so the change rolls back with it.
 */
export async function emit<T extends EventType, V extends EventVersion<T>>(
  tx: Db,
  type: T,
  version: V,
  payload: EventPayload<T, V>,
  opts: EmitOptions = {},
): Promise<string> {
  const [id] = await emitMany(tx, [{ type, version, payload, ...opts }]);
  return id;
}

export type PendingEvent = { type: string; version: string; payload: unknown } & EmitOptions;

/** Batch form for hot paths (one INSERT for many events); payloads are validated the same way. */
export async function emitMany(tx: Db, batch: PendingEvent[]): Promise<string[]> {
  if (!batch.length) return [];
  for (const e of batch) refuseDerived(e);
  const rows = batch.map((e) => ({
    id: uuidv7(),
    type: e.type,
    version: e.version,
    payload: parseEventPayload(e.type, e.version, e.payload) as Record<string, unknown>,
    accountNumber: e.accountNumber ?? null,
    organisationId: e.organisationId ?? null,
    // Null: the database's clock at insert, as every other event writer (ADR 0408).
    occurredAt: e.occurredAt ?? null,
  }));
  // The request's trace context (ADR 0044) on every row, so a consumer continues its trace; none when tracing is off.
  const trace = activeTraceContext();
  // One JSON parameter expanded server-side: a 1,000-event batch costs one short statement
  // instead of 7,000 bind parameters; ordinality keeps `seq` in batch order.
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      type: r.type,
      version: r.version,
      payload: r.payload,
      account_number: r.accountNumber,
      organisation_id: r.organisationId,
      occurred_at: r.occurredAt,
      ...trace,
    })),
  );
  // The accounts' locks (accountEventLocksSql) in the same statement: the sort below cannot hand a
  // row to the insert, so no row gets its `seq`, before the locks' aggregate has finished.
  await tx.execute(sql`
    with input as materialized (select ${json}::jsonb as j),
    locked as (${accountEventLocksSql(sql`select e->>'account_number' as a from input, jsonb_array_elements(input.j) as e`)})
    insert into events (id, type, version, payload, account_number, organisation_id, occurred_at, traceparent, tracestate)
    select r.id, r.type, r.version, r.payload, r.account_number, r.organisation_id, coalesce(r.occurred_at, clock_timestamp()), r.traceparent, r.tracestate
    from input cross join locked cross join lateral rows from (jsonb_to_recordset(input.j)
      as (id uuid, type text, version text, payload jsonb, account_number text, organisation_id int, occurred_at timestamptz, traceparent text, tracestate text))
      with ordinality as r(id, type, version, payload, account_number, organisation_id, occurred_at, traceparent, tracestate, n)
    order by r.n`);
  countWrittenEvents(rows);
  return rows.map((r) => r.id);
}

/** A version the relay derives from a newer stored one is never written itself (ADR 0007). */
function refuseDerived(e: PendingEvent) {
  if (!isDerivedVersion(e.type, e.version)) return;
  throw new EventPayloadError(
    `Event "${e.type}" version "${e.version}" is derived from version "${storedVersionOf(e.type)}" when it is delivered; emit "${storedVersionOf(e.type)}" instead`,
    e.type,
    e.version,
  );
}

/** Type-checked constructor for emitMany's batch items. */
export function pending<T extends EventType, V extends EventVersion<T>>(
  type: T,
  version: V,
  payload: EventPayload<T, V>,
  opts: EmitOptions = {},
): PendingEvent {
  return { type, version, payload, ...opts };
}

/** First key of the per-account advisory locks (the second is hashtext(account_number)). */
const ACCOUNT_EVENT_LOCK = 727_274_301;

/**
 * The statement part that takes a transaction-scoped lock per account that `accounts` yields
 * (a query with one text column `a`; nulls are skipped), held to commit: one row, column `n`,
 * once every lock is held. Two transactions emitting for one account then commit in `seq`
 * order, so the relay can never see a later event of an account while an earlier one is still
 * uncommitted (ADR 0300). Locks are taken in hash order so one statement cannot deadlock
 * itself. No NOTIFY: it serialises every committing transaction on one lock (ADR 0301).
 * Every statement that writes events puts it in a CTE cross-joined into its insert, so the
 * locks are held before any row gets its `seq`, without a round trip of its own; the one
 * place the lock's key is computed.
 */
export function accountEventLocksSql(accounts: SQL): SQL {
  return sql`select count(pg_advisory_xact_lock(${ACCOUNT_EVENT_LOCK}, h)) as n
    from (select distinct hashtext(s.a) as h from (${accounts}) as s where s.a is not null order by 1) as k`;
}
