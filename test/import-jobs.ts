import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { importJobs } from "@/db/schema";
import { claimJobs } from "@/server/jobs/queue";
import { runOne } from "@/server/jobs/worker";
import { importLaneHandler } from "@/server/services/import-jobs/run-import-lane";
import { IMPORT_JOB_QUEUE } from "@/server/services/import-jobs/schemas";

/** A file body as the upload route receives it, in small chunks so lines straddle them. */
export function bodyOf(text: string, chunk = 97): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

export const jsonl = (records: unknown[]) =>
  `${records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n")}\n`;

/** Runs the queue's import-job lanes in this process until none is due (a paused supplier's lanes stay queued). */
export async function drainLanes(db: Db, opts: { rounds?: number } = {}) {
  for (let round = 0; round < (opts.rounds ?? 200); round++) {
    const batch = await claimJobs(db, IMPORT_JOB_QUEUE, `test-${round}`, 4, 60);
    if (!batch.length) return;
    await Promise.all(batch.map((job) => runOne(db, importLaneHandler, job)));
  }
}

export async function jobStatus(db: Db, id: number) {
  const [job] = await db.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, id));
  return job.status;
}
