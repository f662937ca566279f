import { hostname } from "node:os";
import { type Db, getDb } from "@/db/client";
import { logger } from "../logger";
import { claimJobs, enqueueJob } from "./queue";
import { type JobHandler, runOne } from "./worker";

/**
 * Runs `check` at start (catching up after downtime) and then every `intervalMs`, in every
 * instance: each check queues its work under a unique dedup key and runs it only if no instance
 * has claimed it. A check still running is not started twice. Returns a function that stops the
 * timer and waits for the check in hand.
 */
export function startPeriodicCheck(
  what: string,
  check: (db: Db, workerId: string) => Promise<unknown>,
  intervalMs: number,
): () => Promise<void> {
  const workerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  let inFlight: Promise<void> | undefined;
  const tick = () => {
    inFlight ??= getDb()
      .then((db) => check(db, workerId))
      .then(
        () => undefined,
        (err) => logger.error(`${what} check failed`, { err }),
      )
      .finally(() => (inFlight = undefined));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}

/**
 * Queues `handler`'s job for `now`'s UTC day (one per day however many instances ask: the
 * dedup key is unique) and runs it here if no instance has claimed it (FOR UPDATE SKIP
 * LOCKED). Returns the ids of the jobs this caller ran.
 */
export async function runDailyJob(
  db: Db,
  workerId: string,
  handler: JobHandler,
  now: Date,
  payload: Record<string, unknown>,
  leaseSeconds = 3600,
): Promise<number[]> {
  const day = now.toISOString().slice(0, 10);
  await enqueueJob(db, { queue: handler.queue, payload: { day, ...payload }, dedupKey: `${handler.queue}:${day}` });
  const claimed = await claimJobs(db, handler.queue, workerId, 1, leaseSeconds);
  for (const job of claimed) await runOne(db, handler, job, 300);
  return claimed.map((j) => j.id);
}
