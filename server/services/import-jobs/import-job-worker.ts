import { getDb } from "@/db/client";
import { startWorkers } from "../../jobs/worker";
import { importLaneHandler } from "./run-import-lane";

/**
 * Starts the workers that run console import jobs' lanes (ADR 0404); returns a function that
 * stops them after the slice in hand. Safe in every instance at once.
 */
export function startImportJobWorker(): () => Promise<void> {
  const workers = Number(process.env.IMPORT_JOB_WORKERS ?? 4);
  return startWorkers(workers, getDb, importLaneHandler, {
    pollMs: Number(process.env.IMPORT_JOB_WORKER_POLL_MS ?? 500),
    batchSize: 1,
    leaseSeconds: 120,
    backoffSeconds: 2,
  });
}
