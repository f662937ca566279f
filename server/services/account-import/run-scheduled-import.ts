import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { systemCtx, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { emit } from "../../events/emit";
import type { Job } from "../../jobs/queue";
import type { JobHandler } from "../../jobs/worker";
import { logger } from "../../logger";
import { processAccountImport } from "./process-account-import";
import { ACCOUNT_IMPORT_QUEUE, type ScheduledImportPayload, scheduleKey } from "./schedule-account-import";

type Scheduled = { status: string; external: string; supplier_code: string };

const paramsOf = (job: Job) => job.payload as unknown as ScheduledImportPayload;
const isCurrent = (job: Job) =>
  sql`p.id = ${paramsOf(job).process_id} and p.scheduled_at is not null and ${scheduleKey(sql`p.id`, sql`p.scheduled_at`)} = ${job.dedupKey}`;

/** The process while this job is still its schedule; undefined once another POST replaced it or it ended. */
async function scheduledProcess(db: Db, job: Job): Promise<Scheduled | undefined> {
  const [row] = await execRows<Scheduled>(
    db,
    sql`select p.status, p.external_account_number as external, s.code as supplier_code
        from account_import_processes p join import_suppliers s on s.id = p.supplier_id where ${isCurrent(job)}`,
  );
  return row;
}

/** Ends the schedule (scheduled_at back to null) if this job is still it; true when it was. */
async function endSchedule(db: Db, job: Job): Promise<boolean> {
  const rows = await execRows(
    db,
    sql`update account_import_processes p set scheduled_at = null, schedule_dry_run = false where ${isCurrent(job)} returning p.id`,
  );
  return rows.length > 0;
}

/**
 * One scheduled import (POST /v2/data-import/accounts/), run by a worker once its window
 * opens. The import itself is processAccountImport, which records a refusal (error event,
 * the process marked failed) and emits the outcome events; this ends the schedule. A job
 * run again after its lease ran out finds the account imported (or the schedule ended)
 * and does nothing, so a scheduled import takes effect once across instances.
 */
export async function runScheduledImport(db: Db, job: Job) {
  const params = paramsOf(job);
  const process = await scheduledProcess(db, job);
  if (!process) return;
  if (process.status === "imported") {
    await endSchedule(db, job);
    return;
  }
  const ctx = systemCtx(db, "scheduled-import", params.organisation_id);
  if (params.schedule_window_end && Date.now() > Date.parse(params.schedule_window_end)) {
    await withTransaction(ctx, async (tx) => {
      if (!(await endSchedule(tx, job))) return;
      const payload = {
        resource_type: "account",
        external_identifier: process.external,
        expiry_window_end: params.schedule_window_end!,
      };
      await emit(tx, "data_import.import_process.cancelled", "v1", payload, { organisationId: params.organisation_id });
    });
    return;
  }
  try {
    await processAccountImport(ctx, {
      import_supplier: process.supplier_code,
      external_account_number: process.external,
      dry_run: params.is_dry_run,
    });
  } catch (err) {
    // Refused for its data or its supplier's state: recorded by processAccountImport, and final.
    // Anything else (all import slots busy, database away) is retried by the queue with backoff.
    if (!(err instanceof ServiceError && err.kind === "validation")) throw err;
  }
  await endSchedule(db, job);
}

/** Retries exhausted (or a worker died on the last one): the process shows the failure, the schedule ends. */
export async function scheduledImportGaveUp(db: Db, job: Job, error: string) {
  const params = paramsOf(job);
  logger.warn("scheduled account import gave up", { jobId: job.id, processId: params.process_id, err: error });
  // The cause may be internal (a database error): the client gets a fixed sentence, the log the cause.
  const detail = `The scheduled import could not run after ${job.attempts} attempts; schedule it again.`;
  await withTransaction(systemCtx(db, "scheduled-import", params.organisation_id), async (tx) => {
    const process = await scheduledProcess(tx, job);
    if (!process || !(await endSchedule(tx, job))) return;
    const type = params.is_dry_run ? "data_import.import_process.dry_run_error" : "data_import.import_process.error";
    const payload = {
      resource_type: "account",
      external_identifier: process.external,
      error_code: "scheduled_import_failed",
      error_detail: detail,
    };
    await emit(tx, type, "v1", payload, { organisationId: params.organisation_id });
    if (params.is_dry_run) return;
    const errors = JSON.stringify([{ detail, code: "scheduled_import_failed", attr: null }]);
    await tx.execute(sql`update account_import_processes set status = 'failed', errors = ${errors}::jsonb, updated_at = now()
                         where id = ${params.process_id} and status in ('staged', 'failed')`);
  });
}

export const scheduledImportJobHandler: JobHandler = {
  queue: ACCOUNT_IMPORT_QUEUE,
  run: runScheduledImport,
  onGiveUp: scheduledImportGaveUp,
};
