import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";

/**
 * Accounts of one supplier at each step, as every page counts them (issue 39 item 1): staged and
 * imported import processes; failed = import processes that failed (at import) plus rows of
 * import jobs that failed before an import process existed (validation or staging, real jobs
 * only: a dry run's failures are its report, not the migration's); waiting = rows of running or
 * paused jobs not yet handled.
 */
export type SupplierCounts = {
  staged: number;
  imported: number;
  failed: number;
  failedImport: number;
  failedStaging: number;
  waiting: number;
};

export const emptyCounts = (): SupplierCounts => ({
  staged: 0,
  imported: 0,
  failed: 0,
  failedImport: 0,
  failedStaging: 0,
  waiting: 0,
});

/** The counts of every supplier of the organisation (or of one), by supplier id: the one place they are computed. */
export async function supplierCounts(
  db: Db,
  organisationId: number,
  supplierId?: number,
): Promise<Map<number, SupplierCounts>> {
  const only = supplierId === undefined ? sql`` : sql`and s.id = ${supplierId}`;
  const [processes, jobRows] = await Promise.all([
    execRows<{ supplier_id: number; staged: number; imported: number; failed: number }>(
      db,
      sql`select p.supplier_id, count(*) filter (where p.status = 'staged')::int as staged, count(*) filter (where p.status = 'imported')::int as imported,
                 count(*) filter (where p.status = 'failed')::int as failed
          from account_import_processes p join import_suppliers s on s.id = p.supplier_id
          where s.organisation_id = ${organisationId} ${only} group by p.supplier_id`,
    ),
    execRows<{ supplier_id: number; waiting: number; failed: number }>(
      db,
      sql`select j.supplier_id,
                 count(*) filter (where r.status = 'pending' and j.status in ('running', 'paused'))::int as waiting,
                 count(*) filter (where r.status = 'failed' and r.step in ('validation', 'staging'))::int as failed
          from import_job_rows r join import_jobs j on j.id = r.job_id join import_suppliers s on s.id = j.supplier_id
          where j.organisation_id = ${organisationId} and not j.dry_run ${only} group by j.supplier_id`,
    ),
  ]);
  const out = new Map<number, SupplierCounts>();
  const of = (id: number) => {
    let c = out.get(Number(id));
    if (!c) out.set(Number(id), (c = emptyCounts()));
    return c;
  };
  for (const p of processes)
    Object.assign(of(p.supplier_id), {
      staged: Number(p.staged),
      imported: Number(p.imported),
      failedImport: Number(p.failed),
    });
  for (const r of jobRows)
    Object.assign(of(r.supplier_id), { waiting: Number(r.waiting), failedStaging: Number(r.failed) });
  for (const c of out.values()) c.failed = c.failedImport + c.failedStaging;
  return out;
}
