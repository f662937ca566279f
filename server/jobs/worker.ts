import { hostname } from "node:os";
import type { Db } from "@/db/client";
import { logger } from "../logger";
import { claimJobs, completeJob, failJob, type Job, requeueJob } from "./queue";

/** Thrown by a handler for a failure that should not be retried. */
export class PermanentJobError extends Error {}

export type JobHandler = {
  queue: string;
  /** Returning `{ requeueAfterSeconds }` continues the job later instead of completing it (no attempt spent). */
  run: (db: Db, job: Job) => Promise<void | { requeueAfterSeconds: number }>;
  /** Records the final failure where users can see it (e.g. on the meter point). */
  onGiveUp: (db: Db, job: Job, error: string) => Promise<void>;
};

export type WorkerOptions = { pollMs?: number; batchSize?: number; leaseSeconds?: number; backoffSeconds?: number };

/** `count` workers of one queue (see startWorker); the returned function stops them all. */
export function startWorkers(count: number, getDb: () => Promise<Db>, handler: JobHandler, opts: WorkerOptions = {}): () => Promise<void> {
  const stops = Array.from({ length: count }, () => startWorker(getDb, handler, opts));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * Polls the queue, runs claimed jobs one after another, and returns a stop function that
 * waits for the job in hand. Any number of workers, on any instances, may run at once.
 */
export function startWorker(getDb: () => Promise<Db>, handler: JobHandler, opts: WorkerOptions = {}): () => Promise<void> {
  const workerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        const db = await getDb();
        const batch = await claimJobs(db, handler.queue, workerId, opts.batchSize ?? 10, opts.leaseSeconds ?? 60);
        claimed = batch.length;
        for (const job of batch) await runOne(db, handler, job, opts.backoffSeconds);
      } catch (err) {
        logger.error("job worker poll failed", { queue: handler.queue, err });
      }
      if (!stopped && claimed === 0) await new Promise<void>((r) => ((wake = r), setTimeout(r, pollMs)));
    }
  })();
  return async () => {
    stopped = true;
    wake?.();
    await loop;
  };
}

export async function runOne(db: Db, handler: JobHandler, job: Job, backoffSeconds?: number) {
  if (job.attempts > job.maxAttempts) {
    // A worker died holding the final attempt: its lease ran out.
    await giveUp(db, handler, job, job.lastError ?? "The job's last attempt did not finish.");
    return;
  }
  try {
    const outcome = await handler.run(db, job);
    if (outcome) await requeueJob(db, job, outcome.requeueAfterSeconds);
    else await completeJob(db, job);
  } catch (err) {
    const message = (err as Error).message;
    const final = await failJob(db, job, message, { retryable: !(err instanceof PermanentJobError), backoffSeconds });
    logger.warn("job attempt failed", { queue: handler.queue, jobId: job.id, attempt: job.attempts, final, err: message });
    if (final) await handler.onGiveUp(db, job, message);
  }
}

async function giveUp(db: Db, handler: JobHandler, job: Job, error: string) {
  await failJob(db, job, error, { retryable: false });
  await handler.onGiveUp(db, job, error);
}
