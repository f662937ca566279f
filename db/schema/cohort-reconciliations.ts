import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { cohorts } from "./cohorts";

export const RECONCILIATION_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

// One reconciliation of a cohort, run by a worker on the jobs queue (ADR 0417). Only the
// newest run keeps its results; older runs keep their summary.
export const cohortReconciliations = pgTable(
  "cohort_reconciliations",
  {
    id: serial().primaryKey(),
    cohortId: integer()
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    status: text({ enum: RECONCILIATION_STATUSES }).notNull().default("queued"),
    requestedBy: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
    /** Counts at the end of the run (accounts compared, mismatches by check, balances), for the dashboard's history. */
    summary: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index().on(t.cohortId, t.id),
    check("cohort_reconciliations_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** A check's outcome; an account on one side only is a `presence` mismatch. */
export const RESULT_STATUSES = ["match", "mismatch"] as const;

// Per account per check: both values as shown to the operator. `check` is one of
// RECONCILIATION_CHECKS, or `presence` for an account on one side only.
export const cohortReconciliationResults = pgTable(
  "cohort_reconciliation_results",
  {
    reconciliationId: integer()
      .notNull()
      .references(() => cohortReconciliations.id, { onDelete: "cascade" }),
    externalAccountNumber: text().notNull(),
    check: text().notNull(),
    status: text({ enum: RESULT_STATUSES }).notNull(),
    accountNumber: text(),
    sourceValue: text(),
    platformValue: text(),
  },
  (t) => [
    primaryKey({ columns: [t.reconciliationId, t.externalAccountNumber, t.check] }),
    index("cohort_reconciliation_results_mismatch_idx")
      .on(t.reconciliationId, t.check, t.externalAccountNumber)
      .where(sql`${t.status} = 'mismatch'`),
    check("cohort_reconciliation_results_status_check", sql`${t.status} in ('match', 'mismatch')`),
    check(
      "cohort_reconciliation_results_check_check",
      sql`${t.check} in ('presence', 'balance', 'meter_points', 'meters', 'payment', 'statements', 'readings')`,
    ),
  ],
);

// An operator's acceptance of one mismatch, with who and why. It covers the mismatch while both
// values stay as accepted: a later run finding other values needs a new decision.
export const cohortMismatchAcceptances = pgTable(
  "cohort_mismatch_acceptances",
  {
    cohortId: integer()
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    externalAccountNumber: text().notNull(),
    check: text().notNull(),
    sourceValue: text(),
    platformValue: text(),
    reason: text().notNull(),
    acceptedBy: text().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cohortId, t.externalAccountNumber, t.check] }),
    check("cohort_mismatch_acceptances_reason_check", sql`length(btrim(${t.reason})) between 3 and 1000`),
  ],
);
