import type { Db } from "@/db/client";
import { metrics, onScrape } from "@/server/lib/metrics.mjs";
import { getRelayStatus } from "./relay-status";

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

/** The outbox's pending events, the relay's lag and its heartbeat, read from PostgreSQL on each scrape (ADR 0043). */
export function registerEventGauges(db: Db) {
  const m = metrics();
  onScrape(
    "events",
    cachedReading(async () => {
      const s = await getRelayStatus(db);
      m.relayConfigured.set(s.relay_configured ? 1 : 0);
      m.eventsPending.set(s.unpublished_count);
      m.relayLag.set(s.oldest_unpublished_age_seconds ?? 0);
      m.relayPublishedTotal.set(s.published_total);
      if (s.leader?.heartbeat_age_seconds != null) m.relayHeartbeatAge.set(s.leader.heartbeat_age_seconds);
      else m.relayHeartbeatAge.reset();
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
    if (ended) metrics().accountImports.inc({ outcome: ended.outcome, code: ended.failed ? String((e.payload as { error_code?: unknown }).error_code ?? "") : "" });
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
