import { hostname } from "node:os";
import { type Db, handleOf } from "@/db/client";
import { logger } from "../logger";
import { JOBS_CHANNEL, claimJobs, completeJob, failJob, type Job, requeueJob } from "./queue";

/** Thrown by a handler for a failure that should not be retried. */
export class PermanentJobError extends Error {}

export type JobHandler = {
  queue: string;
  /** Returning `{ requeueAfterSeconds }` continues the job later instead of completing it (no attempt spent). */
  run: (db: Db, job: Job) => Promise<void | { requeueAfterSeconds: number }>;
  /** Records the final failure where users can see it (e.g. on the meter point). */
  onGiveUp: (db: Db, job: Job, error: string) => Promise<void>;
};

export type WorkerOptions = {
  pollMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
  backoffSeconds?: number;
  /** Idle workers also look at once when wakeWorkers(queue) commits (one LISTEN per startWorkers call). */
  wakeOnNotify?: boolean;
};

/** `count` workers of one queue (see startWorker); the returned function stops them all. */
export function startWorkers(
  count: number,
  getDb: () => Promise<Db>,
  handler: JobHandler,
  opts: WorkerOptions = {},
): () => Promise<void> {
  const loops = Array.from({ length: count }, () => workerLoop(getDb, handler, opts));
  const unlisten = opts.wakeOnNotify
    ? listenForWork(getDb, handler.queue, () => loops.forEach((l) => l.nudge()))
    : undefined;
  return async () => {
    await unlisten?.();
    await Promise.all(loops.map((l) => l.stop()));
  };
}

/**
 * Polls the queue, runs claimed jobs one after another, and returns a stop function that
 * waits for the job in hand. Any number of workers, on any instances, may run at once.
 */
export function startWorker(
  getDb: () => Promise<Db>,
  handler: JobHandler,
  opts: WorkerOptions = {},
): () => Promise<void> {
  return startWorkers(1, getDb, handler, opts);
}

function workerLoop(getDb: () => Promise<Db>, handler: JobHandler, opts: WorkerOptions) {
  const workerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  // Set by a nudge while the loop is claiming or running: it then looks again before sleeping.
  let nudged = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      nudged = false;
      let claimed = 0;
      try {
        const db = await getDb();
        const batch = await claimJobs(db, handler.queue, workerId, opts.batchSize ?? 10, opts.leaseSeconds ?? 60);
        claimed = batch.length;
        for (const job of batch) await runOne(db, handler, job, opts.backoffSeconds);
      } catch (err) {
        logger.error("job worker poll failed", { queue: handler.queue, err });
      }
      if (!stopped && claimed === 0 && !nudged) await new Promise<void>((r) => ((wake = r), setTimeout(r, pollMs)));
      wake = undefined;
    }
  })();
  return {
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

/** Calls `nudge` whenever wakeWorkers(queue) commits, on any instance; returns its stop function. */
function listenForWork(getDb: () => Promise<Db>, queue: string, nudge: () => void): () => Promise<void> {
  let stopped = false;
  const listening = getDb().then(
    (db) =>
      stopped
        ? undefined
        : handleOf(db)?.listen(
            JOBS_CHANNEL,
            (payload) => payload === queue && nudge(),
            () => {},
          ),
    () => undefined, // no database yet: the workers' polls report it and keep trying
  );
  return async () => {
    stopped = true;
    await (await listening)?.();
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
    logger.warn("job attempt failed", {
      queue: handler.queue,
      jobId: job.id,
      attempt: job.attempts,
      final,
      err: message,
    });
    if (final) await handler.onGiveUp(db, job, message);
  }
}

async function giveUp(db: Db, handler: JobHandler, job: Job, error: string) {
  await failJob(db, job, error, { retryable: false });
  await handler.onGiveUp(db, job, error);
}
