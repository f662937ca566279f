import { getTableColumns, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { type Db, type DbHandle, setDbHandle } from "@/db/client";
import { resetSigningKeyCache } from "@/server/auth/signing-key";
import { events } from "@/db/schema";
import { IS_PENDING, PUBLISHED_AT } from "@/server/events/delivery";
import { type NatsConnection, connect } from "@nats-io/transport-node";
import { EventRelay, type RelayOptions } from "@/server/events/relay";
import { commitAccountEvents, commitOrgEvents } from "./factories/events";
import { NatsServer, type StreamMessage } from "./nats-server";
import { env } from "@/server/env.mjs";
import { openTestDatabase } from "./db";
import { adminQuery, copyDatabase, databaseName } from "./worker-database";

export { commitAccountEvents, commitOrgEvents };

export type Emitted = { id: string; seq: number; accountNumber: string | null; organisationId: number | null };

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | false | null | undefined>,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves once every given event is delivered (no longer pending). */
export async function waitPublished(db: Db, ids: string[], timeoutMs = 30_000) {
  await waitFor(`${ids.length} events to be published`, async () => (await unpublishedAmong(db, ids)) === 0, timeoutMs);
}

export async function unpublishedAmong(db: Db, ids: string[]): Promise<number> {
  let left = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await db.select({ id: events.id, pending: IS_PENDING }).from(events).where(inArray(events.id, chunk));
    left += rows.filter((r) => r.pending).length;
  }
  return left;
}

export async function rowsOf(db: Db, ids: string[]) {
  const out = [];
  for (let i = 0; i < ids.length; i += 1000) {
    out.push(
      ...(await db
        .select({ ...getTableColumns(events), publishedAt: PUBLISHED_AT })
        .from(events)
        .where(inArray(events.id, ids.slice(i, i + 1000)))),
    );
  }
  return out;
}

/**
 * Like useTestDb, but on PostgreSQL a database of its own, created and dropped here: a
 * relay takes every unpublished row of its database, so it must not share one with
 * other test files (their events would end up in this file's NATS, stamped published).
 */
export function useRelayTestDb(): { readonly db: Db; readonly handle: DbHandle; readonly url: string | undefined } {
  let handle: DbHandle | undefined;
  let url: string | undefined;
  const base = env.DATABASE_URL;
  const name = `km_relay_test_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(async () => {
    resetSigningKeyCache();
    if (base) {
      // A copy of the run's migrated database (test/global-setup.ts), not 22 migrations again.
      const template = inject("baseDatabaseUrl");
      if (template) await copyDatabase(base, name, databaseName(template));
      else await adminQuery(base, `create database ${name}`);
      const u = new URL(base);
      u.pathname = `/${name}`;
      url = u.toString();
      handle = await openTestDatabase(url);
    } else handle = await openTestDatabase();
    setDbHandle(handle);
  });
  afterAll(async () => {
    await handle?.close();
    if (base && url) await adminQuery(base, `drop database if exists ${name} with (force)`);
  });
  const get = () => {
    if (!handle) throw new Error("test database not open yet");
    return handle;
  };
  return {
    get db() {
      return get().db;
    },
    get handle() {
      return get();
    },
    get url() {
      return url;
    },
  };
}

/**
 * The delivery contract: each event exactly once on the stream, and each account's
 * events in the order of their `seq` (the order they committed in).
 */
export function expectExactlyOnceInOrder(
  messages: StreamMessage[],
  rows: { id: string; seq: number; accountNumber: string | null }[],
) {
  const wanted = new Map(rows.map((r) => [r.id, r]));
  const copies = new Map<string, number>();
  for (const m of messages) {
    const id = m.headers["Nats-Msg-Id"];
    if (wanted.has(id)) copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  const missing = rows.filter((r) => !copies.has(r.id)).length;
  const doubled = [...copies.values()].filter((c) => c > 1).length;
  expect({ missing, doubled, delivered: copies.size }).toEqual({ missing: 0, doubled: 0, delivered: rows.length });

  const lastSeqByAccount = new Map<string, number>();
  const outOfOrder: string[] = [];
  for (const m of messages) {
    const row = wanted.get(m.headers["Nats-Msg-Id"]);
    if (!row?.accountNumber) continue;
    const prev = lastSeqByAccount.get(row.accountNumber) ?? -1;
    if (row.seq < prev) outOfOrder.push(`${row.accountNumber}: ${row.seq} after ${prev}`);
    lastSeqByAccount.set(row.accountNumber, row.seq);
  }
  expect(outOfOrder).toEqual([]);
}

/**
 * A NATS server of the file's own, a connection to it, and relays on it with short timers
 * (each test uses its own stream). Relays are stopped after each test, so a test that fails
 * before stopping its relay (or restarting NATS) cannot leave it publishing the next tests'
 * rows, or NATS down.
 */
export function useRelayNats(t: { readonly handle: DbHandle }, defaults: RelayOptions = {}) {
  let nats: NatsServer | undefined;
  let nc: NatsConnection | undefined;
  const relays: EventRelay[] = [];
  beforeAll(async () => {
    nats = await NatsServer.start();
    nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await nats?.start(); // back up if a test that killed it failed before restarting it
  });
  afterAll(async () => {
    await Promise.all(relays.map((r) => r.stop()));
    await nc?.close();
    await nats?.dispose();
  });
  const started = <T>(v: T | undefined): T => {
    if (!v) throw new Error("NATS not started yet");
    return v;
  };
  return {
    get nats() {
      return started(nats);
    },
    get nc() {
      return started(nc);
    },
    relay(stream: string, opts: RelayOptions = {}) {
      const r = new EventRelay({
        handle: t.handle,
        natsUrl: started(nats).url,
        stream,
        subjectPrefix: stream === "EVENTS" ? "events" : `${stream.toLowerCase()}.events`,
        heartbeatMs: 300,
        standbyRetryMs: 100,
        backoffMinMs: 50,
        backoffMaxMs: 500,
        publishTimeoutMs: 2000,
        ...defaults,
        ...opts,
      });
      relays.push(r);
      return r;
    },
  };
}
