import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type ImportJobStatus, importJobRows, importJobs } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { findImportJob } from "./find-import-job";
import { startLanes } from "./lanes";
import { ImportJobIdInput } from "./schemas";

function notNow(action: string, status: ImportJobStatus, dryRun = false) {
  const what = dryRun ? "dry run" : "job";
  return new ServiceError(
    "precondition_failed",
    "import_job_state",
    `This ${what} is ${status}; it cannot be ${action}.`,
  );
}

type LockedJob = Awaited<ReturnType<typeof findImportJob>>;

/** An operator's change to one of their organisation's jobs, with the job's row locked for it. */
function withLockedJob<T>(
  ctx: Ctx,
  raw: ImportJobIdInput,
  action: string,
  change: (tx: Db, id: number, found: LockedJob) => Promise<T>,
) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { id } = ImportJobIdInput.parse(raw);
  return withTransaction(ctx, async (tx) => {
    const found = await findImportJob(tx, organisationId, id, { forUpdate: true });
    const result = await change(tx, id, found);
    // Who and when come from the audit row itself; how many: the job's rows at the time.
    await recordAudit(tx, ctx, {
      action,
      entityType: "import_job",
      entityId: String(id),
      details: { supplier: found.supplierCode, from: found.job.status, rows: found.job.totalRows },
    });
    return result;
  });
}

/** Pause: lanes finish the row in hand and stop; nothing else is staged or imported until it is resumed. */
export async function pauseImportJob(ctx: Ctx, raw: ImportJobIdInput) {
  return withLockedJob(ctx, raw, "import_job.paused", async (tx, id, { job }) => {
    if (job.status !== "running") throw notNow("paused", job.status);
    await tx.update(importJobs).set({ status: "paused", updatedAt: sql`now()` }).where(eq(importJobs.id, id));
    return { id, status: "paused" as const };
  });
}

/** Resume a paused job: a fresh set of lanes picks up the rows still pending. */
export async function resumeImportJob(ctx: Ctx, raw: ImportJobIdInput) {
  return withLockedJob(ctx, raw, "import_job.resumed", async (tx, id, { job }) => {
    if (!(await startLanes(tx, id, { from: ["paused"] }))) throw notNow("resumed", job.status);
    return { id, status: "running" as const };
  });
}

/** Cancel: what was done stays done; the rows not yet handled are never handled. Final. */
export async function cancelImportJob(ctx: Ctx, raw: ImportJobIdInput) {
  return withLockedJob(ctx, raw, "import_job.cancelled", async (tx, id, { job }) => {
    if (job.status !== "running" && job.status !== "paused") throw notNow("cancelled", job.status);
    await tx
      .update(importJobs)
      .set({ status: "cancelled", finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(importJobs.id, id));
    return { id, status: "cancelled" as const };
  });
}

/**
 * Imports the rows a finished dry run found valid, without uploading the file again: the job
 * becomes a real import, its valid rows pending; the invalid ones stay in triage.
 */
export async function importValidatedRows(ctx: Ctx, raw: ImportJobIdInput) {
  return withLockedJob(
    ctx,
    raw,
    "import_job.validated_rows_imported",
    async (tx, id, { job, supplierCode, supplierStatus }) => {
      if (!job.dryRun || job.status !== "completed") throw notNow("imported", job.status, job.dryRun);
      if (supplierStatus === "Complete")
        throw new ServiceError(
          "validation",
          "import_supplier_migration_not_ongoing",
          `${supplierCode} is Complete: no more accounts can be imported.`,
        );
      await tx.update(importJobs).set({ dryRun: false }).where(eq(importJobs.id, id));
      await tx.execute(sql`update ${importJobRows} set status = 'pending' where job_id = ${id} and status = 'valid'`);
      await startLanes(tx, id, { from: ["completed"] });
      return { id, status: "running" as const };
    },
  );
}

/**
 * Deletes a finished job and the rows it kept (as uploaded, with their outcomes): what it
 * imported stays, as accounts and their import records. Running or paused jobs are cancelled
 * first. Audited like the other controls (supplier, status, rows).
 */
export async function deleteImportJob(ctx: Ctx, raw: ImportJobIdInput) {
  return withLockedJob(ctx, raw, "import_job.deleted", async (tx, id, { job }) => {
    if (job.status === "receiving" || job.status === "running" || job.status === "paused")
      throw notNow("deleted", job.status, job.dryRun);
    await tx.delete(importJobs).where(eq(importJobs.id, id));
    return { id, deleted: true as const };
  });
}
