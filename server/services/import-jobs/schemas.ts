import { z } from "zod";
import { INT4 } from "@/db/limits";
import { IMPORT_JOB_FORMATS } from "@/db/schema";
import { ACCOUNT_CSV_COLUMNS } from "../accounts/account-csv-columns";
import { SupplierCode } from "../suppliers/schemas";
import { MAX_LINE_BYTES } from "../uploads/upload-limits";

const CSV_COLUMN_NAMES = new Set(ACCOUNT_CSV_COLUMNS.map((c) => c.name));

export const IMPORT_JOB_QUEUE = "import-job";

export const CreateImportJobInput = z.strictObject({
  importSupplier: SupplierCode,
  format: z.enum(IMPORT_JOB_FORMATS),
  // A file name is shown in the console and stored as text: control characters (NUL among them,
  // which PostgreSQL text refuses) are refused at the field.
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u, "A file name may not contain control characters."),
  dryRun: z.boolean().default(false),
  sendRegistration: z.boolean().default(false),
  /** The cohort each row's account joins (ADR 0416): one of the supplier's, before sign-off. */
  cohortId: z.number().int().min(1).max(INT4.max).optional(),
});
export type CreateImportJobInput = z.input<typeof CreateImportJobInput>;

/** A job id and a line number are integer columns: a larger number is refused at the field, never sent to the database (a 500 there). */
const JobId = z.number().int().min(1).max(INT4.max);
const Line = z.number().int().min(1).max(INT4.max);

export const ImportJobIdInput = z.strictObject({ id: JobId });
export type ImportJobIdInput = z.input<typeof ImportJobIdInput>;

export const ListImportJobsInput = z.strictObject({
  importSupplier: SupplierCode.optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export type ListImportJobsInput = z.input<typeof ListImportJobsInput>;

export const FailedRowsInput = z.strictObject({
  id: JobId,
  code: z.string().trim().min(1).max(200).optional(),
  afterLine: z.number().int().min(0).max(INT4.max).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});
export type FailedRowsInput = z.input<typeof FailedRowsInput>;

export const JobRowInput = z.strictObject({ id: JobId, line: Line });
export type JobRowInput = z.input<typeof JobRowInput>;

export const FixJobRowInput = z
  .strictObject({
    id: JobId,
    line: Line,
    /** The corrected EnergyAccount (JSON object); validated when the row runs again. */
    payload: z.record(z.string(), z.unknown()).optional(),
    /** A CSV row's corrected cells by column (the template's columns): the row stays a CSV row, its errors at their columns. */
    cells: z
      .record(z.string(), z.string().max(MAX_LINE_BYTES))
      .refine((c) => Object.keys(c).every((k) => CSV_COLUMN_NAMES.has(k)), {
        error: (iss) =>
          `Unknown column(s): ${Object.keys(iss.input as object)
            .filter((k) => !CSV_COLUMN_NAMES.has(k))
            .join(", ")}.`,
      })
      .optional(),
  })
  .refine((v) => (v.payload === undefined) !== (v.cells === undefined), {
    error: "Send the corrected account (payload) or, for a CSV row, its cells: one of them.",
    path: ["payload"],
  });
export type FixJobRowInput = z.input<typeof FixJobRowInput>;

export const RetryGroupInput = z.strictObject({ id: JobId, code: z.string().trim().min(1).max(200) });
export type RetryGroupInput = z.input<typeof RetryGroupInput>;
