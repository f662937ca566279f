import { and, asc, eq, gt, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { importJobRows } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { fieldError, ServiceError } from "../../errors";
import { csvRecordToPayload } from "../accounts/account-csv";
import { payloadTree } from "../account-import/payload-tree";
import { recordAudit } from "../audit/record-audit";
import { findImportJob } from "./find-import-job";
import { startLanes } from "./lanes";
import { FailedRowsInput, FixJobRowInput, ImportJobIdInput, JobRowInput, RetryGroupInput } from "./schemas";

/** A job's failed rows grouped by the code of their first error, the biggest group first. */
export async function listFailureGroups(ctx: Ctx, raw: ImportJobIdInput) {
  const organisationId = organisationOf(ctx);
  const { id } = ImportJobIdInput.parse(raw);
  await findImportJob(ctx.db, organisationId, id);
  const rows = await execRows<{ code: string; step: string; n: number; example: string | null }>(
    ctx.db,
    sql`select error_code as code, min(step) as step, count(*)::int as n, min(errors->0->>'detail') as example
        from import_job_rows where job_id = ${id} and status = 'failed' group by error_code order by count(*) desc, error_code`,
  );
  return rows.map((r) => ({ code: r.code, step: r.step, count: Number(r.n), example: r.example }));
}

/** The failed rows of a job (optionally one group), by line, a page at a time. */
export async function listFailedRows(ctx: Ctx, raw: FailedRowsInput) {
  const organisationId = organisationOf(ctx);
  const input = FailedRowsInput.parse(raw);
  await findImportJob(ctx.db, organisationId, input.id);
  const rows = await ctx.db
    .select({
      line: importJobRows.line,
      externalAccountNumber: importJobRows.externalAccountNumber,
      step: importJobRows.step,
      errorCode: importJobRows.errorCode,
      errors: importJobRows.errors,
    })
    .from(importJobRows)
    .where(
      and(
        eq(importJobRows.jobId, input.id),
        eq(importJobRows.status, "failed"),
        gt(importJobRows.line, input.afterLine),
        input.code ? eq(importJobRows.errorCode, input.code) : undefined,
      ),
    )
    .orderBy(asc(importJobRows.line))
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  const items = rows.slice(0, input.limit);
  return { items, nextAfterLine: more ? items[items.length - 1].line : null };
}

/** One row: what will be staged (the fix, else the mapped upload) as a payload tree with its errors at their attrs. */
export async function getJobRow(ctx: Ctx, raw: JobRowInput) {
  const organisationId = organisationOf(ctx);
  const input = JobRowInput.parse(raw);
  const { job, supplierCode } = await findImportJob(ctx.db, organisationId, input.id);
  const [row] = await ctx.db
    .select()
    .from(importJobRows)
    .where(and(eq(importJobRows.jobId, input.id), eq(importJobRows.line, input.line)));
  if (!row)
    throw new ServiceError(
      "not_found",
      "import_job_row_not_found",
      `Line ${input.line} is not in import job ${input.id}.`,
    );
  const mapped =
    row.fixedPayload ??
    (row.record && job.format === "csv" ? csvRecordToPayload(row.record as Record<string, string>) : row.record);
  const payload = mapped ? { import_supplier: supplierCode, ...mapped } : null;
  return {
    jobId: job.id,
    line: row.line,
    status: row.status,
    step: row.step,
    errorCode: row.errorCode,
    errors: row.errors,
    externalAccountNumber: row.externalAccountNumber,
    accountNumber: row.accountNumber,
    fixed: row.fixedPayload !== null,
    attempts: row.attempts,
    payload,
    /** A CSV row as its columns (the upload, or its last fix by cells); null for JSON lines and rows fixed as JSON. */
    cells: job.format === "csv" && !row.fixedPayload && row.record ? (row.record as Record<string, string>) : null,
    tree: payload ? payloadTree(payload) : null,
  };
}

/** After a retry the job must run again: a new generation of lanes (a finished job reopens). */
async function reopen(tx: Ctx["db"], jobId: number, status: string) {
  if (status === "running" || status === "completed") await startLanes(tx, jobId, { from: ["running", "completed"] });
}

function assertRetryable(status: string) {
  if (status === "cancelled" || status === "failed" || status === "receiving") {
    throw new ServiceError(
      "precondition_failed",
      "import_job_state",
      `This job is ${status}; its rows cannot be retried.`,
    );
  }
}

/** Fix and retry one failed row: the corrected account replaces the uploaded one and the row runs again. */
export async function fixJobRow(ctx: Ctx, raw: FixJobRowInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = FixJobRowInput.parse(raw);
  return withTransaction(ctx, async (tx) => {
    const { job } = await findImportJob(tx, organisationId, input.id, { forUpdate: true });
    assertRetryable(job.status);
    const [current] = await tx
      .select({ record: importJobRows.record, status: importJobRows.status })
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, input.id), eq(importJobRows.line, input.line)))
      .for("update");
    if (current?.status !== "failed")
      throw new ServiceError(
        "precondition_failed",
        "import_job_row_not_failed",
        `Line ${input.line} has not failed; only failed rows are retried.`,
      );
    // A CSV row fixed by its cells stays a CSV row (its errors keep naming columns); the cells changed are audited.
    let changed: Record<string, { from: string; to: string }> | undefined;
    let fix: { fixedPayload: Record<string, unknown> } | { record: Record<string, string>; fixedPayload: null };
    if (input.cells) {
      if (job.format !== "csv")
        throw new ServiceError(
          "validation",
          "not_a_csv_row",
          "This job's rows are JSON lines: send the corrected account as payload.",
          { errors: [fieldError("cells", "not_a_csv_row", "Only a CSV row is fixed by its cells.")] },
        );
      const before = (current.record ?? {}) as Record<string, string>;
      const record = { ...before, ...input.cells };
      changed = Object.fromEntries(
        Object.entries(input.cells)
          .filter(([k, v]) => (before[k] ?? "") !== v)
          .map(([k, v]) => [k, { from: before[k] ?? "", to: v }]),
      );
      fix = { record, fixedPayload: null };
    } else {
      fix = { fixedPayload: input.payload! };
    }
    await tx
      .update(importJobRows)
      .set({ ...fix, status: "pending", step: null, errorCode: null, errors: [], processedAt: null })
      .where(and(eq(importJobRows.jobId, input.id), eq(importJobRows.line, input.line)));
    await reopen(tx, job.id, job.status);
    await recordAudit(tx, ctx, {
      action: "import_job.row_fixed",
      entityType: "import_job",
      entityId: String(job.id),
      details: { line: input.line, rows: 1, ...(changed ? { cells: changed } : {}) },
    });
    return { id: job.id, line: input.line, status: "pending" as const };
  });
}

/** Retry every failed row of one group (e.g. after the missing tariff was loaded). */
export async function retryFailureGroup(ctx: Ctx, raw: RetryGroupInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = RetryGroupInput.parse(raw);
  return withTransaction(ctx, async (tx) => {
    const { job } = await findImportJob(tx, organisationId, input.id, { forUpdate: true });
    assertRetryable(job.status);
    const rows = await tx
      .update(importJobRows)
      .set({ status: "pending", step: null, errorCode: null, errors: [], processedAt: null })
      .where(
        and(
          eq(importJobRows.jobId, input.id),
          eq(importJobRows.status, "failed"),
          eq(importJobRows.errorCode, input.code),
        ),
      )
      .returning({ line: importJobRows.line });
    if (!rows.length) return { id: job.id, code: input.code, retried: 0 };
    await reopen(tx, job.id, job.status);
    await recordAudit(tx, ctx, {
      action: "import_job.group_retried",
      entityType: "import_job",
      entityId: String(job.id),
      details: { code: input.code, rows: rows.length },
    });
    return { id: job.id, code: input.code, retried: rows.length };
  });
}

const csvCell = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? "" : String(v);
  // Quoted when needed; a leading formula character is defused for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const FAILURES_CSV_HEADER = ["line", "external_account_number", "step", "code", "attr", "column", "detail"];

/** The job's failures as CSV lines (one per error), read from the database a page at a time. */
export async function* exportJobFailures(ctx: Ctx, raw: ImportJobIdInput): AsyncGenerator<string> {
  const organisationId = organisationOf(ctx);
  const { id } = ImportJobIdInput.parse(raw);
  await findImportJob(ctx.db, organisationId, id);
  yield `${FAILURES_CSV_HEADER.join(",")}\r\n`;
  let after = 0;
  for (;;) {
    const page = await listFailedRows(ctx, { id, afterLine: after, limit: 200 });
    for (const r of page.items) {
      const errors = r.errors.length
        ? r.errors
        : [{ attr: null, code: r.errorCode ?? "failed", detail: "", column: null }];
      yield errors
        .map(
          (e) =>
            `${[r.line, r.externalAccountNumber, r.step, e.code, e.attr, e.column ?? null, e.detail].map(csvCell).join(",")}\r\n`,
        )
        .join("");
    }
    if (page.nextAfterLine === null) return;
    after = page.nextAfterLine;
  }
}
