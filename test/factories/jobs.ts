import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobs } from "@/db/schema";
import { enqueueJob } from "@/server/jobs/queue";
import { uniq } from "./unique";

export type JobOptions = {
  queue?: string;
  payload?: Record<string, unknown>;
  dedupKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

/** Queues a job as a service does (enqueueJob, due now unless `runAt`); returns its row. */
export async function makeJob(db: Db, opts: JobOptions = {}) {
  const id = await enqueueJob(db, {
    queue: opts.queue ?? uniq("test-queue-").toLowerCase(),
    payload: opts.payload ?? {},
    dedupKey: opts.dedupKey,
    runAt: opts.runAt,
    maxAttempts: opts.maxAttempts,
  });
  if (id === null) throw new Error(`a job with dedup key ${opts.dedupKey} is already queued`);
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}
