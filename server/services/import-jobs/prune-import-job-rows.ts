import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";

/** Rows deleted per transaction: short transactions, no long lock on a large job's rows. */
const BATCH = 5_000;

/**
 * Retention of finished jobs' rows (ADR 0415): the uploaded records of rows that were imported,
 * in jobs that ended more than `days` ago, are deleted; each job keeps their number
 * (`pruned_imported`) so it still reports them as imported. The imported accounts keep their
 * staged payload in their import records. Failed and pending rows stay for triage until the job
 * is deleted; valid rows of a dry run stay so it can still be imported. Returns rows deleted.
 */
export async function pruneImportJobRows(db: Db, opts: { days: number; batch?: number }): Promise<number> {
  let total = 0;
  for (;;) {
    const [done] = await execRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from import_job_rows r
            where (r.job_id, r.line) in (
              select r2.job_id, r2.line from import_job_rows r2 join import_jobs j on j.id = r2.job_id
              where j.status in ('completed', 'cancelled', 'failed') and j.finished_at < now() - make_interval(days => ${opts.days})
                and r2.status = 'imported'
              limit ${opts.batch ?? BATCH})
            returning r.job_id),
          per_job as (select job_id, count(*)::int as n from gone group by job_id),
          counted as (update import_jobs j set pruned_imported = j.pruned_imported + p.n from per_job p where j.id = p.job_id returning p.n)
          select coalesce(sum(n), 0)::int as n from counted`,
    );
    const n = Number(done?.n ?? 0);
    total += n;
    if (n < (opts.batch ?? BATCH)) return total;
  }
}
