import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type ImportJobStatus, importJobs } from "@/db/schema";
import { enqueueJob, wakeWorkers } from "../../jobs/queue";
import { IMPORT_CONCURRENCY } from "../account-import/process-account-import";
import { IMPORT_JOB_QUEUE } from "./schemas";
import { env } from "@/server/env.mjs";

/** Lanes per job: enough to fill every import slot; the slots themselves cap what runs at once. */
export const IMPORT_JOB_LANES = env.IMPORT_JOB_LANES ?? IMPORT_CONCURRENCY;

export type LanePayload = { importJobId: number; generation: number; lane: number };

/**
 * Sets a job running in a new generation and queues its lanes, in the caller's transaction.
 * Lanes of an earlier generation end when they next look, so a resume never runs two sets.
 */
export async function startLanes(tx: Db, jobId: number, opts: { from: ImportJobStatus[] }): Promise<boolean> {
  const [job] = await tx
    .update(importJobs)
    .set({
      status: "running",
      generation: sql`${importJobs.generation} + 1`,
      startedAt: sql`coalesce(${importJobs.startedAt}, now())`,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.status, opts.from)))
    .returning({ generation: importJobs.generation });
  if (!job) return false;
  for (let lane = 0; lane < IMPORT_JOB_LANES; lane++) {
    const payload: LanePayload = { importJobId: jobId, generation: job.generation, lane };
    await enqueueJob(tx, {
      queue: IMPORT_JOB_QUEUE,
      payload,
      dedupKey: `import-job:${jobId}:${job.generation}:${lane}`,
      maxAttempts: 20,
    });
  }
  // Someone is watching the job start: idle workers on every instance look now, not at their next poll.
  await wakeWorkers(tx, IMPORT_JOB_QUEUE);
  return true;
}
