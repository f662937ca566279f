import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

export const SMART_DEVICE_TYPES = ["ESME", "GSME"] as const;

/**
 * An organisation's smart-meter inventory, as its supplier receives it from the smart-metering
 * data service: per device (the smart_device_id its meters are imported with), what it is,
 * who made it and the firmware it runs. GraphQL's smartImportElectricityMeter / smartGasMeter
 * answer from it (ADR 0213). Loading the same inventory again changes nothing.
 */
export const smartMeterDevices = pgTable(
  "smart_meter_devices",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    deviceId: text().notNull(),
    deviceType: text({ enum: SMART_DEVICE_TYPES }),
    manufacturer: text().notNull(),
    model: text().notNull(),
    firmwareVersion: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("smart_meter_devices_device_key").on(t.organisationId, t.deviceId),
    check("smart_meter_devices_device_type_check", sql`${t.deviceType} is null or ${t.deviceType} in ('ESME', 'GSME')`),
    check(
      "smart_meter_devices_text_check",
      sql`length(${t.deviceId}) between 1 and 64 and length(${t.manufacturer}) between 1 and 100 and length(${t.model}) between 1 and 100 and length(${t.firmwareVersion}) between 1 and 100`,
    ),
  ],
);
