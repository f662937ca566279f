import type { PubAck } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import type { OutboxEvent } from "./envelope";
import { orderingKey, publishBatch } from "./publish-batch";

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
});
