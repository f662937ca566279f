import { eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { events } from "@/db/schema";
import { useRelayTestDb } from "@/test/relay";
import { toCloudEvent } from "./envelope";
import { examplePayload } from "./example-payload";
import { STORED_EVENT_COLUMNS, fetchUnpublished } from "./outbox";
import { messagesOf } from "./publish-batch";
import { getEventSchema } from "./registry";

// The relay's read: PostgreSQL writes each row's envelope (ADR 0039). It must be the one
// toCloudEvent writes from the same row read the ordinary way, whatever the values hold.
const t = useRelayTestDb();

const SOURCE = 'https://migrate.example/a?b="c"';
/** A time with microseconds, written by PostgreSQL (a JS Date has only milliseconds). */
const at = (text: string) => sql`${text}::timestamptz` as unknown as Date;

async function insert(values: Partial<typeof events.$inferInsert>) {
  const id = uuidv7();
  await t.db
    .insert(events)
    .values({ id, type: "account.updated", version: "v1", payload: {}, organisationId: 1, ...values });
  return id;
}

describe("fetchUnpublished", () => {
  it("reads each row with the envelope toCloudEvent writes from it: same members, same order, same text up to the payload", async () => {
    const ids = [
      await insert({
        accountNumber: "A-1",
        payload: { account_number: "A-1", changes: { n: 1 } },
        occurredAt: at("2026-03-29 00:30:00.123987+00"),
      }),
      // Quotes, backslashes, non-ASCII and a line separator in the subject and the payload.
      await insert({
        accountNumber: 'A-"ü\\\u2028',
        payload: { note: 'say "hi"\n\t\\ ünï €', nested: [1, 2.5, null, true, { a: "" }] },
      }),
      await insert({
        accountNumber: null,
        type: "billing.ledger.entry_posted",
        version: "v2",
        payload: examplePayload(getEventSchema("billing.ledger.entry_posted", "v2")!) as Record<string, unknown>,
      }),
      await insert({ accountNumber: "", occurredAt: at("1999-12-31 23:59:59.9999+00") }),
      await insert({
        accountNumber: "A-2",
        type: "billing.ledger.entry_posted",
        version: "v2",
        payload: {
          ledger: { account: { number: "A-2" }, number: "L-2" },
          entry: { source_type: "data_import.transaction" },
        },
        fanoutIds: [7, 9],
        fanoutKinds: ["CHARGE", "PAYMENT"],
        traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      }),
      // The distributed-tracing extension (ADR 0044): traceparent, and tracestate beside it.
      await insert({
        accountNumber: "A-3",
        traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        tracestate: 'vendor=a"b,other=c',
      }),
      await insert({ accountNumber: "A-4", tracestate: "ignored=without-traceparent" }),
    ];
    const rows = (await fetchUnpublished(t.db, { limit: 1000, source: SOURCE })).filter((r) => ids.includes(r.id));
    expect(rows.map((r) => r.id)).toEqual(ids);
    for (const row of rows) {
      const [stored] = await t.db
        .select({ ...STORED_EVENT_COLUMNS, seq: events.seq })
        .from(events)
        .where(eq(events.id, row.id));
      const expected = toCloudEvent(stored, SOURCE);
      expect(JSON.parse(row.body)).toEqual(expected);
      const head = JSON.stringify(expected);
      expect(row.body.slice(0, row.body.indexOf(',"data":'))).toBe(head.slice(0, head.indexOf(',"data":')));
      // What the relay reads from the row besides the envelope is the row's own.
      expect(row.toStoredEvent()).toEqual(stored);
    }
    expect(rows[4].fanoutIds).toEqual([7, 9]);
    expect(rows[4].fanoutKinds).toEqual(["CHARGE", "PAYMENT"]);
    // A row that is one event in one version is its own message, sent as read; the others are built from the parsed row.
    const messages = messagesOf(rows);
    expect(messages.filter((m) => m.body !== undefined)).toEqual([rows[0], rows[1], rows[3], rows[5], rows[6]]);
    expect(JSON.parse(rows[5].body)).toMatchObject({
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      tracestate: 'vendor=a"b,other=c',
    });
    expect(JSON.parse(rows[6].body)).not.toHaveProperty("tracestate");
    expect(
      messages
        .filter((m) => m.rowId === ids[4])
        .every((m) => m.traceparent === "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
    ).toBe(true);
    expect(messages[0]).toBe(rows[0]);
    // rows[2] as v2 and v1, rows[4] as two events in v2 and v1 each.
    expect(messages.filter((m) => m.body === undefined).map((m) => [m.rowId, m.version])).toEqual([
      [ids[2], "v2"],
      [ids[2], "v1"],
      [ids[4], "v2"],
      [ids[4], "v1"],
      [ids[4], "v2"],
      [ids[4], "v1"],
    ]);
  });

  it("reads a prefix by seq, leaving out the rows in flight, and stops at the limit", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, n) => insert({ accountNumber: `B-${n}` })));
    const all = (await fetchUnpublished(t.db, { limit: 1000, source: SOURCE })).filter((r) => ids.includes(r.id));
    expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());
    const seqs = all.map((r) => r.seq);
    const skipped = (await fetchUnpublished(t.db, { limit: 1000, source: SOURCE, skipSeqs: [seqs[1], seqs[2]] })).map(
      (r) => r.seq,
    );
    expect(skipped).not.toContain(seqs[1]);
    expect(skipped).toContain(seqs[3]);
    expect(await fetchUnpublished(t.db, { limit: 2, source: SOURCE })).toHaveLength(2);
  });
});
