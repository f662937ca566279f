import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { meterPoints } from "./meter-points";

export const READING_SOURCES = ["transfer", "history"] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

/**
 * Register reads imported with an account: a meter's `transfer_readings` (at the billed-to
 * date) and its `reading_history`. Consumption between consecutive reads is derived from them.
 */
export const meterReadings = pgTable(
  "meter_readings",
  {
    id: serial().primaryKey(),
    meterPointId: integer()
      .notNull()
      .references(() => meterPoints.id, { onDelete: "cascade" }),
    meterSerialNumber: text().notNull(),
    // '' for a gas meter or a single-register meter read without one.
    registerId: text().notNull().default(""),
    readingDate: date({ mode: "string" }).notNull(),
    readingValue: numeric({ precision: 21, scale: 10 }).notNull(),
    readingType: text().notNull(),
    source: text({ enum: READING_SOURCES }).notNull(),
    billed: boolean(),
    validationStatus: text(),
  },
  (t) => [
    index().on(t.meterPointId, t.readingDate),
    check("meter_readings_source_check", sql`${t.source} in ('transfer', 'history')`),
  ],
);
