import { type SQL, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { enqueueJob } from "../../jobs/queue";
import { resolveScheduleWindow } from "./schedule-window";
import { failedValidation, type StageResult, stageAccount } from "./stage-account";
import type { ScheduleAccountInput } from "./v2-schemas";

export const ACCOUNT_IMPORT_QUEUE = "account-import";
/** Attempts of a scheduled import that fails for a reason other than its data (busy, database away). */
export const SCHEDULED_IMPORT_MAX_ATTEMPTS = 8;

/** What a scheduled-import job carries; the supplier and external number are read from the process when it runs. */
export type ScheduledImportPayload = {
  process_id: number;
  organisation_id: number;
  is_dry_run: boolean;
  schedule_window_start: string;
  schedule_window_end: string | null;
};

/**
 * The job's dedup key, computed from the process's scheduled_at in SQL: `account-import:<id>:<µs>`.
 * It finds the live job of a process in one index look-up, and lets a job tell whether it is
 * still its process's current schedule (a later POST replaces scheduled_at, so the old key no longer matches).
 */
export const scheduleKey = (id: SQL, scheduledAt: SQL): SQL =>
  sql`'${sql.raw(ACCOUNT_IMPORT_QUEUE)}:' || ${id} || ':' || to_char(${scheduledAt} at time zone 'UTC', 'YYYYMMDD"T"HH24MISS.US')`;

/**
 * POST /v2/data-import/accounts/: stages the account (create-or-update's validation) and
 * schedules its import as a job in the same transaction, to run in the requested window. A
 * schedule already waiting for the process is replaced. Validation failures of the account
 * and of task_params are reported together.
 */
export async function scheduleAccountImport(
  ctx: Ctx,
  input: ScheduleAccountInput,
): Promise<{ import_supplier_code: string; external_account_number: string; process_id: number }> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const now = new Date();
  const window = resolveScheduleWindow(input.task_params, now);
  return withTransaction(ctx, async (tx, txCtx) => {
    let staged: StageResult;
    try {
      staged = await stageAccount(txCtx, input.payload);
    } catch (err) {
      if (window.errors.length && err instanceof ServiceError && err.code === "account_failed_validation")
        throw failedValidation([...err.errors, ...window.errors]);
      throw err;
    }
    if (window.errors.length) throw failedValidation(window.errors);
    const { import_supplier_code: code, external_account_number: external } = staged.body;
    // clock_timestamp(), not now(): taken under the row lock the upsert holds, so it is later than any earlier schedule's.
    const [row] = await execRows<{ id: number; dedup_key: string }>(
      tx,
      sql`with target as (
            select p.id, p.scheduled_at from account_import_processes p join import_suppliers s on s.id = p.supplier_id
            where s.organisation_id = ${organisationId} and s.code = ${code} and p.external_account_number = ${external}),
          replaced as (
            delete from jobs j using target t where t.scheduled_at is not null and j.dedup_key = ${scheduleKey(sql`t.id`, sql`t.scheduled_at`)})
          update account_import_processes p set scheduled_at = clock_timestamp(), schedule_dry_run = ${window.isDryRun}
          from target t where p.id = t.id
          returning p.id, ${scheduleKey(sql`p.id`, sql`p.scheduled_at`)} as dedup_key`,
    );
    const payload: ScheduledImportPayload = {
      process_id: Number(row.id),
      organisation_id: organisationId,
      is_dry_run: window.isDryRun,
      schedule_window_start: window.start.toISOString(),
      schedule_window_end: window.end?.toISOString() ?? null,
    };
    await enqueueJob(tx, {
      queue: ACCOUNT_IMPORT_QUEUE,
      payload,
      dedupKey: row.dedup_key,
      runAt: window.start > now ? window.start : undefined,
      maxAttempts: SCHEDULED_IMPORT_MAX_ATTEMPTS,
    });
    return { import_supplier_code: code, external_account_number: external, process_id: payload.process_id };
  });
}
