import { bigint, bigserial, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A set of `seq`s as PostgreSQL's int8multirange, kept as its text form (`{[1,4),[7,8)}`). */
const seqRanges = customType<{ data: string }>({ dataType: () => "int8multirange" });

// The outbox's delivery state, kept apart from the event rows so that recording a delivery
// never rewrites an event (ADR 0304). A row here is an event row not yet acked by JetStream:
// inserted by a trigger on `events` in the inserting statement (migration 0007), deleted by
// the relay once every message of the row is acked. Small: only what is waiting.
export const eventPending = pgTable("event_pending", {
  seq: bigint({ mode: "number" }).primaryKey(),
  // The row's ordering key (account, else organisation), so the relay can leave out a
  // blocked chain and the console count an organisation's backlog without the event rows.
  accountNumber: text(),
  organisationId: integer(),
});

// When rows were delivered: one insert-only row per relay stamp, naming the `seq`s it
// delivered, so the console can show "Published <time>" for any event.
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seqs: seqRanges().notNull(),
  },
  (t) => [index("event_deliveries_seqs_idx").using("gist", t.seqs)],
);
