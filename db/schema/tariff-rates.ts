import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { PAYMENT_METHODS, tariffs } from "./tariffs";

export const RATE_TYPES = ["standing_charge", "standard_unit_rate", "day_unit_rate", "night_unit_rate"] as const;
export type RateType = (typeof RATE_TYPES)[number];

/**
 * A price of a tariff over [valid_from, valid_to). A null payment method applies to
 * every payment method of the tariff. Periods of one tariff, rate type and payment
 * method must not overlap: the loader checks that inside its transaction (ADR 0201).
 */
export const tariffRates = pgTable(
  "tariff_rates",
  {
    id: serial().primaryKey(),
    tariffId: integer()
      .notNull()
      .references(() => tariffs.id, { onDelete: "cascade" }),
    rateType: text({ enum: RATE_TYPES }).notNull(),
    paymentMethod: text({ enum: PAYMENT_METHODS }),
    valueExcVat: numeric({ precision: 12, scale: 6, mode: "string" }).notNull(),
    valueIncVat: numeric({ precision: 12, scale: 6, mode: "string" }).notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validTo: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("tariff_rates_period_start_key").on(t.tariffId, t.rateType, t.paymentMethod, t.validFrom).nullsNotDistinct(),
    // The unit-rate route reads one tariff's rates of one type newest first.
    index("tariff_rates_lookup_idx").on(t.tariffId, t.rateType, t.validFrom.desc()),
    check("tariff_rates_period_check", sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
    check(
      "tariff_rates_type_check",
      sql`${t.rateType} in ('standing_charge', 'standard_unit_rate', 'day_unit_rate', 'night_unit_rate')`,
    ),
    check(
      "tariff_rates_payment_method_check",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('DIRECT_DEBIT', 'NON_DIRECT_DEBIT', 'PREPAYMENT')`,
    ),
  ],
);
