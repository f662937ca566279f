import type { Db } from "@/db/client";
import { runDailyJob, startPeriodicCheck } from "../jobs/periodic";
import type { JobHandler } from "../jobs/worker";
import { logger } from "../logger";
import { pruneDeliveredEvents } from "./prune-delivered";
import { env } from "@/server/env.mjs";

export const EVENT_RETENTION_QUEUE = "event-retention";

/** Days delivered events stay in PostgreSQL (ADR 0021); 0 keeps them for good. */
export const eventRetentionDays = () => env.EVENT_RETENTION_DAYS;

export const eventRetentionHandler: JobHandler = {
  queue: EVENT_RETENTION_QUEUE,
  run: async (db, job) => {
    const removed = await pruneDeliveredEvents(db, { days: Number(job.payload.days) });
    if (removed) logger.info("delivered events pruned", { events: removed, olderThanDays: job.payload.days });
  },
  onGiveUp: async (_db, job, error) => {
    logger.error("event retention gave up", { jobId: job.id, day: job.payload.day, err: error });
  },
};

/** One check: queue today's pruning (one per UTC day across instances), run it here if unclaimed. Returns the jobs run here. */
export async function tickEventRetention(
  db: Db,
  workerId: string,
  now = new Date(),
  days = eventRetentionDays(),
): Promise<number[]> {
  if (days <= 0) return [];
  return runDailyJob(db, workerId, eventRetentionHandler, now, { days });
}

/** Checks at start and then hourly; safe in every instance. */
export function startEventRetention(opts: { intervalMs?: number } = {}): () => Promise<void> {
  return startPeriodicCheck(
    "event retention",
    (db, workerId) => tickEventRetention(db, workerId),
    opts.intervalMs ?? 3_600_000,
  );
}
