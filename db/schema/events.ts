import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

// The transactional outbox and the event log in one table: rows are written in the
// same transaction as the change. Whether a row is delivered is kept beside it, never on
// it (event_pending, event_deliveries: event-delivery.ts, ADR 0304).
export const events = pgTable(
  "events",
  {
    id: uuid().primaryKey(),
    seq: bigserial({ mode: "number" }).notNull().unique(),
    type: text().notNull(),
    version: text().notNull(),
    // The database clock at insert, for every writer (ADR 0408): seq and occurred_at agree per account.
    occurredAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    // When the row entered the outbox (occurred_at may be back-dated): the relay's lag is measured from here.
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    accountNumber: text(),
    organisationId: integer(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    // A fan-out row stands for one event per listed source row (ids, and each one's kind);
    // null for a row that is one event (server/events/fanout.ts, ADR 0303).
    fanoutIds: bigint({ mode: "number" }).array(),
    fanoutKinds: text().array(),
    // The W3C trace context of the request that wrote the row, when it was traced; the relay
    // sends it as the CloudEvents distributed-tracing extension (ADR 0044).
    traceparent: text(),
    tracestate: text(),
  },
  (t) => [
    index().on(t.accountNumber, t.seq),
    // No index on type alone: the console filters by type prefix within an organisation
    // (served by organisation_id, seq), and every index is paid on each outbox insert.
    index().on(t.organisationId, t.seq),
    // The console's type-prefix filter: each matching type's newest rows (bytewise order keeps
    // one prefix's types adjacent, whatever the database's collation; ADR 0020).
    // The console's time-range filter: a range's rows read from the index alone (ADR 0020).
    index().on(t.organisationId, t.occurredAt, t.seq),
    index("events_organisation_type_seq_idx").on(t.organisationId, sql`(${t.type} collate "C")`, t.seq),
    // An import process's latest outcome (GET /v2/data-import/accounts/...): partial, so the
    // outbox's other inserts pay only the predicate. The type list is also in get-import-status.ts.
    index("events_import_process_idx")
      .on(t.organisationId, sql`(${t.payload}->>'external_identifier')`, t.seq)
      .where(
        sql`${t.type} in ('data_import.import_process.complete', 'data_import.import_process.error', 'data_import.import_process.dry_run_complete', 'data_import.import_process.dry_run_error', 'data_import.import_process.cancelled')`,
      ),
    check(
      "events_fanout_check",
      sql`(${t.fanoutIds} is null and ${t.fanoutKinds} is null) or (cardinality(${t.fanoutIds}) between 1 and 4096 and cardinality(${t.fanoutKinds}) = cardinality(${t.fanoutIds}))`,
    ),
  ],
);
