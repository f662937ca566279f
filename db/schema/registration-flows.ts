import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { FUELS, meterPoints } from "./meter-points";

export const REGISTRATION_STATUSES = ["requested", "sent", "failed"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

// The registration state of a meter point: one row per marking; at most one live
// (requested or sent) row per meter point. The background job records its outcome here.
export const meterPointRegistrations = pgTable(
  "meter_point_registrations",
  {
    id: serial().primaryKey(),
    meterPointId: integer()
      .notNull()
      .references(() => meterPoints.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    fuel: text({ enum: FUELS }).notNull(),
    mpxn: text().notNull(),
    supplyStartDate: date({ mode: "string" }).notNull(),
    status: text({ enum: REGISTRATION_STATUSES }).notNull().default("requested"),
    errorDetail: text(),
    attempts: integer().notNull().default(0),
    /** The registration flow as built and sent by the job. */
    flow: jsonb().$type<Record<string, unknown>>(),
    requestId: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("meter_point_registrations_live_key")
      .on(t.meterPointId)
      .where(sql`${t.status} in ('requested', 'sent')`),
    index().on(t.accountId),
    check("meter_point_registrations_status_check", sql`${t.status} in ('requested', 'sent', 'failed')`),
    check(
      "meter_point_registrations_failed_check",
      sql`(${t.status} = 'failed') = (${t.errorDetail} is not null and ${t.failedAt} is not null)`,
    ),
    check("meter_point_registrations_sent_check", sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);
