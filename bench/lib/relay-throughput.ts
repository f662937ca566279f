import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { count, sql } from "drizzle-orm";
import { type Db, type DbHandle, execRows } from "@/db/client";
import { eventPending } from "@/db/schema";
import { emitMany, pending } from "@/server/events/emit";
import { EventRelay } from "@/server/events/relay";

// bench:events's relay phase (a committed backlog drained by a fresh relay as fast as it can),
// for bench:scale to run on the fresh and on the scale database: the same events as
// bench/events.ts (account.updated, spread over accounts), a private stream per run.

const event = (account: string, n: number, organisationId: number) =>
  pending(
    "account.updated",
    "v1",
    { account_number: account, account_user_emails: ["ada@example.com"], changes: { n, field: "billing_name" } },
    { accountNumber: account, organisationId },
  );

async function unpublished(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(eventPending);
  return n;
}

/**
 * Sets the database's own backlog aside while `run` measures (so the relay drains only the
 * bench's events), and puts it back after; a backlog left aside by a killed run is put back first.
 */
export async function withBacklogAside<T>(db: Db, run: () => Promise<T>): Promise<T> {
  await db.execute(sql`create table if not exists scale_pending_aside (like event_pending)`);
  const restore = () =>
    db.execute(
      sql`with back as (delete from scale_pending_aside returning *) insert into event_pending select * from back on conflict do nothing`,
    );
  await restore();
  await db.execute(
    sql`with aside as (delete from event_pending returning *) insert into scale_pending_aside select * from aside`,
  );
  try {
    return await run();
  } finally {
    await restore();
    // Moving the backlog leaves as many dead rows as it has: without this (autovacuum may be
    // off or minutes away) every later read of event_pending steps over them.
    await db.execute(sql`vacuum event_pending`);
    await db.execute(sql`vacuum scale_pending_aside`);
  }
}

export type RelayRun = { events: number; seconds: number; perSecond: number };

/** `n` events over `accounts` accounts committed in transactions of 1,000, then drained by a fresh relay; events/s from its start to an empty outbox. */
export async function relayThroughput(
  handle: DbHandle,
  opts: { natsUrl: string; stream: string; n: number; accounts: number; organisationId: number; tag: string },
): Promise<RelayRun> {
  const db = handle.db;
  for (let i = 0; i < opts.n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, opts.n - i) }, (_, k) =>
      event(`BENCH-S${opts.tag}-${(i + k) % opts.accounts}`, i + k, opts.organisationId),
    );
    await db.transaction((tx) => emitMany(tx as unknown as Db, batch));
  }
  const started = performance.now();
  const relay = new EventRelay({
    handle,
    natsUrl: opts.natsUrl,
    stream: opts.stream,
    subjectPrefix: `${opts.stream.toLowerCase()}.events`,
  }).start();
  const until = Date.now() + 600_000;
  try {
    while (relay.stats.published < opts.n || (await unpublished(db)) > 0) {
      if (Date.now() > until) throw new Error("the relay did not drain the outbox in 10 minutes");
      await new Promise((r) => setTimeout(r, relay.stats.published < opts.n ? 5 : 20));
    }
  } finally {
    await relay.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  return { events: opts.n, seconds, perSecond: opts.n / seconds };
}

export async function deleteStreams(natsUrl: string, streams: string[]) {
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  for (const s of streams) await jsm.streams.delete(s).catch(() => {});
  await nc.close();
}

/** Rows still waiting in the outbox (to check a database is back as it was). */
export async function pendingRows(db: Db): Promise<number> {
  const [{ n }] = await execRows<{ n: number }>(db, sql`select count(*)::int as n from event_pending`);
  return Number(n);
}
