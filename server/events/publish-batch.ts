import type { PubAck } from "@nats-io/jetstream";
import type { OutboxEvent } from "./envelope";
import { expandRow, isFanout, type StoredEvent } from "./fanout";
import { UnpublishedRow } from "./unpublished-row";
import { deliveredForms, storedVersionOf } from "./versions";

export type Acked<E extends OutboxEvent = OutboxEvent> = { event: E; ack: PubAck; ackedAt: number };

export type BatchResult<E extends OutboxEvent = OutboxEvent> = {
  /** Acknowledged by the stream, in `seq` order (duplicates included: they are stored already). */
  acked: Acked<E>[];
  /** Events whose own publish failed. */
  failed: { event: E; error: string }[];
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
export async function publishBatch<E extends OutboxEvent>(
  events: E[],
  publish: (e: E) => Promise<PubAck>,
): Promise<BatchResult<E>> {
  const tails = new Map<string, Promise<PubAck>>();
  const send = (event: E): Promise<PubAck> => {
    // A publish that throws rather than rejects (nats.js refuses a header value with a line
    // break synchronously) fails only its own event: thrown here, it would abandon the
    // publishes already in flight and fail the whole batch on every attempt.
    try {
      return publish(event);
    } catch (err) {
      return Promise.reject(err);
    }
  };
  // Outcomes land in their event's slot, so the result keeps batch order without allSettled's objects.
  const acks: (Acked<E> | undefined)[] = new Array(events.length);
  const errors: unknown[] = new Array(events.length);
  const outcomes = events.map((event, i) => {
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
    return run.then(
      (ack) => {
        acks[i] = { event, ack, ackedAt: Date.now() };
      },
      (err) => {
        errors[i] = err ?? new Error("publish failed");
      },
    );
  });
  await Promise.all(outcomes);
  const result: BatchResult<E> = { acked: [], failed: [], held: 0 };
  for (let i = 0; i < events.length; i++) {
    const a = acks[i];
    if (a) result.acked.push(a);
    else if (errors[i] instanceof HeldBack) result.held += 1;
    else result.failed.push({ event: events[i], error: errorText(errors[i]) });
  }
  return result;
}

/**
 * One message on the bus: a delivered form of an outbox row (its own id, version and
 * payload; the row's seq, account, organisation and time) and the row it came from.
 */
export type RelayMessage = OutboxEvent & { rowId: string; unpublishable?: Error };

/**
 * A row's messages: each event it stands for (one, or a fan-out row's many, in order) as
 * its stored version and then each derived one (ADR 0007), so a derived form follows its
 * stored one on the account's chain. A row whose messages cannot be built becomes one
 * message that fails, which holds back its account like a refused publish.
 */
export function messagesOf(rows: StoredEvent[]): RelayMessage[] {
  return rows.flatMap((stored): RelayMessage[] | RelayMessage => {
    // Most rows are one event delivered as one version: the relay's row is its own message,
    // payload unparsed (the relay's hot path); another reader's row, one copy.
    if (!isFanout(stored) && !storedVersionOf(stored.type)) {
      if (stored instanceof UnpublishedRow) return stored;
      const { id, seq, type, version, occurredAt, accountNumber, organisationId, payload, traceparent, tracestate } =
        stored;
      return {
        id,
        seq,
        type,
        version,
        occurredAt,
        accountNumber,
        organisationId,
        payload,
        traceparent,
        tracestate,
        rowId: id,
      };
    }
    let row = stored;
    try {
      // The messages built here carry their own payloads, never the row's stored envelope.
      if (stored instanceof UnpublishedRow) row = stored.toStoredEvent();
      return expandRow(row).flatMap(({ rowId, part: _p, parts: _n, ...event }) =>
        deliveredForms(event).map((f) => ({ ...event, id: f.id, version: f.version, payload: f.payload, rowId })),
      );
    } catch (err) {
      const { fanoutIds: _i, fanoutKinds: _k, ...event } = row;
      return [{ ...event, rowId: row.id, unpublishable: err instanceof Error ? err : new Error(String(err)) }];
    }
  });
}

export type RowsResult = BatchResult<RelayMessage> & {
  /** Rows every message of which was acked, in `seq` order: only these may be stamped. */
  delivered: StoredEvent[];
  /** The acks of the delivered rows' messages (a partly acked row's acks are left out). */
  deliveredAcks: Acked<RelayMessage>[];
  /** Each row with a failed message, once, with its first error. */
  failedRows: { id: string; error: string }[];
};

/**
 * Publishes each row as all its messages (publishBatch over the messages) and settles per
 * row. Re-publishing a partly delivered row is safe: every message id is deterministic, so
 * JetStream drops the copies it already holds.
 */
export async function publishRows(
  rows: StoredEvent[],
  publish: (m: RelayMessage) => Promise<PubAck>,
): Promise<RowsResult> {
  const messages = messagesOf(rows);
  const result = await publishBatch(messages, (m) => (m.unpublishable ? Promise.reject(m.unpublishable) : publish(m)));
  if (messages.length === rows.length && !result.failed.length && !result.held) {
    // Every row one message, every message acked: nothing to settle per row.
    return { ...result, delivered: rows, deliveredAcks: result.acked, failedRows: [] };
  }
  const ackedCount = new Map<string, number>();
  for (const a of result.acked) ackedCount.set(a.event.rowId, (ackedCount.get(a.event.rowId) ?? 0) + 1);
  const total = new Map<string, number>();
  for (const m of messages) total.set(m.rowId, (total.get(m.rowId) ?? 0) + 1);
  const complete = (rowId: string) => ackedCount.get(rowId) === total.get(rowId);
  const failedRows = new Map<string, string>();
  for (const f of result.failed) if (!failedRows.has(f.event.rowId)) failedRows.set(f.event.rowId, f.error);
  return {
    ...result,
    delivered: rows.filter((r) => complete(r.id)),
    deliveredAcks: result.acked.filter((a) => complete(a.event.rowId)),
    failedRows: [...failedRows].map(([id, error]) => ({ id, error })),
  };
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
    return `${err.name}: ${err.message}${cause}`;
  }
  return String(err);
}
