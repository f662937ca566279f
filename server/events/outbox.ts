import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { pgIntArray, pgSeqRanges } from "@/db/pg-array";
import { eventPending, eventRelayState, events } from "@/db/schema";
import { eventCount } from "./fanout";
import { type UnpublishedColumns, UnpublishedRow } from "./unpublished-row";

/** The columns a stored event is published from (fetchUnpublished; checks that read the log back). */
export const STORED_EVENT_COLUMNS = {
  id: events.id,
  type: events.type,
  version: events.version,
  occurredAt: events.occurredAt,
  accountNumber: events.accountNumber,
  organisationId: events.organisationId,
  payload: events.payload,
  fanoutIds: events.fanoutIds,
  fanoutKinds: events.fanoutKinds,
  traceparent: events.traceparent,
  tracestate: events.tracestate,
};

/**
 * Ordering chains whose head row failed to publish: their later rows cannot be sent before
 * the head is acked, so reading them only fills the batch with rows that will be held.
 */
export type BlockedChains = { heads: number[]; accounts: string[]; organisations: number[] };

/**
 * The oldest unpublished events in log order: a prefix by `seq` of the pending rows,
 * leaving out `skipSeqs` (rows already acked whose marking is still in flight) and the rows
 * of `blocked` chains other than their heads (so a stuck account's backlog cannot fill
 * every batch and stall the other accounts; its rows are read again, in order, once its
 * head is delivered). `limit` counts events: rows are read while the events they stand for
 * (a fan-out row stands for many) fit in it, and at least one row is read. Each row comes
 * with its CloudEvents envelope, written by PostgreSQL with `source` (UnpublishedRow).
 */
export async function fetchUnpublished(
  db: Db,
  {
    limit,
    source,
    skipSeqs = [],
    blocked,
  }: { limit: number; source: string; skipSeqs?: number[]; blocked?: BlockedChains },
): Promise<UnpublishedRow[]> {
  const isBlocked = !!blocked && (blocked.accounts.length > 0 || blocked.organisations.length > 0);
  // all(): the driver's rows as they come, without drizzle's per-field mapping (UnpublishedRow).
  const raw = (await unpublishedQuery(db, skipSeqs.length > 0, isBlocked).all({
    limit,
    source,
    skip: skipSeqs.length ? pgSeqRanges(skipSeqs) : null,
    heads: blocked?.heads ?? [],
    accounts: blocked?.accounts ?? [],
    organisations: blocked?.organisations ?? [],
  })) as UnpublishedColumns[];
  const rows = raw.map((r) => new UnpublishedRow(r));
  let n = 0;
  const fit = rows.findIndex((r, i) => (n += eventCount(r)) > limit && i > 0);
  return fit === -1 ? rows : rows.slice(0, fit);
}

/**
 * fetchUnpublished's statement, built once per database and shape (with or without rows to
 * skip, with or without blocked chains) and prepared: the relay reads the log every 50 ms
 * when idle and once a batch under load, and drizzle building the three nested selects each
 * time was the relay's largest allocation (about half of the 13 MB/s it adds on the leading
 * instance, in bench:faults), feeding the scavenges that stall requests (ADR 0038).
 */
function unpublishedQuery(db: Db, skip: boolean, blocked: boolean) {
  let byShape = unpublishedQueries.get(db);
  if (!byShape) unpublishedQueries.set(db, (byShape = []));
  const shape = (skip ? 1 : 0) | (blocked ? 2 : 0);
  return (byShape[shape] ??= buildUnpublishedQuery(db, skip, blocked));
}
/** Per database, the statement for each shape (a bit each: rows to skip, blocked chains). */
const unpublishedQueries = new WeakMap<Db, ReturnType<typeof buildUnpublishedQuery>[]>();

function buildUnpublishedQuery(db: Db, skip: boolean, blocked: boolean) {
  const where: SQL[] = [];
  if (skip) where.push(sql`not (${eventPending.seq} <@ ${sql.placeholder("skip")}::int8multirange)`);
  if (blocked) {
    where.push(sql`(${eventPending.seq} = any(${sql.placeholder("heads")}::bigint[]) or not (
      coalesce(${eventPending.accountNumber} = any(${sql.placeholder("accounts")}::text[]), false)
      or (${eventPending.accountNumber} is null and coalesce(${eventPending.organisationId} = any(${sql.placeholder("organisations")}::int[]), false))))`);
  }
  // The pending rows first, in a subquery with its own LIMIT, then each one's event by key
  // in a LIMITed lateral subquery: neither can be flattened, so the plan stays "walk the
  // pending index, probe events by seq" whatever the statistics say (left free, PostgreSQL
  // hashed the whole events table, or walked it, to join a thousand rows).
  const head = db
    .select({ seq: eventPending.seq })
    .from(eventPending)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(eventPending.seq))
    .limit(sql.placeholder("limit"))
    .as("head");
  const row = db.select(STORED_EVENT_COLUMNS).from(events).where(eq(events.seq, head.seq)).limit(1).as("row");
  // Read with all(), so the result's names are the columns' own (UnpublishedColumns).
  const query = db
    .select({
      id: row.id,
      seq: head.seq,
      type: row.type,
      version: row.version,
      accountNumber: row.accountNumber,
      organisationId: row.organisationId,
      fanout: sql<
        string | null
      >`case when ${row.fanoutIds} is null then null else json_build_array(${row.fanoutIds}, ${row.fanoutKinds})::text end`.as(
        "fanout",
      ),
      body: envelopeSql(row, sql.placeholder("source")).as("body"),
      traceparent: row.traceparent,
      tracestate: row.tracestate,
    })
    .from(head)
    .crossJoinLateral(row)
    .orderBy(asc(head.seq))
    .prepare(`relay_unpublished_${skip ? "skip" : "all"}_${blocked ? "blocked" : "open"}`);
  return rawRows(query);
}

/**
 * A prepared query's `all()`: the driver's rows as they come. Both of drizzle's drivers here
 * (postgres-js, PGlite) implement it on their prepared queries, but pg-core's type declares
 * only `execute()`; checked once when the statement is built, and the relay's tests run on both.
 */
function rawRows(query: object): { all(values: Record<string, unknown>): Promise<unknown[]> } {
  if (typeof (query as { all?: unknown }).all !== "function")
    throw new Error("This database driver's prepared queries have no all()");
  return query as { all(values: Record<string, unknown>): Promise<unknown[]> };
}

/**
 * The CloudEvents envelope of an event row as JSON text: toCloudEvent's members in its order,
 * the time in milliseconds as toISOString writes it, `subject` only for an account's event,
 * and the stored payload in jsonb's text form. Written by PostgreSQL on the relay's read, so
 * the relay's one thread never parses a payload it only forwards (ADR 0039); the outbox tests
 * compare it with toCloudEvent for awkward values.
 */
function envelopeSql(
  r: Record<
    "id" | "type" | "version" | "occurredAt" | "accountNumber" | "payload" | "traceparent" | "tracestate",
    SQLWrapper
  >,
  source: SQLWrapper,
) {
  return sql<string>`'{"specversion":"1.0","id":' || to_json(${r.id}::text)::text || ',"source":' || to_json(${source}::text)::text
    || ',"type":' || to_json(${r.type})::text || ',"time":"' || to_char(${r.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || coalesce(',"subject":' || to_json(nullif(${r.accountNumber}, ''))::text, '')
    || ',"datacontenttype":"application/json","dataversion":' || to_json(${r.version})::text
    || coalesce(',"traceparent":' || to_json(nullif(${r.traceparent}, ''))::text || coalesce(',"tracestate":' || to_json(nullif(${r.tracestate}, ''))::text, ''), '')
    || ',"data":' || ${r.payload}::text || '}'`;
}

/** Rows delivered (by `seq`), the highest `seq` among them, and how many events they stand for (the rows by default). */
export type PublishedBatch = { seqs: number[]; lastSeq: number; events?: number };

/**
 * Records rows whose every message (each version they are delivered as) was acknowledged:
 * deletes their pending rows and writes one delivery row naming the ones this call deleted
 * (a row another relay got to first is not named twice), and advances the relay's state
 * row; `published_total` counts events. The event rows are not touched (ADR 0304). One
 * statement, so one round trip and its own transaction (mark_events_published, ADR 0039):
 * call it on the database, not inside a transaction, whose commit it would make
 * asynchronous too. Correct whichever instance does it, so it needs no fencing.
 */
export async function markPublished(db: Db, stream: string, batch: PublishedBatch) {
  if (!batch.seqs.length) return;
  // One array parameter: the statement is prepared (ADR 0011) whatever the batch size.
  await db.execute(
    sql`select mark_events_published(${stream}, ${pgIntArray(batch.seqs)}::bigint[], ${batch.lastSeq}, ${batch.events ?? batch.seqs.length})`,
  );
}

/**
 * Clears the delivered rows out of event_pending. Deleted rows stay in the table and its
 * index until a vacuum, and every read walks over them from the lowest `seq`; autovacuum
 * may be off or a minute away, so the relay vacuums this small table itself (ADR 0304).
 */
export async function vacuumPending(db: Db) {
  await db.execute(sql`vacuum ${eventPending}`);
}

/** Counts a failed publish (of any of its messages) on the row itself, so the status shows what blocks the head of the log. */
export async function recordFailures(db: Db, failures: { id: string; error: string }[]) {
  const byError = new Map<string, string[]>();
  for (const f of failures) byError.set(f.error, [...(byError.get(f.error) ?? []), f.id]);
  for (const [error, ids] of byError) {
    await db
      .update(events)
      .set({ attempts: sql`${events.attempts} + 1`, lastError: error.slice(0, 1000) })
      .where(inArray(events.id, ids));
  }
}

export type Heartbeat = { leader: string; leaderSince: Date; natsConnected: boolean; error?: string | null };

/** The leader's liveness and NATS connection state, for the status route of every instance. */
export async function writeHeartbeat(db: Db, stream: string, hb: Heartbeat) {
  const errorCols = hb.error ? { lastError: hb.error.slice(0, 1000), lastErrorAt: sql`now()` } : {};
  await db
    .insert(eventRelayState)
    .values({
      stream,
      leader: hb.leader,
      leaderSince: hb.leaderSince,
      heartbeatAt: sql`now()`,
      natsConnected: hb.natsConnected,
      ...errorCols,
    })
    .onConflictDoUpdate({
      target: eventRelayState.stream,
      set: {
        leader: hb.leader,
        leaderSince: hb.leaderSince,
        heartbeatAt: sql`now()`,
        natsConnected: hb.natsConnected,
        ...errorCols,
      },
    });
}

/** The database's clock, so lag is never skewed by this process's clock. */
export async function dbNow(db: Db): Promise<Date> {
  const [row] = await execRows<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row.now);
}
