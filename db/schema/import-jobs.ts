import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { ImportProcessError } from "./account-import-processes";
import { cohorts } from "./cohorts";
import { importSuppliers } from "./import-suppliers";
import { organisations } from "./organisations";

export const IMPORT_JOB_FORMATS = ["jsonl", "csv"] as const;
export type ImportJobFormat = (typeof IMPORT_JOB_FORMATS)[number];

/** receiving: the file is still arriving; running/paused/cancelled/completed as an operator sees them; failed: the upload broke off. */
export const IMPORT_JOB_STATUSES = ["receiving", "running", "paused", "cancelled", "completed", "failed"] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** supplier_complete: the supplier was marked Complete (final) while the job had rows left; it was cancelled. */
export const IMPORT_JOB_END_REASONS = ["supplier_complete"] as const;

// A server-side import of one uploaded file (ADR 0404): its rows are in import_job_rows and
// workers on the jobs queue ("import-job" lanes) stage and import them, one row per transaction.
export const importJobs = pgTable(
  "import_jobs",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    supplierId: integer()
      .notNull()
      .references(() => importSuppliers.id),
    format: text({ enum: IMPORT_JOB_FORMATS }).notNull(),
    fileName: text().notNull(),
    dryRun: boolean().notNull().default(false),
    sendRegistration: boolean().notNull().default(false),
    status: text({ enum: IMPORT_JOB_STATUSES }).notNull().default("receiving"),
    totalRows: integer().notNull().default(0),
    // Bumped on every start/resume: the lanes' dedup keys carry it, so each start enqueues a fresh set.
    generation: integer().notNull().default(0),
    uploadError: text(),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why a job ended other than by finishing its rows or an operator's cancel: its supplier was marked Complete. */
    endReason: text({ enum: IMPORT_JOB_END_REASONS }),
    /** Imported rows whose uploaded records the retention job removed (ADR 0415): still counted as imported. */
    prunedImported: integer().notNull().default(0),
    /** The cohort the upload named: each row's account joins it (ADR 0416). */
    cohortId: integer().references(() => cohorts.id),
  },
  (t) => [
    index().on(t.organisationId, t.createdAt),
    index().on(t.supplierId, t.status),
    index().on(t.cohortId).where(sql`${t.cohortId} is not null`),
    check(
      "import_jobs_status_check",
      sql`${t.status} in ('receiving', 'running', 'paused', 'cancelled', 'completed', 'failed')`,
    ),
    check("import_jobs_format_check", sql`${t.format} in ('jsonl', 'csv')`),
    check("import_jobs_end_reason_check", sql`${t.endReason} in ('supplier_complete')`),
  ],
);

/** pending: not handled yet; valid: passed a dry run; imported; failed (with the step and errors). */
export const IMPORT_JOB_ROW_STATUSES = ["pending", "valid", "imported", "failed"] as const;
export type ImportJobRowStatus = (typeof IMPORT_JOB_ROW_STATUSES)[number];

export const IMPORT_JOB_STEPS = ["validation", "staging", "import", "registration"] as const;
export type ImportJobStep = (typeof IMPORT_JOB_STEPS)[number];

export type ImportJobRowError = ImportProcessError & { column?: string | null };

export const importJobRows = pgTable(
  "import_job_rows",
  {
    jobId: integer()
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    /** The file's line (JSON Lines) or spreadsheet row (CSV, header = 1). */
    line: integer().notNull(),
    externalAccountNumber: text(),
    /** As uploaded: the account object (JSON Lines) or the row's cells by column (CSV); null when the line did not parse. */
    record: jsonb().$type<Record<string, unknown>>(),
    /** An operator's fixed EnergyAccount, used instead of `record` once set. */
    fixedPayload: jsonb().$type<Record<string, unknown>>(),
    status: text({ enum: IMPORT_JOB_ROW_STATUSES }).notNull().default("pending"),
    step: text({ enum: IMPORT_JOB_STEPS }),
    /** The code failures are grouped by: the first error's. */
    errorCode: text(),
    errors: jsonb().$type<ImportJobRowError[]>().notNull().default([]),
    accountNumber: text(),
    attempts: integer().notNull().default(0),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.line] }),
    index().on(t.jobId, t.status, t.line),
    index("import_job_rows_failures_idx").on(t.jobId, t.errorCode).where(sql`${t.status} = 'failed'`),
    index("import_job_rows_processed_idx").on(t.processedAt).where(sql`${t.processedAt} is not null`),
    // Support finds a failed row by the external number a caller gives (issue 39 item 2).
    index("import_job_rows_failed_external_idx")
      .on(sql`lower(${t.externalAccountNumber})`)
      .where(sql`${t.status} = 'failed'`),
    check("import_job_rows_status_check", sql`${t.status} in ('pending', 'valid', 'imported', 'failed')`),
  ],
);
