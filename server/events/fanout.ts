import { sql } from "drizzle-orm";
import { events } from "@/db/schema";
import type { OutboxEvent } from "./envelope";

/**
 * A fan-out row is one outbox row standing for many events of one type: a 500-transaction
 * import writes one `billing.ledger.entry_posted` row listing its transactions
 * (`fanout_ids`, with each one's kind in `fanout_kinds`) instead of 500 rows, since an
 * outbox row per transaction was half of PostgreSQL's work for the request (ADR 0303).
 * Every reader (relay, event log, event look-up, counts) sees the events it stands for,
 * built here: the row's payload is what they share, each event adds its own part.
 */
export type StoredEvent = OutboxEvent & { fanoutIds?: (number | string)[] | null; fanoutKinds?: string[] | null };

/** One event as readers see it (a plain row is one, a fan-out row `parts` of them), with the row's other columns. */
export type LoggedEvent<R extends StoredEvent = StoredEvent> = Omit<R, "fanoutIds" | "fanoutKinds"> & {
  rowId: string;
  part: number;
  parts: number;
};

/**
 * The ledger flags of billing.ledger.entry_posted v2 for a transaction's type (CHARGE, CREDIT,
 * PAYMENT, REPAYMENT, SUPPLY_CHARGE): part of the event's payload, so defined with it here. A
 * negative charge or credit is posted as the entry it is (the platform is not told which entry
 * it reverses), so is_reversal stays false.
 */
export function entryFlags(type: string) {
  return {
    is_charge: type === "CHARGE" || type === "SUPPLY_CHARGE",
    is_credit: type === "CREDIT",
    is_payment: type === "PAYMENT",
    is_repayment: type === "REPAYMENT",
    is_reversal: false,
    is_reversed: false,
  };
}

type Builder = (shared: Record<string, unknown>, id: number, kind: string) => Record<string, unknown>;

/** How each fanned-out type's payload is built from the shared part, the source row's id and its kind. */
const BUILDERS: Record<string, Builder> = {
  "billing.ledger.entry_posted@v2": (shared, id, kind) => ({
    ledger: shared.ledger,
    entry: {
      id,
      ...entryFlags(kind),
      source_id: id,
      source_type: (shared.entry as { source_type: string }).source_type,
    },
  }),
};

/** The payload of one fanned-out event (also used to check a sample before a fan-out row is written). */
export function fanoutPayload(
  type: string,
  version: string,
  shared: Record<string, unknown>,
  id: number,
  kind: string,
): Record<string, unknown> {
  const build = BUILDERS[`${type}@${version}`];
  if (!build) throw new Error(`Event "${type}" version "${version}" cannot be fanned out`);
  return build(shared, id, kind);
}

export const isFanout = (row: StoredEvent) => Array.isArray(row.fanoutIds);

/** How many events a row stands for. */
export const eventCount = (row: StoredEvent) => (isFanout(row) ? row.fanoutIds!.length : 1);

/** The same in SQL, for counting events rather than rows. */
export const EVENTS_IN_ROW = sql<number>`coalesce(cardinality(${events.fanoutIds}), 1)`;

/** The events a stored row stands for, in order. */
export function expandRow<R extends StoredEvent>(row: R): LoggedEvent<R>[] {
  const { fanoutIds, fanoutKinds, ...event } = row;
  if (!fanoutIds) return [{ ...event, rowId: row.id, part: 0, parts: 1 }];
  return fanoutIds.map((raw, part) => {
    const id = Number(raw);
    return {
      ...event,
      id: fanoutEventId(row.id, row.seq, part),
      payload: fanoutPayload(row.type, row.version, row.payload, id, fanoutKinds![part]),
      rowId: row.id,
      part,
      parts: fanoutIds.length,
    };
  });
}

/**
 * The id of a fanned-out event: an RFC 9562 version 8 UUID holding the row's `seq` (48
 * bits) and the event's place in it (12 bits), so it can be looked up, and the last 62
 * bits of the row's own id, so no two databases (or a restored one) give out the same id.
 * Deterministic: a re-published event keeps its id and the bus drops the copy.
 */
export function fanoutEventId(rowId: string, seq: number, part: number): string {
  if (seq >= 2 ** 48 || part >= 4096) throw new RangeError("seq or part out of range for a fan-out event id");
  const hex = `${seq.toString(16).padStart(12, "0")}8${part.toString(16).padStart(3, "0")}`;
  const tail = rowId.replace(/-/g, "").slice(16);
  // Variant bits 10 in the tail's first nibble, as in the row id (a v7 UUID has them already).
  const v = ((parseInt(tail[0], 16) & 0x3) | 0x8).toString(16);
  const all = hex + v + tail.slice(1);
  return `${all.slice(0, 8)}-${all.slice(8, 12)}-${all.slice(12, 16)}-${all.slice(16, 20)}-${all.slice(20)}`;
}

/** `{seq, part}` of a fanned-out event id, or null for any other UUID. */
export function parseFanoutEventId(id: string): { seq: number; part: number } | null {
  const hex = id.toLowerCase().replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/.test(hex) || hex[12] !== "8") return null;
  return { seq: parseInt(hex.slice(0, 12), 16), part: parseInt(hex.slice(13, 16), 16) };
}

/** Whether `id` names part `part` of the stored row `rowId` (the tails must match too). */
export function isFanoutEventOf(id: string, row: { id: string; seq: number }): boolean {
  const p = parseFanoutEventId(id);
  return !!p && p.seq === row.seq && fanoutEventId(row.id, row.seq, p.part) === id.toLowerCase();
}
