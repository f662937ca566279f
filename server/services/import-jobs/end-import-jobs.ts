import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/**
 * A lane that finds its supplier Complete ends the job as migration 0028's trigger ends the
 * supplier's running and paused ones when it is completed (ADR 0415): a job whose upload was
 * still arriving when the supplier was completed starts running afterwards, and would otherwise
 * wait for a status that can never come back.
 */
export async function cancelJobForCompleteSupplier(db: Db, jobId: number, generation: number) {
  await db.execute(sql`
    update import_jobs set status = 'cancelled', end_reason = 'supplier_complete', finished_at = now(), updated_at = now()
    where id = ${jobId} and status = 'running' and generation = ${generation} and not dry_run`);
}
