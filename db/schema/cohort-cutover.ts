import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { cohorts } from "./cohorts";
import { meterPoints } from "./meter-points";

/** pending: not sent yet; requested: marked for registration (the registration job sends it); refused: registration was refused, with why. */
export const CUTOVER_ITEM_STATUSES = ["pending", "requested", "refused"] as const;
export type CutoverItemStatus = (typeof CUTOVER_ITEM_STATUSES)[number];

// One row per meter point a cohort's cut-over sends (ADR 0418). The primary key on the meter
// point is the claim that makes it once per meter point, whatever instance or restart runs it.
export const cohortCutoverItems = pgTable(
  "cohort_cutover_items",
  {
    meterPointId: integer()
      .primaryKey()
      .references(() => meterPoints.id, { onDelete: "cascade" }),
    cohortId: integer()
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    mpxn: text().notNull(),
    status: text({ enum: CUTOVER_ITEM_STATUSES }).notNull().default("pending"),
    detail: text(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.cohortId, t.status, t.accountId),
    check("cohort_cutover_items_status_check", sql`${t.status} in ('pending', 'requested', 'refused')`),
    check("cohort_cutover_items_refused_check", sql`(${t.status} = 'refused') = (${t.detail} is not null)`),
    check("cohort_cutover_items_processed_check", sql`(${t.status} = 'pending') = (${t.processedAt} is null)`),
  ],
);
