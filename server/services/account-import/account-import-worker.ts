import { getDb } from "@/db/client";
import { startWorkers } from "../../jobs/worker";
import { scheduledImportJobHandler } from "./run-scheduled-import";

/**
 * Starts the workers that run scheduled account imports (POST /v2/data-import/accounts/);
 * returns a function that stops them after the jobs in hand. Safe in every instance at once:
 * each job is claimed by one worker (FOR UPDATE SKIP LOCKED, ADR 0103), one at a time so a
 * claimed job never waits behind another in the same worker while its lease runs.
 */
export function startAccountImportWorker(): () => Promise<void> {
  const workers = Number(process.env.ACCOUNT_IMPORT_WORKERS ?? 2);
  return startWorkers(workers, getDb, scheduledImportJobHandler, {
    pollMs: Number(process.env.ACCOUNT_IMPORT_WORKER_POLL_MS ?? 1000),
    batchSize: 1,
    leaseSeconds: 120,
    backoffSeconds: 5,
  });
}
