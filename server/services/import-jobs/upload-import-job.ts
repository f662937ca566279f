import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type ImportJobRowError, importJobRows, importJobs } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter } from "../../context";
import { ServiceError, parseOrThrow } from "../../errors";
import { logger } from "../../logger";
import { recordAudit } from "../audit/record-audit";
import { findCohort } from "../cohorts/find-cohort";
import { assertOpen } from "../cohorts/lifecycle";
import { markImporting } from "../cohorts/members";
import { findSupplier } from "../suppliers/find-supplier";
import { startLanes } from "./lanes";
import { csvRows, jsonLines, type UploadedRow } from "../uploads/parse-upload";
import { MAX_UPLOAD_ROWS } from "../uploads/upload-limits";
import { CreateImportJobInput } from "./schemas";
import { utf8Checked } from "../uploads/utf8-checked";

const INSERT_BATCH = 500;

/**
 * Receives an uploaded file as a job (ADR 0404): the body is read as it arrives and stored
 * in batches as job rows (never the whole file in memory); then the job's lanes are queued
 * and workers stage and import (or, for a dry run, validate) every row. A file that breaks
 * off leaves a failed job with the rows received so far, none of them acted on; a file refused
 * for what it holds leaves nothing.
 */
export async function uploadImportJob(ctx: Ctx, raw: CreateImportJobInput, body: ReadableStream<Uint8Array>) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  // Options from the upload's query string: a bad one is a 400 at its field (issue 37 item 5).
  const input = parseOrThrow(CreateImportJobInput, raw);
  const supplier = await findSupplier(ctx.db, organisationId, input.importSupplier);
  if (supplier.status === "Complete") {
    throw new ServiceError(
      "validation",
      "import_supplier_migration_not_ongoing",
      `${supplier.code} is Complete: no more accounts can be staged or imported.`,
    );
  }
  const cohort = input.cohortId === undefined ? null : await findCohort(ctx.db, organisationId, input.cohortId);
  if (cohort) {
    if (cohort.supplierId !== supplier.id)
      throw new ServiceError(
        "validation",
        "cohort_of_another_supplier",
        `Cohort ${cohort.name} belongs to ${cohort.supplierCode}, not ${supplier.code}.`,
        {
          errors: [
            {
              attr: "cohort",
              code: "cohort_of_another_supplier",
              detail: `Cohort ${cohort.name} belongs to ${cohort.supplierCode}.`,
            },
          ],
        },
      );
    assertOpen(cohort);
  }
  const [job] = await ctx.db
    .insert(importJobs)
    .values({
      organisationId,
      supplierId: supplier.id,
      format: input.format,
      fileName: input.fileName,
      dryRun: input.dryRun,
      sendRegistration: input.sendRegistration,
      createdBy: actorLabel(ctx.actor),
      cohortId: cohort?.id ?? null,
    })
    .returning();
  let total = 0;
  try {
    let batch: UploadedRow[] = [];
    const bytes = utf8Checked(body);
    for await (const row of input.format === "csv" ? csvRows(bytes) : jsonLines(bytes)) {
      if (++total > MAX_UPLOAD_ROWS) {
        throw new ServiceError(
          "validation",
          "too_many_rows",
          `A job takes at most ${MAX_UPLOAD_ROWS.toLocaleString("en-GB")} accounts; split the file.`,
        );
      }
      batch.push(row);
      if (batch.length >= INSERT_BATCH) {
        await insertRows(ctx.db, job.id, batch);
        batch = [];
      }
    }
    if (batch.length) await insertRows(ctx.db, job.id, batch);
    if (total === 0) throw new ServiceError("validation", "empty_file", "The file holds no accounts.");
  } catch (err) {
    // A file refused for what it holds (its encoding, its size, no accounts) changes nothing:
    // the job and the rows received so far go (issue 37 item 5); the 400 says why.
    if (err instanceof ServiceError) {
      await ctx.db.delete(importJobs).where(eq(importJobs.id, job.id));
      throw err;
    }
    const detail = "The upload broke off before the whole file arrived.";
    await ctx.db
      .update(importJobs)
      .set({ status: "failed", uploadError: detail, totalRows: total, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(importJobs.id, job.id));
    logger.warn("import job upload failed", { jobId: job.id, err });
    throw new ServiceError("validation", "upload_incomplete", detail);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(importJobs).set({ totalRows: total, updatedAt: sql`now()` }).where(eq(importJobs.id, job.id));
    await startLanes(tx as unknown as Db, job.id, { from: ["receiving"] });
    if (cohort && !input.dryRun) await markImporting(tx as unknown as Db, ctx, cohort);
    await recordAudit(tx as unknown as Db, ctx, {
      action: "import_job.uploaded",
      entityType: "import_job",
      entityId: String(job.id),
      details: {
        supplier: supplier.code,
        fileName: input.fileName,
        format: input.format,
        dryRun: input.dryRun,
        rows: total,
        ...(cohort ? { cohort: cohort.name, cohortId: cohort.id } : {}),
      },
    });
  });
  const [saved] = await ctx.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, job.id)));
  return { id: saved.id, status: saved.status, totalRows: saved.totalRows, dryRun: saved.dryRun };
}

async function insertRows(db: Db, jobId: number, rows: UploadedRow[]) {
  await db.insert(importJobRows).values(
    rows.map((r) => {
      const external = r.record?.external_account_number;
      const errors: ImportJobRowError[] = r.problem
        ? [{ attr: null, code: "parse_error", detail: r.problem, column: null }]
        : [];
      return {
        jobId,
        line: r.line,
        externalAccountNumber: typeof external === "string" && external ? external.slice(0, 200) : null,
        record: r.record,
        ...(r.problem
          ? {
              status: "failed" as const,
              step: "validation" as const,
              errorCode: "parse_error",
              errors,
              processedAt: sql`now()`,
            }
          : {}),
      };
    }),
  );
}
