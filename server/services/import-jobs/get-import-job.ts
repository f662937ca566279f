import { and, desc, eq, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { importJobs, importSuppliers } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";
import { findImportJob } from "./find-import-job";
import { jobPace, NO_PACE, PACE_WINDOW_SECONDS, type PaceSample } from "./job-pace";
import { ImportJobIdInput, ListImportJobsInput } from "./schemas";

export type JobCounts = { pending: number; valid: number; imported: number; failed: number };
type JobRow = typeof importJobs.$inferSelect;

type Pace = Omit<PaceSample, "pending">;

/**
 * Each job's row counts, and its recent throughput (job-pace.ts). `at` is the clock a test
 * moves; the database's clock otherwise, the one processed_at and the job's start are on.
 */
async function countsOf(ctx: Ctx, ids: number[], at?: Date) {
  const counts = new Map<number, JobCounts>();
  const paces = new Map<number, Pace>();
  if (!ids.length) return { counts, paces };
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const [rows, recent] = await Promise.all([
    execRows<{ job_id: number; status: keyof JobCounts; n: number }>(
      ctx.db,
      sql`select job_id, status, count(*)::int as n from import_job_rows where job_id in (${idList}) group by job_id, status`,
    ),
    // A running job's updated_at is its last start or resume (lanes.ts). The rows are read through the processed_at index.
    execRows<{ job_id: number; n: number; start_to_last: number; since_last: number }>(
      ctx.db,
      sql`select j.id as job_id, count(*)::int as n,
            extract(epoch from max(r.processed_at) - greatest(${now} - make_interval(secs => ${PACE_WINDOW_SECONDS}), j.updated_at))::float8 as start_to_last,
            extract(epoch from ${now} - max(r.processed_at))::float8 as since_last
          from import_jobs j join import_job_rows r on r.job_id = j.id
          where j.id in (${idList}) and j.status = 'running' and r.processed_at > ${now} - make_interval(secs => ${PACE_WINDOW_SECONDS})
            and r.processed_at > j.updated_at and r.processed_at <= ${now}
          group by j.id, j.updated_at`,
    ),
  ]);
  for (const id of ids) counts.set(id, { pending: 0, valid: 0, imported: 0, failed: 0 });
  for (const r of rows) counts.get(Number(r.job_id))![r.status] = Number(r.n);
  for (const r of recent)
    paces.set(Number(r.job_id), {
      rows: Number(r.n),
      startToLastSeconds: Number(r.start_to_last),
      sinceLastSeconds: Math.max(0, Number(r.since_last)),
    });
  return { counts, paces };
}

function present(job: JobRow, supplierCode: string, supplierStatus: string, rowCounts: JobCounts, recent: Pace) {
  // Rows the retention job removed were imported: they still count (ADR 0415).
  const counts = { ...rowCounts, imported: rowCounts.imported + job.prunedImported };
  const handled = counts.valid + counts.imported + counts.failed;
  const live = job.status === "running";
  const waiting =
    live && !job.dryRun && supplierStatus !== "Ongoing" ? (`supplier_${supplierStatus.toLowerCase()}` as const) : null;
  const pace = live && !waiting ? jobPace({ ...recent, pending: counts.pending }) : { rate: 0, etaSeconds: null };
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
    /** Rows per second, recently (job-pace.ts). */
    rate: Math.round(pace.rate * 10) / 10,
    /** Seconds to go at the recent pace, while running and moving. */
    etaSeconds: pace.etaSeconds,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

export type ImportJobView = ReturnType<typeof present>;

/** One job with its progress; any signed-in user of the organisation. */
export async function getImportJob(ctx: Ctx, raw: ImportJobIdInput, at?: Date): Promise<ImportJobView> {
  const organisationId = organisationOf(ctx);
  const { id } = ImportJobIdInput.parse(raw);
  const { job, supplierCode, supplierStatus } = await findImportJob(ctx.db, organisationId, id);
  const { counts, paces } = await countsOf(ctx, [id], at);
  return present(job, supplierCode, supplierStatus, counts.get(id)!, paces.get(id) ?? NO_PACE);
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
    .where(
      and(eq(importJobs.organisationId, organisationId), supplier ? eq(importJobs.supplierId, supplier.id) : undefined),
    )
    .orderBy(desc(importJobs.id))
    .limit(input.limit);
  const ids = rows.map((r) => r.job.id);
  const { counts, paces } = await countsOf(ctx, ids);
  return rows.map((r) =>
    present(r.job, r.supplierCode, r.supplierStatus, counts.get(r.job.id)!, paces.get(r.job.id) ?? NO_PACE),
  );
}
