import { z } from "zod";
import { COHORT_MEMBER_SOURCES, COHORT_STATUSES, RECONCILIATION_STATUSES } from "@/db/schema";
import { ReconciliationCheckName } from "@/server/services/cohorts/schemas";
import { AuditPage } from "./audit";

const CohortStatus = z.enum(COHORT_STATUSES);
/** As the supplier's row types it (a string, as the import-job outputs take it). */
const SupplierStatus = z.string();
const ResultStatus = z.enum(["match", "mismatch"]);

/** A cohort with its counts, as the cohort list, the dashboard and the cohort page show it (server/services/cohorts/get-cohort.ts). */
const CohortRow = z.object({
  id: z.number(),
  name: z.string(),
  status: CohortStatus,
  supplierCode: z.string(),
  plannedCutoverDate: z.iso.date().nullable(),
  notes: z.string().nullable(),
  createdAt: z.date(),
  statusChangedAt: z.date(),
  members: z.number(),
  imported: z.number(),
  compared: z.number(),
  /** Open and accepted mismatches of the newest finished run; null before one. */
  mismatches: z.number().nullable(),
  /** Those of them not accepted (as acceptances stand now): what sign-off waits for; null before a run. */
  openMismatches: z.number().nullable(),
  cutover: z.object({
    meterPoints: z.number(),
    requested: z.number(),
    refused: z.number(),
    registered: z.number(),
    failed: z.number(),
  }),
});

export const CohortListOutput = z.object({ items: z.array(CohortRow) });

export const CohortGetOutput = CohortRow.extend({
  supplierStatus: SupplierStatus,
  createdBy: z.string(),
  controlFile: z
    .object({
      fileName: z.string(),
      rows: z.number(),
      extraColumns: z.array(z.string()),
      uploadedBy: z.string(),
      uploadedAt: z.date(),
    })
    .nullable(),
  signOff: z.object({ by: z.string(), at: z.date() }).nullable(),
  cutoverStarted: z.object({ by: z.string(), at: z.date(), finishedAt: z.date().nullable() }).nullable(),
  importJobs: z.array(
    z.object({ id: z.number(), status: z.string(), fileName: z.string(), totalRows: z.number(), dryRun: z.boolean() }),
  ),
});

export const CohortMembersOutput = z.object({
  items: z.array(
    z.object({
      externalAccountNumber: z.string(),
      source: z.enum(COHORT_MEMBER_SOURCES),
      addedAt: z.date(),
      accountNumber: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The newest finished run's figures, with acceptances as they stand now (server/services/cohorts/results.ts summaryOf). */
const ReconciliationSummary = z.object({
  id: z.number(),
  requestedBy: z.string(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
  compared: z.number(),
  reconciled: z.number(),
  checks: z.array(
    z.object({ check: ReconciliationCheckName, mismatches: z.number(), accepted: z.number(), open: z.number() }),
  ),
  open: z.number(),
  mismatches: z.number(),
  notImported: z.number(),
  notInControlFile: z.number(),
  balances: z.number(),
  /** Sums in pence, as decimal strings (a bigint sum). */
  sourceBalancePence: z.string().regex(/^-?\d+$/),
  platformBalancePence: z.string().regex(/^-?\d+$/),
});

export const CohortReconciliationOutput = z.object({
  members: z.number(),
  imported: z.number(),
  controlRows: z.number(),
  reconciliation: ReconciliationSummary.nullable(),
  latestRun: z
    .object({
      id: z.number(),
      status: z.enum(RECONCILIATION_STATUSES),
      requestedAt: z.date(),
      startedAt: z.date().nullable(),
      finishedAt: z.date().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  stale: z.boolean(),
});

export const CohortResultsOutput = z.object({
  items: z.array(
    z.object({
      externalAccountNumber: z.string(),
      check: ReconciliationCheckName,
      status: ResultStatus,
      accountNumber: z.string().nullable(),
      sourceValue: z.string().nullable(),
      platformValue: z.string().nullable(),
      accepted: z.boolean(),
      acceptance: z.object({ reason: z.string(), acceptedBy: z.string(), acceptedAt: z.date() }).nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const CohortCutoverOutput = z.object({
  status: CohortStatus,
  supplierStatus: SupplierStatus,
  waitingForSupplier: z.boolean(),
  counts: z.object({
    total: z.number(),
    pending: z.number(),
    requested: z.number(),
    refused: z.number(),
    registered: z.number(),
    failed: z.number(),
    waiting: z.number(),
  }),
  problems: z.array(
    z.object({
      mpxn: z.string(),
      accountNumber: z.string(),
      externalAccountNumber: z.string(),
      stage: z.enum(["refused", "failed"]),
      detail: z.string(),
    }),
  ),
});

export const CohortDashboardOutput = z.object({
  days: z.number(),
  cohorts: z.array(
    CohortRow.extend({
      series: z.array(
        z.object({ day: z.iso.date(), imported: z.number(), reconciled: z.number(), cutOver: z.number() }),
      ),
    }),
  ),
});

/** The account page's cohort panel; null when the account is in no cohort. */
export const CohortForAccountOutput = z
  .object({
    cohort: z.object({ id: z.number(), name: z.string(), status: CohortStatus }),
    reconciledAt: z.date().nullable(),
    results: z.array(
      z.object({
        check: ReconciliationCheckName,
        status: ResultStatus,
        sourceValue: z.string().nullable(),
        platformValue: z.string().nullable(),
        acceptance: z.object({ reason: z.string(), acceptedBy: z.string() }).nullable(),
      }),
    ),
  })
  .nullable();

export const CohortAuditOutput = AuditPage;
export const CohortCreateOutput = z.object({ id: z.number(), name: z.string(), status: CohortStatus });
export const CohortUpdateOutput = z.object({ id: z.number(), changed: z.boolean() });
export const CohortAddMembersOutput = z.object({ listed: z.number(), added: z.number(), alreadyMembers: z.number() });
export const CohortRemoveMembersOutput = z.object({ removed: z.number() });
export const CohortMarkImportedOutput = z.object({ id: z.number(), status: z.literal("imported") });
export const CohortReconcileOutput = z.object({
  reconciliationId: z.number(),
  status: z.enum(["queued", "running"]),
  alreadyQueued: z.boolean(),
});
export const CohortAcceptOutput = z.object({ accepted: z.number() });
export const CohortSignOffOutput = z.object({
  id: z.number(),
  status: z.literal("reconciled"),
  signedOffBy: z.string(),
});
export const CohortStartCutoverOutput = z.object({
  id: z.number(),
  status: z.literal("cutting_over"),
  meterPoints: z.number(),
});
export const CohortRetryCutoverOutput = z.object({ retried: z.number() });
