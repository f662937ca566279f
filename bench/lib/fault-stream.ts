import { connect } from "@nats-io/transport-node";
import { asc, count } from "drizzle-orm";
import type { Db } from "@/db/client";
import { eventPending, events } from "@/db/schema";
import { STORED_EVENT_COLUMNS } from "@/server/events/outbox";
import { messagesOf, orderingKey } from "@/server/events/publish-batch";
import { readStream } from "@/test/nats-server";

// The bus side of bench/faults.ts: the whole EVENTS stream read back and compared with the
// events table, message by message (each row as the messages the relay sends for it: a
// fan-out row's events, each as its stored and derived versions).

export type StreamCheck = {
  problems: string[];
  expected: number;
  onStream: number;
  duplicates: number;
  missing: number;
  unknown: number;
  chains: number;
  outOfOrder: number;
};

/** Waits until no event is pending delivery, up to `timeoutMs`; the number still pending. */
export async function waitDrained(db: Db, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await db.select({ n: count() }).from(eventPending);
    if (n === 0 || Date.now() > until) return n;
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function checkStream(db: Db, natsUrl: string, stream = "EVENTS"): Promise<StreamCheck> {
  const problems: string[] = [];
  const add = (p: string) => problems.length < 20 && problems.push(p);
  const rows = await db
    .select({ ...STORED_EVENT_COLUMNS, seq: events.seq })
    .from(events)
    .orderBy(asc(events.seq));
  const expected = messagesOf(rows.map((r) => ({ ...r, payload: r.payload as Record<string, unknown> })));
  const nc = await connect({ servers: natsUrl });
  const onStream = await readStream(nc, stream).finally(() => nc.close());

  const seen = new Map<string, number>();
  for (const m of onStream) seen.set(m.headers["Nats-Msg-Id"], (seen.get(m.headers["Nats-Msg-Id"]) ?? 0) + 1);
  const wanted = new Set(expected.map((m) => m.id));
  const duplicates = [...seen.values()].filter((n) => n > 1).length;
  const missing = expected.filter((m) => !seen.has(m.id));
  const unknown = [...seen.keys()].filter((id) => !wanted.has(id));
  if (duplicates) add(`${duplicates} ids on the stream more than once`);
  for (const m of missing.slice(0, 5))
    add(`event ${m.id} (${m.type} ${m.version}, row seq ${m.seq}) never reached the stream`);
  for (const id of unknown.slice(0, 5)) add(`message ${id} on the stream is no stored event`);

  // Per ordering chain (account, else organisation): the stream's order must be the table's.
  const chainOf = new Map(expected.map((m) => [m.id, orderingKey(m) ?? `id:${m.id}`]));
  const push = (map: Map<string, string[]>, key: string, id: string) =>
    (map.get(key) ?? map.set(key, []).get(key)!).push(id);
  const want = new Map<string, string[]>();
  for (const m of expected) push(want, chainOf.get(m.id)!, m.id);
  const got = new Map<string, string[]>();
  const firstSeen = new Set<string>();
  for (const m of onStream) {
    const id = m.headers["Nats-Msg-Id"];
    if (firstSeen.has(id) || !chainOf.has(id)) continue;
    firstSeen.add(id);
    push(got, chainOf.get(id)!, id);
  }
  let outOfOrder = 0;
  for (const [chain, ids] of want) {
    const present = ids.filter((id) => seen.has(id));
    const order = got.get(chain) ?? [];
    const at = present.findIndex((id, i) => order[i] !== id);
    if (at >= 0) {
      outOfOrder++;
      add(`chain ${chain}: stream order differs from seq order at its message ${at + 1} of ${present.length}`);
    }
  }
  return {
    problems,
    expected: expected.length,
    onStream: onStream.length,
    duplicates,
    missing: missing.length,
    unknown: unknown.length,
    chains: want.size,
    outOfOrder,
  };
}
