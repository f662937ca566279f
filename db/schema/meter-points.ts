import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { supplyAddresses } from "./supply-addresses";

export const FUELS = ["electricity", "gas"] as const;
export type Fuel = (typeof FUELS)[number];

/** A register as stored: production's register_id, its rate name for the public API, tpr, is_settlement and digits. */
export type MeterRegister = {
  identifier: string;
  rate: string | null;
  is_settlement_register: boolean;
  number_of_digits?: number | null;
  tpr?: string | null;
};
export type Meter = {
  serial_number: string;
  registers: MeterRegister[];
  installed_on?: string | null;
  removed_on?: string | null;
  smart_type?: string | null;
  /** The smart device (ESME / GSME) id imported as smart_device_id: smartMeterTelemetry finds the meter by it. */
  smart_device_id?: string | null;
  /** Gas meters: SCMH (cubic metres) or SCFH (cubic feet), as imported. */
  units_of_measure?: string | null;
  is_prepay?: boolean;
};

export const meterPoints = pgTable(
  "meter_points",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    supplyAddressId: integer()
      .notNull()
      .references(() => supplyAddresses.id, { onDelete: "cascade" }),
    fuel: text({ enum: FUELS }).notNull(),
    mpxn: text().notNull(),
    // The supplier's market participant id (and the gas shipper's), as registration sends them.
    mpid: text(),
    shipperMpid: text(),
    supplyStartDate: date({ mode: "string" }),
    supplyEndDate: date({ mode: "string" }),
    lastBilledToDate: date({ mode: "string" }),
    profileClass: integer(),
    ssc: text(),
    measurementClass: text(),
    // kWh a year: the current EACs summed (electricity) or the current AQ (gas).
    consumptionStandard: integer(),
    isExport: boolean().notNull().default(false),
    meters: jsonb().$type<Meter[]>().notNull().default([]),
  },
  (t) => [
    unique().on(t.accountId, t.mpxn),
    index().on(t.mpxn),
    // smartMeterTelemetry finds a meter by its device id: meters @> [{"smart_device_id": ...}].
    index("meter_points_meters_gin_index").using("gin", t.meters.op("jsonb_path_ops")),
    check("meter_points_fuel_check", sql`${t.fuel} in ('electricity', 'gas')`),
    check(
      "meter_points_supply_dates_check",
      sql`${t.supplyEndDate} is null or ${t.supplyEndDate} >= ${t.supplyStartDate}`,
    ),
    check(
      "meter_points_mpxn_check",
      sql`(${t.fuel} = 'electricity' and ${t.mpxn} ~ '^[0-9]{13}$') or (${t.fuel} = 'gas' and ${t.mpxn} ~ '^[0-9]{6,10}$')`,
    ),
  ],
);
