import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { supplyAddresses } from "./supply-addresses";

export const FUELS = ["electricity", "gas"] as const;
export type Fuel = (typeof FUELS)[number];

export type MeterRegister = { identifier: string; rate: string | null; is_settlement_register: boolean };
export type Meter = { serial_number: string; registers: MeterRegister[] };

export const meterPoints = pgTable(
  "meter_points",
  {
    id: serial().primaryKey(),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    supplyAddressId: integer().notNull().references(() => supplyAddresses.id, { onDelete: "cascade" }),
    fuel: text({ enum: FUELS }).notNull(),
    mpxn: text().notNull(),
    profileClass: integer(),
    consumptionStandard: integer(),
    isExport: boolean().notNull().default(false),
    meters: jsonb().$type<Meter[]>().notNull().default([]),
  },
  (t) => [
    unique().on(t.accountId, t.mpxn),
    index().on(t.mpxn),
    check("meter_points_fuel_check", sql`${t.fuel} in ('electricity', 'gas')`),
    check(
      "meter_points_mpxn_check",
      sql`(${t.fuel} = 'electricity' and ${t.mpxn} ~ '^[0-9]{13}$') or (${t.fuel} = 'gas' and ${t.mpxn} ~ '^[0-9]{6,10}$')`,
    ),
  ],
);
