import { and, asc, inArray, isNull, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { pgIntArray } from "@/db/pg-array";
import { eventRelayState, events } from "@/db/schema";
import { eventCount, type StoredEvent } from "./fanout";

/**
 * Ordering chains whose head row failed to publish: their later rows cannot be sent before
 * the head is acked, so reading them only fills the batch with rows that will be held.
 */
export type BlockedChains = { heads: number[]; accounts: string[]; organisations: number[] };

/**
 * The oldest unpublished events in log order: a prefix by `seq` of the unpublished rows,
 * leaving out `skipSeqs` (rows already acked whose marking is still in flight) and the rows
 * of `blocked` chains other than their heads (so a stuck account's backlog cannot fill
 * every batch and stall the other accounts; its rows are read again, in order, once its
 * head is delivered). `limit` counts events: rows are read while the events they stand for
 * (a fan-out row stands for many) fit in it, and at least one row is read.
 */
export async function fetchUnpublished(db: Db, limit: number, skipSeqs: number[] = [], blocked?: BlockedChains): Promise<StoredEvent[]> {
  const where = [isNull(events.publishedAt)];
  if (skipSeqs.length) where.push(sql`not (${events.seq} = any(${pgIntArray(skipSeqs)}::bigint[]))`);
  if (blocked && (blocked.accounts.length || blocked.organisations.length)) {
    where.push(sql`(${events.seq} = any(${sql.param(blocked.heads)}::bigint[]) or not (
      coalesce(${events.accountNumber} = any(${sql.param(blocked.accounts)}::text[]), false)
      or (${events.accountNumber} is null and coalesce(${events.organisationId} = any(${sql.param(blocked.organisations)}::int[]), false))))`);
  }
  const rows = await db
    .select({
      id: events.id,
      seq: events.seq,
      type: events.type,
      version: events.version,
      occurredAt: events.occurredAt,
      accountNumber: events.accountNumber,
      organisationId: events.organisationId,
      payload: events.payload,
      fanoutIds: events.fanoutIds,
      fanoutKinds: events.fanoutKinds,
    })
    .from(events)
    .where(and(...where))
    .orderBy(asc(events.seq))
    .limit(limit);
  let n = 0;
  const fit = rows.findIndex((r, i) => (n += eventCount(r)) > limit && i > 0);
  return fit === -1 ? rows : rows.slice(0, fit);
}

/** Rows to stamp (by `seq`), the highest `seq` among them, and how many events they stand for (the rows by default). */
export type PublishedBatch = { seqs: number[]; lastSeq: number; events?: number };

/**
 * Stamps rows whose every message (each version they are delivered as) was acknowledged,
 * and advances the relay's state row in one transaction; `published_total` counts events.
 * Marking after an ack is correct whichever instance does it, so it needs no fencing.
 */
export async function markPublished(db: Db, stream: string, batch: PublishedBatch) {
  if (!batch.seqs.length) return;
  await db.transaction(async (tx) => {
    // A stamp lost in a database crash only means a re-publish, which JetStream drops as a duplicate.
    await tx.execute(sql`set local synchronous_commit = off`);
    // One array parameter rather than a thousand: cheaper to send, parse and plan. Joined to
    // unnest, not `seq = any(...)`: the statement is prepared (ADR 0011), and a generic plan
    // guesses 10 elements for `any` and ANDed the key index with the whole unpublished index,
    // where the join looks each row up in the `seq` index whatever the batch size.
    await tx.execute(sql`
      update ${events} set published_at = now()
      from unnest(${pgIntArray(batch.seqs)}::bigint[]) as stamped(seq)
      where ${events.seq} = stamped.seq and ${isNull(events.publishedAt)}`);
    await tx
      .insert(eventRelayState)
      .values({ stream, lastPublishedAt: sql`now()`, lastPublishedSeq: batch.lastSeq, publishedTotal: batch.events ?? batch.seqs.length })
      .onConflictDoUpdate({
        target: eventRelayState.stream,
        set: {
          lastPublishedAt: sql`now()`,
          lastPublishedSeq: sql`greatest(${eventRelayState.lastPublishedSeq}, excluded.last_published_seq)`,
          publishedTotal: sql`${eventRelayState.publishedTotal} + excluded.published_total`,
        },
      });
  });
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
    .values({ stream, leader: hb.leader, leaderSince: hb.leaderSince, heartbeatAt: sql`now()`, natsConnected: hb.natsConnected, ...errorCols })
    .onConflictDoUpdate({
      target: eventRelayState.stream,
      set: { leader: hb.leader, leaderSince: hb.leaderSince, heartbeatAt: sql`now()`, natsConnected: hb.natsConnected, ...errorCols },
    });
}

/** The database's clock, so lag is never skewed by this process's clock. */
export async function dbNow(db: Db): Promise<Date> {
  const [row] = await execRows<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row.now);
}
