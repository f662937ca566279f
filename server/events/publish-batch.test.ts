import type { JetStreamClient, PubAck } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import type { OutboxEvent } from "./envelope";
import { examplePayload } from "./example-payload";
import { publishEvent } from "./nats";
import { messagesOf, orderingKey, publishBatch, publishRows } from "./publish-batch";
import { eventCatalogue } from "./registry";
import { deliveredId } from "./versions";

const ev = (seq: number, accountNumber: string | null, organisationId: number | null = null): OutboxEvent => ({
  id: `id-${seq}`,
  seq,
  type: "account.updated",
  version: "v1",
  occurredAt: new Date(0),
  accountNumber,
  organisationId,
  payload: {},
});
const ack = (seq: number): PubAck => ({ stream: "S", seq, duplicate: false, domain: "" }) as PubAck;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("publishBatch", () => {
  it("keys on the account, else the organisation, else nothing", () => {
    expect(orderingKey({ accountNumber: "A-1", organisationId: 3 })).toBe("a:A-1");
    expect(orderingKey({ accountNumber: null, organisationId: 3 })).toBe("o:3");
    expect(orderingKey({ accountNumber: null, organisationId: null })).toBeNull();
  });

  it("pipelines across accounts but never has two publishes of one account in flight", async () => {
    const batch = [ev(1, "A"), ev(2, "B"), ev(3, "A"), ev(4, null), ev(5, "B"), ev(6, "A"), ev(7, null)];
    const inFlight = new Map<string, number>();
    let maxTotal = 0;
    let total = 0;
    const started: number[] = [];
    const result = await publishBatch(batch, async (e) => {
      const key = e.accountNumber ?? `none-${e.seq}`;
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      expect(inFlight.get(key)).toBe(1);
      started.push(e.seq);
      maxTotal = Math.max(maxTotal, ++total);
      await tick(5 + ((e.seq * 7) % 11));
      inFlight.set(key, inFlight.get(key)! - 1);
      total--;
      return ack(e.seq);
    });
    expect(result.acked.map((a) => a.event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(maxTotal).toBeGreaterThanOrEqual(3);
    // Within an account, sends follow seq order.
    expect(started.filter((s) => [1, 3, 6].includes(s))).toEqual([1, 3, 6]);
  });

  it("after a failed publish holds back that account's later events and lets the others through", async () => {
    const batch = [ev(1, "A"), ev(2, "A"), ev(3, "B"), ev(4, "A"), ev(5, "B")];
    const sent: number[] = [];
    const result = await publishBatch(batch, async (e) => {
      sent.push(e.seq);
      await tick(1);
      if (e.seq === 2) throw new Error("maximum message size exceeded");
      return ack(e.seq);
    });
    expect(sent.sort()).toEqual([1, 2, 3, 5]);
    expect(result.acked.map((a) => a.event.seq)).toEqual([1, 3, 5]);
    expect(result.failed).toEqual([{ event: batch[1], error: "Error: maximum message size exceeded" }]);
    expect(result.held).toBe(1);
  });

  it("a publish that throws instead of rejecting fails only its own event; the others in flight are still settled", async () => {
    // nats.js refuses a header value with a line break synchronously, before any request.
    const js = { publish: async () => ack(0) } as unknown as JetStreamClient;
    const cfg = { stream: "S", subjectPrefix: "events", source: "urn:test", publishTimeoutMs: 1000 };
    const batch = [ev(1, "A"), ev(2, "B\nC"), ev(3, "A"), ev(4, "D")];
    const result = await publishBatch(batch, (e) => publishEvent(js, cfg, e));
    expect(result.acked.map((a) => a.event.seq)).toEqual([1, 3, 4]);
    expect(result.failed).toEqual([{ event: batch[1], error: expect.stringMatching(/cannot contain \\r or \\n/) }]);
  });
});

const posted = (seq: number, accountNumber: string | null): OutboxEvent => ({
  ...ev(seq, accountNumber),
  id: `00000000-0000-7000-8000-${String(seq).padStart(12, "0")}`,
  type: "billing.ledger.entry_posted",
  version: "v2",
  payload: examplePayload(eventCatalogue["billing.ledger.entry_posted"].v2),
});

describe("publishRows", () => {
  it("sends a stored v2 ledger row as v2 then its derived v1, on the row's account chain", async () => {
    const rows = [posted(1, "A"), ev(2, "A"), posted(3, "B")];
    const sent: string[] = [];
    const result = await publishRows(rows, async (m) => {
      sent.push(`${m.seq}:${m.version}:${m.id}`);
      await tick(1);
      return ack(sent.length);
    });
    const v1Of = (r: OutboxEvent) => deliveredId(r.id, "v2", "v1");
    // Per account, in seq order and the stored version first.
    expect(sent.filter((s) => !s.startsWith("3:"))).toEqual([
      `1:v2:${rows[0].id}`,
      `1:v1:${v1Of(rows[0])}`,
      "2:v1:id-2",
    ]);
    expect(sent.filter((s) => s.startsWith("3:"))).toEqual([`3:v2:${rows[2].id}`, `3:v1:${v1Of(rows[2])}`]);
    expect(result.delivered.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(result.deliveredAcks).toHaveLength(5);
    const derived = result.deliveredAcks.find((a) => a.event.id === v1Of(rows[0]))!.event;
    expect(derived).toMatchObject({
      rowId: rows[0].id,
      seq: 1,
      accountNumber: "A",
      version: "v1",
      occurredAt: rows[0].occurredAt,
    });
    expect(derived.payload).toEqual({ ledger: rows[0].payload.ledger });
    expect(result.failedRows).toEqual([]);
  });

  it("leaves a row whose derived message failed undelivered, and holds its account's later rows", async () => {
    const rows = [posted(1, "A"), ev(2, "A"), ev(3, "B")];
    const result = await publishRows(rows, async (m) => {
      if (m.rowId === rows[0].id && m.version === "v1") throw new Error("timeout");
      return ack(m.seq);
    });
    expect(result.acked.map((a) => `${a.event.seq}:${a.event.version}`)).toEqual(["1:v2", "3:v1"]);
    expect(result.delivered.map((r) => r.seq)).toEqual([3]);
    expect(result.deliveredAcks.map((a) => a.event.seq)).toEqual([3]);
    expect(result.failedRows).toEqual([{ id: rows[0].id, error: "Error: timeout" }]);
    expect(result.held).toBe(1);
  });

  it("turns a row whose forms cannot be built into one failed message instead of throwing", async () => {
    const broken = { ...posted(1, "A"), payload: { ledger: "not a ledger" } };
    const sent: number[] = [];
    const result = await publishRows([broken, ev(2, "A"), ev(3, "B")], async (m) => {
      sent.push(m.seq);
      return ack(m.seq);
    });
    expect(sent).toEqual([3]);
    expect(result.failedRows).toEqual([
      {
        id: broken.id,
        error: expect.stringMatching(/Invalid payload for event "billing\.ledger\.entry_posted" version "v1"/),
      },
    ]);
    expect(result.held).toBe(1);
  });

  it("expands only the types and stored versions that have derived ones", () => {
    expect(messagesOf([ev(1, "A")]).map((m) => [m.id, m.version, m.rowId])).toEqual([["id-1", "v1", "id-1"]]);
    const removed = {
      ...posted(2, "A"),
      type: "billing.ledger.entry_removed",
      payload: examplePayload(eventCatalogue["billing.ledger.entry_removed"].v2),
    };
    expect(messagesOf([removed]).map((m) => m.version)).toEqual(["v2", "v1"]);
  });
});
