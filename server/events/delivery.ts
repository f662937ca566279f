import { type SQL, sql } from "drizzle-orm";

// Written out rather than from the table objects: drizzle leaves a column unqualified in a
// select list, which inside these subqueries would name the wrong table.
// How readers see an event row's delivery (ADR 0304): pending while it has an event_pending
// row, else delivered at the time of the event_deliveries row that names its seq.

/** True while the events row is waiting for the relay. */
export const IS_PENDING: SQL<boolean> = sql<boolean>`exists (select 1 from event_pending p where p.seq = "events"."seq")`;

/** When the events row was delivered (all its messages acked), null while pending. */
export const PUBLISHED_AT: SQL<Date | null> =
  sql<Date | null>`(select d.published_at from event_deliveries d where d.seqs @> "events"."seq" limit 1)`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  );
