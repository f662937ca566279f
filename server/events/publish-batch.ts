import type { PubAck } from "@nats-io/jetstream";
import type { OutboxEvent } from "./envelope";

export type BatchResult = {
  /** Acknowledged by the stream, in `seq` order (duplicates included: they are stored already). */
  acked: { event: OutboxEvent; ack: PubAck; ackedAt: number }[];
  /** Events whose own publish failed. */
  failed: { event: OutboxEvent; error: string }[];
  /** Events not sent because an earlier event with the same ordering key failed. */
  held: number;
};

class HeldBack extends Error {}

/**
 * Which events must reach the stream one after the other: an account's events, else an
 * organisation's. Events without either may overtake each other.
 */
export function orderingKey(e: Pick<OutboxEvent, "accountNumber" | "organisationId">): string | null {
  if (e.accountNumber) return `a:${e.accountNumber}`;
  if (e.organisationId !== null && e.organisationId !== undefined) return `o:${e.organisationId}`;
  return null;
}

/**
 * Publishes a batch with many publishes in flight but at most one per ordering key: an
 * event is sent only after the previous event of its key is acked, so a lost or refused
 * publish can never let a later event of the same account land before it (ADR 0300).
 */
export async function publishBatch(
  events: OutboxEvent[],
  publish: (e: OutboxEvent) => Promise<PubAck>,
): Promise<BatchResult> {
  const tails = new Map<string, Promise<unknown>>();
  const send = (event: OutboxEvent) => publish(event).then((ack) => ({ ack, ackedAt: Date.now() }));
  const outcomes = events.map((event) => {
    const key = orderingKey(event);
    const prev = key ? tails.get(key) : undefined;
    const run = prev
      ? prev.then(
          () => send(event),
          () => {
            throw new HeldBack();
          },
        )
      : send(event);
    if (key) tails.set(key, run);
    return run;
  });
  const settled = await Promise.allSettled(outcomes);
  const result: BatchResult = { acked: [], failed: [], held: 0 };
  settled.forEach((s, i) => {
    const event = events[i];
    if (s.status === "fulfilled") result.acked.push({ event, ...s.value });
    else if (s.reason instanceof HeldBack) result.held += 1;
    else result.failed.push({ event, error: errorText(s.reason) });
  });
  return result;
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
    return `${err.name}: ${err.message}${cause}`;
  }
  return String(err);
}
