import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { eventPending, eventRelayState, events } from "@/db/schema";
import { env } from "@/server/env.mjs";
import { metrics, onScrape } from "@/server/lib/metrics.mjs";
import { EVENTS_IN_ROW } from "./fanout";

/** Readings of database-wide figures are reused for this long, so several scrapers cost one. */
export const SCRAPE_CACHE_MS = 5000;

/** Reuses `read`'s result for SCRAPE_CACHE_MS. */
export function cachedReading(read: () => Promise<void>): () => Promise<void> {
  let last = 0;
  let pending: Promise<void> | null = null;
  return () => {
    if (pending) return pending;
    if (Date.now() - last < SCRAPE_CACHE_MS) return Promise.resolve();
    pending = read()
      .then(() => void (last = Date.now()))
      .finally(() => (pending = null));
    return pending;
  };
}

/**
 * The relay's lag, heartbeat and totals, and the pending rows, read from PostgreSQL on each
 * scrape in one statement whose cost does not grow with the backlog (ADR 0043); the pending
 * events (a fan-out row counts as each event it stands for) in a reading of their own, which
 * probes every pending row: with hundreds of thousands waiting it can take over the scrape's
 * 2 s, and must not leave the lag, which the alerts read, stale.
 */
export function registerEventGauges(db: Db) {
  const m = metrics();
  onScrape(
    "events",
    cachedReading(async () => {
      const stream = env.EVENTS_STREAM;
      const [r] = await execRows<{
        rows: number;
        lag: number | null;
        published: number | string | null;
        beat: number | null;
      }>(
        db,
        sql`select (select count(*) from ${eventPending})::int as rows,
          extract(epoch from now() - (select e.created_at from ${events} e where e.seq = (select min(p.seq) from ${eventPending} p)))::float8 as lag,
          (select s.published_total from ${eventRelayState} s where s.stream = ${stream}) as published,
          extract(epoch from now() - (select s.heartbeat_at from ${eventRelayState} s where s.stream = ${stream}))::float8 as beat`,
      );
      m.relayConfigured.set(env.NATS_URL ? 1 : 0);
      m.eventsPendingRows.set(r.rows);
      m.relayLag.set(Math.max(0, r.lag ?? 0));
      m.relayPublishedTotal.set(Number(r.published ?? 0));
      if (r.beat !== null) m.relayHeartbeatAge.set(Math.max(0, r.beat));
      else m.relayHeartbeatAge.reset();
    }),
  );
  onScrape(
    "events-pending",
    cachedReading(async () => {
      const [r] = await execRows<{ unpublished: number }>(
        db,
        sql`select coalesce(sum((select ${EVENTS_IN_ROW} from ${events} where ${events.seq} = p.seq)), 0)::int as unpublished from ${eventPending} p`,
      );
      m.eventsPending.set(r.unpublished);
    }),
  );
}

const IMPORT_OUTCOMES: Record<string, { outcome: string; failed: boolean }> = {
  "data_import.import_process.complete": { outcome: "imported", failed: false },
  "data_import.import_process.error": { outcome: "failed", failed: true },
  "data_import.import_process.dry_run_complete": { outcome: "dry_run", failed: false },
  "data_import.import_process.dry_run_error": { outcome: "dry_run_failed", failed: true },
  "data_import.import_process.cancelled": { outcome: "cancelled", failed: false },
};

/**
 * Counts events written in a transaction, by type, and the account imports they end: every
 * import path (REST, console jobs, scheduled imports, the demo loader) ends in one of the
 * import_process events, so counting them here counts every import once. `count`: the events a
 * fan-out row stands for (ADR 0303).
 */
export function countWrittenEvents(batch: readonly { type: string; payload: unknown; count?: number }[]) {
  let type = "";
  let run = 0;
  for (const e of batch) {
    if (e.type !== type) {
      if (run) writtenOf(type).inc(run);
      type = e.type;
      run = 0;
    }
    run += e.count ?? 1;
    const ended = Object.hasOwn(IMPORT_OUTCOMES, e.type) ? IMPORT_OUTCOMES[e.type] : undefined;
    if (ended)
      metrics().accountImports.inc({
        outcome: ended.outcome,
        code: ended.failed ? String((e.payload as { error_code?: unknown }).error_code ?? "") : "",
      });
  }
  if (run) writtenOf(type).inc(run);
}

/** The counter's child per type, kept: a batch costs an increment per type, no label hashing. */
const writtenByType = new Map<string, { inc(n: number): void }>();
function writtenOf(type: string) {
  let child = writtenByType.get(type);
  if (!child) writtenByType.set(type, (child = metrics().eventsWritten.labels({ type })));
  return child;
}
