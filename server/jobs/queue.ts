import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { jobs } from "@/db/schema";

export type Job = typeof jobs.$inferSelect;

/** Adds a job in the caller's transaction, so it exists exactly when the change commits. */
export async function enqueueJob(
  tx: Db,
  job: { queue: string; payload: Record<string, unknown>; dedupKey?: string; runAt?: Date; maxAttempts?: number },
) {
  const [row] = await tx
    .insert(jobs)
    .values({
      queue: job.queue,
      payload: job.payload,
      dedupKey: job.dedupKey ?? null,
      runAt: job.runAt ?? sql`now()`,
      maxAttempts: job.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** The channel a queue's name is sent on when work for it is queued to start at once (ADR 0042). */
export const JOBS_CHANNEL = "jobs_queued";

/**
 * Wakes the idle workers of `queue` on every instance when the caller's transaction commits,
 * instead of at their next poll. For work someone waits on (an import job just started);
 * polling stays the fallback, so a notification lost while a listener reconnects only costs a
 * poll interval. Not for work queued many times a second: every NOTIFY takes one lock at commit.
 */
export async function wakeWorkers(tx: Db, queue: string) {
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`);
}

/**
 * Claims up to `limit` due jobs for this worker. SKIP LOCKED lets workers on every
 * instance claim at once without waiting on or taking each other's rows; a running job
 * whose lease ran out (its worker died) is due again.
 */
export async function claimJobs(
  db: Db,
  queue: string,
  workerId: string,
  limit: number,
  leaseSeconds: number,
): Promise<Job[]> {
  const rows = await execRows<Record<string, unknown>>(
    db,
    sql`update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        where id in (
          select id from jobs
          where queue = ${queue} and run_at <= now()
            and (status = 'queued' or (status = 'running' and locked_until < now()))
          order by run_at, id
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.runAt, jobs.id);
}

/** Marks a job done, but only while this worker still holds it. */
export async function completeJob(db: Db, job: Job) {
  await db
    .update(jobs)
    .set({ status: "done", finishedAt: sql`now()`, updatedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy!)));
}

/** Schedules another attempt with exponential backoff, or gives up for good. Returns true when final. */
export async function failJob(
  db: Db,
  job: Job,
  error: string,
  opts: { retryable: boolean; backoffSeconds?: number },
): Promise<boolean> {
  const final = !opts.retryable || job.attempts >= job.maxAttempts;
  const delay = (opts.backoffSeconds ?? 5) * 2 ** Math.max(0, job.attempts - 1);
  await db
    .update(jobs)
    .set(
      final
        ? { status: "failed", lastError: error, finishedAt: sql`now()`, updatedAt: sql`now()`, lockedUntil: null }
        : {
            status: "queued",
            lastError: error,
            runAt: sql`now() + make_interval(secs => ${delay})`,
            updatedAt: sql`now()`,
            lockedBy: null,
            lockedUntil: null,
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy!)));
  return final;
}

/**
 * Puts a job back on the queue to run again after `seconds`, as a continuation rather than a
 * failure: its attempts are not spent (a long job works in slices, or waits for a paused supplier).
 */
export async function requeueJob(db: Db, job: Job, seconds: number) {
  await db
    .update(jobs)
    .set({
      status: "queued",
      attempts: 0,
      lastError: null,
      runAt: sql`now() + make_interval(secs => ${seconds})`,
      updatedAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy!)));
}
