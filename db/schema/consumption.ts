import { sql } from "drizzle-orm";
import {
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { FUELS } from "./meter-points";
import { organisations } from "./organisations";

/**
 * A meter that has interval (half-hourly) reads: an organisation's meter point and serial.
 * Keyed by MPAN/MPRN rather than a meter_points row, because one meter point can appear in
 * several accounts of the organisation (occupiers come and go) while its reads are the meter's.
 */
export const consumptionMeters = pgTable(
  "consumption_meters",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    fuel: text({ enum: FUELS }).notNull(),
    mpxn: text().notNull(),
    serialNumber: text().notNull(),
  },
  (t) => [
    unique("consumption_meters_meter_key").on(t.organisationId, t.fuel, t.mpxn, t.serialNumber),
    check("consumption_meters_fuel_check", sql`${t.fuel} in ('electricity', 'gas')`),
  ],
);

/**
 * Half-hourly reads, one row per meter and interval start (UTC): 4 + 8 bytes of key and a
 * numeric, so ten years of one meter (175k rows) is about 10 MB with its index. The primary
 * key is the only index: every read is a range of one meter's intervals.
 */
export const consumptionIntervals = pgTable(
  "consumption_intervals",
  {
    meterId: integer()
      .notNull()
      .references(() => consumptionMeters.id, { onDelete: "cascade" }),
    intervalStart: timestamp({ withTimezone: true }).notNull(),
    consumption: numeric({ precision: 16, scale: 6, mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.intervalStart] }),
    check("consumption_intervals_half_hour_check", sql`extract(epoch from ${t.intervalStart})::bigint % 1800 = 0`),
    check("consumption_intervals_consumption_check", sql`${t.consumption} >= 0`),
  ],
);

/**
 * Per London day totals of consumption_intervals, kept by statement triggers on it (the
 * migration's hand-written SQL), so day, week, month and quarter groups read 1/48th of the rows.
 */
export const consumptionDays = pgTable(
  "consumption_days",
  {
    meterId: integer()
      .notNull()
      .references(() => consumptionMeters.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    consumption: numeric({ precision: 22, scale: 6, mode: "string" }).notNull(),
    intervals: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.day] })],
);
