import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { importSuppliers } from "./import-suppliers";
import { organisations } from "./organisations";

/** A cohort's lifecycle (ADR 0416): reconciled is "signed off"; the order is the only way through. */
export const COHORT_STATUSES = [
  "planning",
  "importing",
  "imported",
  "reconciling",
  "reconciled",
  "cutting_over",
  "cut_over",
] as const;
export type CohortStatus = (typeof COHORT_STATUSES)[number];

/** Where a member came from: an import job naming the cohort, a pasted or uploaded list, the data-import API's header. */
export const COHORT_MEMBER_SOURCES = ["import_job", "list", "api"] as const;
export type CohortMemberSource = (typeof COHORT_MEMBER_SOURCES)[number];

// A group of a supplier's accounts migrated together: imported, reconciled against the source
// system's control file, signed off, then cut over (registration flows for all its meter points).
export const cohorts = pgTable(
  "cohorts",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    supplierId: integer()
      .notNull()
      .references(() => importSuppliers.id),
    name: text().notNull(),
    plannedCutoverDate: date({ mode: "string" }),
    notes: text(),
    status: text({ enum: COHORT_STATUSES }).notNull().default("planning"),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last change to the members or the control file: a reconciliation older than it cannot be signed off. */
    inputsChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    controlFileName: text(),
    controlFileRows: integer(),
    /** Columns of the control file beyond the documented ones: kept with each row, not compared. */
    controlExtraColumns: text().array(),
    controlUploadedBy: text(),
    controlUploadedAt: timestamp({ withTimezone: true }),
    signedOffBy: text(),
    signedOffAt: timestamp({ withTimezone: true }),
    cutoverStartedBy: text(),
    cutoverStartedAt: timestamp({ withTimezone: true }),
    cutoverFinishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("cohorts_supplier_name_key").on(t.supplierId, t.name),
    // Members name the cohort and its supplier together, so a member's supplier is its cohort's.
    unique("cohorts_id_supplier_key").on(t.id, t.supplierId),
    index().on(t.organisationId, t.supplierId),
    check(
      "cohorts_status_check",
      sql`${t.status} in ('planning', 'importing', 'imported', 'reconciling', 'reconciled', 'cutting_over', 'cut_over')`,
    ),
    check("cohorts_name_check", sql`length(${t.name}) between 1 and 100`),
    check("cohorts_notes_check", sql`${t.notes} is null or length(${t.notes}) <= 4000`),
    check(
      "cohorts_signed_off_check",
      sql`(${t.status} in ('reconciled', 'cutting_over', 'cut_over')) = (${t.signedOffAt} is not null and ${t.signedOffBy} is not null)`,
    ),
    check(
      "cohorts_cutover_check",
      sql`(${t.status} in ('cutting_over', 'cut_over')) = (${t.cutoverStartedAt} is not null)`,
    ),
  ],
);

// An account's place in a cohort, by the supplier's external number (it may join before it is
// imported). The primary key is what keeps an account in at most one cohort.
export const cohortMembers = pgTable(
  "cohort_members",
  {
    supplierId: integer().notNull(),
    externalAccountNumber: text().notNull(),
    cohortId: integer().notNull(),
    source: text({ enum: COHORT_MEMBER_SOURCES }).notNull(),
    addedBy: text().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "cohort_members_pkey", columns: [t.supplierId, t.externalAccountNumber] }),
    foreignKey({
      name: "cohort_members_cohort_fk",
      columns: [t.cohortId, t.supplierId],
      foreignColumns: [cohorts.id, cohorts.supplierId],
    }).onDelete("cascade"),
    index().on(t.cohortId, t.externalAccountNumber),
    check("cohort_members_source_check", sql`${t.source} in ('import_job', 'list', 'api')`),
    check("cohort_members_external_check", sql`length(${t.externalAccountNumber}) between 1 and 200`),
  ],
);

export type ControlMeterPoint = { mpxn: string; meter_serials: string[] };
export type ControlReading = { meter_serial: string; register: string; value: string; date: string };

/** The checks a control file's columns feed, in the order the console lists them. */
export const RECONCILIATION_CHECKS = [
  "balance",
  "meter_points",
  "meters",
  "payment",
  "statements",
  "readings",
] as const;
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number];

// The source system's figures for one account of a cohort, as the last control file gave them.
// A figure whose column the file left out is null and its check not run (`checks` lists those run).
export const cohortControlRows = pgTable(
  "cohort_control_rows",
  {
    cohortId: integer()
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    externalAccountNumber: text().notNull(),
    line: integer().notNull(),
    checks: text().array().notNull(),
    closingBalancePence: bigint({ mode: "number" }),
    meterPoints: jsonb().$type<ControlMeterPoint[]>(),
    paymentReference: text(),
    statementCount: integer(),
    lastReadings: jsonb().$type<ControlReading[]>(),
    extra: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.cohortId, t.externalAccountNumber] }),
    check("cohort_control_rows_statements_check", sql`${t.statementCount} is null or ${t.statementCount} >= 0`),
  ],
);
