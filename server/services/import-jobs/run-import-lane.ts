import { and, asc, eq, gt, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { importJobRows, importJobs, importSuppliers } from "@/db/schema";
import type { JobHandler } from "../../jobs/worker";
import { logger } from "../../logger";
import { tryTakeImportSlot } from "../account-import/process-account-import";
import { settleCohortAfterJob } from "../cohorts/members";
import { cancelJobForCompleteSupplier } from "./end-import-jobs";
import { handleRows, type LaneState } from "./import-row";
import type { LanePayload } from "./lanes";
import { IMPORT_JOB_QUEUE } from "./schemas";
import { env } from "@/server/env.mjs";

/** A lane works this long, then goes back on the queue (its lease never runs out mid-slice, and jobs share workers). */
const SLICE_MS = env.IMPORT_JOB_SLICE_MS;
/** Rows a lane claims and handles per transaction: one commit for several rows (each still in its own savepoints). */
const ROWS_PER_TRANSACTION = env.IMPORT_JOB_ROWS_PER_TRANSACTION;
/** How often a lane re-reads its job's and supplier's status between rows. */
const STATE_CHECK_MS = 500;
/** While the supplier is not Ongoing a lane looks again this often. */
export const SUPPLIER_WAIT_SECONDS = env.IMPORT_JOB_SUPPLIER_WAIT_SECONDS;

type FullState = LaneState & { status: string; generation: number; supplierStatus: string };

async function loadState(db: Db, jobId: number): Promise<FullState | undefined> {
  const [row] = await db
    .select({
      jobId: importJobs.id,
      organisationId: importJobs.organisationId,
      supplierId: importJobs.supplierId,
      supplierCode: importSuppliers.code,
      supplierStatus: importSuppliers.status,
      format: importJobs.format,
      dryRun: importJobs.dryRun,
      sendRegistration: importJobs.sendRegistration,
      cohortId: importJobs.cohortId,
      status: importJobs.status,
      generation: importJobs.generation,
    })
    .from(importJobs)
    .innerJoin(importSuppliers, eq(importSuppliers.id, importJobs.supplierId))
    .where(eq(importJobs.id, jobId));
  return row;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One lane of an import job (ADR 0404): claims the job's next pending rows with FOR UPDATE SKIP
 * LOCKED inside a transaction and handles them there, so lanes on any instance share a job's
 * rows and each row takes effect once. A real import first takes an import slot
 * (IMPORT_CONCURRENCY, shared with REST); with none free it waits a moment and tries again.
 */
export const importLaneHandler: JobHandler = {
  queue: IMPORT_JOB_QUEUE,
  async run(db, job) {
    const { importJobId, generation } = job.payload as LanePayload;
    const started = Date.now();
    let state: FullState | undefined;
    let checkedAt = 0;
    let after = 0;
    for (;;) {
      if (Date.now() - checkedAt >= STATE_CHECK_MS) {
        state = await loadState(db, importJobId);
        checkedAt = Date.now();
        if (state?.status !== "running" || state.generation !== generation) return;
        // Complete is final: the job ends (ADR 0415). Paused stops new work: look again shortly, without spending an attempt.
        if (!state.dryRun && state.supplierStatus === "Complete") {
          await cancelJobForCompleteSupplier(db, importJobId, generation);
          return;
        }
        if (!state.dryRun && state.supplierStatus !== "Ongoing") return { requeueAfterSeconds: SUPPLIER_WAIT_SECONDS };
      }
      const s = state!;
      const result = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (!s.dryRun && !(await tryTakeImportSlot(tx))) return "busy" as const;
        const rows = await tx
          .select()
          .from(importJobRows)
          .where(
            and(
              eq(importJobRows.jobId, importJobId),
              eq(importJobRows.status, "pending"),
              gt(importJobRows.line, after),
            ),
          )
          .orderBy(asc(importJobRows.line))
          .limit(ROWS_PER_TRANSACTION)
          .for("update", { skipLocked: true });
        if (!rows.length) return "none" as const;
        const handled = await handleRows(tx, s, rows);
        // Fewer than claimed: the supplier stopped being Ongoing mid-batch; look again at once.
        if (handled < rows.length) return "recheck" as const;
        return rows[rows.length - 1].line;
      });
      if (result === "recheck") {
        checkedAt = 0;
        continue;
      }
      if (result === "busy") {
        await sleep(20 + Math.random() * 80);
        continue;
      }
      if (result === "none") {
        // Rows put back (retried) behind this lane's cursor are found by starting over once.
        if (after > 0) {
          after = 0;
          continue;
        }
        await completeIfDone(db, importJobId, generation);
        return;
      }
      after = result;
      if (Date.now() - started >= SLICE_MS) return { requeueAfterSeconds: 0 };
    }
  },
  async onGiveUp(_db, job, error) {
    logger.error("import job lane gave up", { jobId: (job.payload as LanePayload).importJobId, err: error });
  },
};

/** The lane that finds nothing left ends the job, unless a retry started a newer generation meanwhile. */
async function completeIfDone(db: Db, jobId: number, generation: number) {
  const [done] = await execRows<{ total_rows: number; cohort_id: number | null; organisation_id: number }>(
    db,
    sql`update import_jobs set status = 'completed', finished_at = now(), updated_at = now()
        where id = ${jobId} and status = 'running' and generation = ${generation}
          and not exists (select 1 from import_job_rows where job_id = ${jobId} and status = 'pending')
        returning total_rows, cohort_id, organisation_id`,
  );
  // A cohort whose accounts are now all imported moves on to imported (ADR 0416).
  if (done?.cohort_id) await settleCohortAfterJob(db, Number(done.cohort_id), Number(done.organisation_id));
  // A cohort can grow the import tables a hundredfold in minutes: refresh the planner's
  // statistics at once (PostgreSQL's advice after a bulk load) rather than leave the console's
  // reads (search, lists) to plans made for the old size until autovacuum comes round, or
  // never, where it is off.
  if (done && Number(done.total_rows) >= BULK_ROWS) {
    await db.execute(
      sql`analyze account_import_processes, account_search_terms, accounts, customers, meter_points, import_job_rows`,
    );
  }
}

/** A job of this many rows is a bulk load: its end refreshes the tables' statistics. */
const BULK_ROWS = 1_000;
