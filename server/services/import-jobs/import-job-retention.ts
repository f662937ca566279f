import type { Db } from "@/db/client";
import { runDailyJob, startPeriodicCheck } from "../../jobs/periodic";
import type { JobHandler } from "../../jobs/worker";
import { logger } from "../../logger";
import { pruneImportJobRows } from "./prune-import-job-rows";
import { env } from "@/server/env.mjs";

export const IMPORT_JOB_RETENTION_QUEUE = "import-job-retention";

/** Days a finished job keeps its imported rows' uploaded records (ADR 0415); 0 keeps them until the job is deleted. */
export const retentionDays = () => env.IMPORT_JOB_ROW_RETENTION_DAYS;

export const importJobRetentionHandler: JobHandler = {
  queue: IMPORT_JOB_RETENTION_QUEUE,
  run: async (db, job) => {
    const removed = await pruneImportJobRows(db, { days: Number(job.payload.days) });
    if (removed) logger.info("import job rows pruned", { rows: removed, olderThanDays: job.payload.days });
  },
  onGiveUp: async (_db, job, error) => {
    logger.error("import job row pruning gave up", { jobId: job.id, day: job.payload.day, err: error });
  },
};

/**
 * One check: queue today's pruning (one job per UTC day however many instances ask: the dedup
 * key is unique), then run it here if no instance has claimed it (FOR UPDATE SKIP LOCKED).
 * Returns the ids of the jobs this caller ran.
 */
export async function tickImportJobRetention(
  db: Db,
  workerId: string,
  now = new Date(),
  days = retentionDays(),
): Promise<number[]> {
  if (days <= 0) return [];
  return runDailyJob(db, workerId, importJobRetentionHandler, now, { days });
}

/** Checks at start and then hourly; safe in every instance. Returns a function that stops it after the check in hand. */
export function startImportJobRetention(opts: { intervalMs?: number } = {}): () => Promise<void> {
  return startPeriodicCheck(
    "import job retention",
    (db, workerId) => tickImportJobRetention(db, workerId),
    opts.intervalMs ?? 3_600_000,
  );
}
