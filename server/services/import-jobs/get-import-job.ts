import { and, desc, eq, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { importJobs, importSuppliers } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";
import { findImportJob } from "./find-import-job";
import { ImportJobIdInput, ListImportJobsInput } from "./schemas";

export type JobCounts = { pending: number; valid: number; imported: number; failed: number };
type JobRow = typeof importJobs.$inferSelect;

/** Rows handled in the last minute, per second: the job's current pace. */
const RATE_WINDOW_SECONDS = 60;

async function countsOf(ctx: Ctx, ids: number[]) {
  const counts = new Map<number, JobCounts>();
  const rates = new Map<number, number>();
  if (!ids.length) return { counts, rates };
  const idList = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const [rows, recent] = await Promise.all([
    execRows<{ job_id: number; status: keyof JobCounts; n: number }>(
      ctx.db,
      sql`select job_id, status, count(*)::int as n from import_job_rows where job_id in (${idList}) group by job_id, status`,
    ),
    execRows<{ job_id: number; n: number }>(
      ctx.db,
      sql`select job_id, count(*)::int as n from import_job_rows
          where processed_at > now() - make_interval(secs => ${RATE_WINDOW_SECONDS}) and job_id in (${idList}) group by job_id`,
    ),
  ]);
  for (const id of ids) counts.set(id, { pending: 0, valid: 0, imported: 0, failed: 0 });
  for (const r of rows) counts.get(Number(r.job_id))![r.status] = Number(r.n);
  for (const r of recent) rates.set(Number(r.job_id), Number(r.n) / RATE_WINDOW_SECONDS);
  return { counts, rates };
}

function present(job: JobRow, supplierCode: string, supplierStatus: string, rowCounts: JobCounts, rate: number) {
  // Rows the retention job removed were imported: they still count (ADR 0415).
  const counts = { ...rowCounts, imported: rowCounts.imported + job.prunedImported };
  const handled = counts.valid + counts.imported + counts.failed;
  const live = job.status === "running";
  const waiting = live && !job.dryRun && supplierStatus !== "Ongoing" ? (`supplier_${supplierStatus.toLowerCase()}` as const) : null;
  return {
    id: job.id,
    supplierCode,
    supplierStatus,
    fileName: job.fileName,
    format: job.format,
    dryRun: job.dryRun,
    sendRegistration: job.sendRegistration,
    status: job.status,
    /** Why a running job is not moving: its supplier is not Ongoing. */
    waitingFor: waiting,
    uploadError: job.uploadError,
    /** Why the job ended early: its supplier was marked Complete. */
    endReason: job.endReason,
    /** Imported rows whose uploaded records are no longer kept (retention); their accounts are. */
    prunedImported: job.prunedImported,
    totalRows: job.totalRows,
    counts,
    handled,
    /** Rows per second over the last minute. */
    rate: Math.round(rate * 10) / 10,
    /** Seconds to go at the current pace, while running and moving. */
    etaSeconds: live && !waiting && rate > 0 ? Math.ceil(counts.pending / rate) : null,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

export type ImportJobView = ReturnType<typeof present>;

/** One job with its progress; any signed-in user of the organisation. */
export async function getImportJob(ctx: Ctx, raw: ImportJobIdInput): Promise<ImportJobView> {
  const organisationId = organisationOf(ctx);
  const { id } = ImportJobIdInput.parse(raw);
  const { job, supplierCode, supplierStatus } = await findImportJob(ctx.db, organisationId, id);
  const { counts, rates } = await countsOf(ctx, [id]);
  return present(job, supplierCode, supplierStatus, counts.get(id)!, rates.get(id) ?? 0);
}

/** The newest jobs, of one supplier or of the whole organisation. */
export async function listImportJobs(ctx: Ctx, raw: ListImportJobsInput): Promise<ImportJobView[]> {
  const organisationId = organisationOf(ctx);
  const input = ListImportJobsInput.parse(raw);
  const supplier = input.importSupplier ? await findSupplier(ctx.db, organisationId, input.importSupplier) : null;
  const rows = await ctx.db
    .select({ job: importJobs, supplierCode: importSuppliers.code, supplierStatus: importSuppliers.status })
    .from(importJobs)
    .innerJoin(importSuppliers, eq(importSuppliers.id, importJobs.supplierId))
    .where(and(eq(importJobs.organisationId, organisationId), supplier ? eq(importJobs.supplierId, supplier.id) : undefined))
    .orderBy(desc(importJobs.id))
    .limit(input.limit);
  const ids = rows.map((r) => r.job.id);
  const { counts, rates } = await countsOf(ctx, ids);
  return rows.map((r) => present(r.job, r.supplierCode, r.supplierStatus, counts.get(r.job.id)!, rates.get(r.job.id) ?? 0));
}

