import { getDb } from "@/db/client";
import { startWorker } from "../../jobs/worker";
import { registrationJobHandler } from "./run-registration";
import { env } from "@/server/env.mjs";

/**
 * Starts the background worker that sends registration flows; returns a function that
 * stops it after the job in hand. Safe to run in every app instance at once.
 */
export function startRegistrationWorker(): () => Promise<void> {
  return startWorker(getDb, registrationJobHandler, {
    pollMs: env.REGISTRATION_WORKER_POLL_MS,
    backoffSeconds: env.REGISTRATION_RETRY_BACKOFF_SECONDS,
  });
}
