import { z } from "zod";
import { PayloadNode } from "./payload-node";

const FailedStep = z.enum(["validation", "staging", "import", "registration"]);

/** A row's errors, each at its attr (and CSV column). */
const RowErrors = z.array(
  z.object({
    detail: z.string(),
    code: z.string(),
    attr: z.string().nullable(),
    column: z.string().nullable().optional(),
  }),
);

/** Accounts at each step of a migration, and failed at each. */
const Funnel = z.object({
  received: z.number(),
  staged: z.number(),
  imported: z.number(),
  registrationSent: z.number(),
  registered: z.number(),
  failedStaging: z.number(),
  failedImport: z.number(),
  failedRegistration: z.number(),
});

/** A job with its progress, as the job list and the job page show it. */
const ImportJobView = z.object({
  id: z.number(),
  supplierCode: z.string(),
  supplierStatus: z.string(),
  fileName: z.string(),
  format: z.enum(["jsonl", "csv"]),
  dryRun: z.boolean(),
  sendRegistration: z.boolean(),
  status: z.enum(["failed", "receiving", "running", "paused", "cancelled", "completed"]),
  waitingFor: z.templateLiteral(["supplier_", z.string()]).nullable(),
  uploadError: z.string().nullable(),
  endReason: z.literal("supplier_complete").nullable(),
  prunedImported: z.number(),
  totalRows: z.number(),
  counts: z.object({ imported: z.number(), pending: z.number(), valid: z.number(), failed: z.number() }),
  handled: z.number(),
  rate: z.number(),
  etaSeconds: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});

export const ImportJobListOutput = z.array(ImportJobView);

export const ImportJobGetOutput = ImportJobView;

export const ImportJobFailureGroupsOutput = z.array(
  z.object({ code: z.string(), step: z.string(), count: z.number(), example: z.string().nullable() }),
);

export const ImportJobFailedRowsOutput = z.object({
  items: z.array(
    z.object({
      line: z.number(),
      externalAccountNumber: z.string().nullable(),
      step: FailedStep.nullable(),
      errorCode: z.string().nullable(),
      errors: RowErrors,
    }),
  ),
  nextAfterLine: z.number().nullable(),
});

export const ImportJobRowOutput = z.object({
  jobId: z.number(),
  line: z.number(),
  status: z.enum(["imported", "failed", "pending", "valid"]),
  step: FailedStep.nullable(),
  errorCode: z.string().nullable(),
  errors: RowErrors,
  externalAccountNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  fixed: z.boolean(),
  attempts: z.number(),
  payload: z.looseObject({ import_supplier: z.string() }).nullable(),
  cells: z.record(z.string(), z.string()).nullable(),
  tree: PayloadNode.nullable(),
});

export const ImportJobDashboardOutput = z.object({
  importSupplier: z.string().nullable(),
  total: Funnel,
  suppliers: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      status: z.string(),
      funnel: Funnel,
    }),
  ),
  series: z.array(z.object({ minute: z.date(), imported: z.number(), failed: z.number() })),
  rate: z.number(),
  remaining: z.number(),
  etaSeconds: z.number().nullable(),
});

export const ImportJobPauseOutput = z.object({ id: z.number(), status: z.literal("paused") });

export const ImportJobResumeOutput = z.object({ id: z.number(), status: z.literal("running") });

export const ImportJobCancelOutput = z.object({ id: z.number(), status: z.literal("cancelled") });

export const ImportJobDeleteOutput = z.object({ id: z.number(), deleted: z.literal(true) });

export const ImportJobImportValidatedOutput = z.object({ id: z.number(), status: z.literal("running") });

export const ImportJobFixRowOutput = z.object({ id: z.number(), line: z.number(), status: z.literal("pending") });

export const ImportJobRetryGroupOutput = z.object({ id: z.number(), code: z.string(), retried: z.number() });
