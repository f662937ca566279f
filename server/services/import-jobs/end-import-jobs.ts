import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";

/**
 * A supplier marked Complete takes no more accounts, for good: its unfinished imports (running
 * or paused, not dry runs) are cancelled with the reason, in the status change's transaction.
 * What they did stays done; their pending rows stay pending, in triage. Returns how many ended.
 */
export async function cancelJobsOfCompleteSupplier(tx: Db, supplierId: number): Promise<number> {
  const ended = await execRows<{ id: number }>(
    tx,
    sql`update import_jobs set status = 'cancelled', end_reason = 'supplier_complete', finished_at = now(), updated_at = now()
        where supplier_id = ${supplierId} and status in ('running', 'paused') and not dry_run
        returning id`,
  );
  return ended.length;
}

/**
 * A lane that finds its supplier Complete ends the job the same way: a job whose upload was
 * still arriving when the supplier was completed starts running afterwards, and would otherwise
 * wait for a status that can never come back.
 */
export async function cancelJobForCompleteSupplier(db: Db, jobId: number, generation: number) {
  await db.execute(sql`
    update import_jobs set status = 'cancelled', end_reason = 'supplier_complete', finished_at = now(), updated_at = now()
    where id = ${jobId} and status = 'running' and generation = ${generation} and not dry_run`);
}
