import { getDb } from "@/db/client";
import { startWorkers } from "../../jobs/worker";
import { importLaneHandler } from "./run-import-lane";
import { env } from "@/server/env.mjs";

/**
 * Starts the workers that run console import jobs' lanes (ADR 0404); returns a function that
 * stops them after the slice in hand. Safe in every instance at once.
 */
export function startImportJobWorker(): () => Promise<void> {
  const workers = env.IMPORT_JOB_WORKERS;
  return startWorkers(workers, getDb, importLaneHandler, {
    pollMs: env.IMPORT_JOB_WORKER_POLL_MS,
    batchSize: 1,
    leaseSeconds: 120,
    backoffSeconds: 2,
    wakeOnNotify: true,
  });
}
