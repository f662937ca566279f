import { getDb } from "@/db/client";
import { startWorkers } from "../../jobs/worker";
import { scheduledImportJobHandler } from "./run-scheduled-import";
import { env } from "@/server/env.mjs";

/**
 * Starts the workers that run scheduled account imports (POST /v2/data-import/accounts/);
 * returns a function that stops them after the jobs in hand. Safe in every instance at once:
 * each job is claimed by one worker (FOR UPDATE SKIP LOCKED, ADR 0103), one at a time so a
 * claimed job never waits behind another in the same worker while its lease runs.
 */
export function startAccountImportWorker(): () => Promise<void> {
  const workers = env.ACCOUNT_IMPORT_WORKERS;
  return startWorkers(workers, getDb, scheduledImportJobHandler, {
    pollMs: env.ACCOUNT_IMPORT_WORKER_POLL_MS,
    batchSize: 1,
    leaseSeconds: 120,
    backoffSeconds: 5,
  });
}
