import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { products } from "./products";

/** GSP regions as the public API names them (`_A`..`_P`); there is no I or O. */
export const TARIFF_REGIONS = ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P"] as const;
export type TariffRegion = (typeof TARIFF_REGIONS)[number];

export const TARIFF_FUELS = ["electricity", "gas"] as const;
export type TariffFuel = (typeof TARIFF_FUELS)[number];

/** As on unit-rate results; product detail keys them as direct_debit_monthly / varying / prepayment. */
export const PAYMENT_METHODS = ["DIRECT_DEBIT", "NON_DIRECT_DEBIT", "PREPAYMENT"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const EXIT_FEE_TYPES = ["NONE", "PER_FUEL", "PER_PRODUCT"] as const;

const money = () => numeric({ precision: 12, scale: 6, mode: "string" });

/** One regional tariff of a product; its code encodes fuel, register count, product and region. */
export const tariffs = pgTable(
  "tariffs",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    code: text().notNull().unique(),
    fuel: text({ enum: TARIFF_FUELS }).notNull(),
    /** 1 = single register, 2 = dual register (day/night). */
    registers: integer().notNull(),
    region: text({ enum: TARIFF_REGIONS }).notNull(),
    paymentMethods: text({ enum: PAYMENT_METHODS }).array().notNull(),
    onlineDiscountExcVat: money().notNull().default("0"),
    onlineDiscountIncVat: money().notNull().default("0"),
    dualFuelDiscountExcVat: money().notNull().default("0"),
    dualFuelDiscountIncVat: money().notNull().default("0"),
    exitFeesExcVat: money().notNull().default("0"),
    exitFeesIncVat: money().notNull().default("0"),
    exitFeesType: text({ enum: EXIT_FEE_TYPES }).notNull().default("NONE"),
  },
  (t) => [
    unique().on(t.productId, t.fuel, t.registers, t.region),
    check("tariffs_fuel_check", sql`${t.fuel} in ('electricity', 'gas')`),
    check("tariffs_registers_check", sql`${t.registers} = 1 or (${t.registers} = 2 and ${t.fuel} = 'electricity')`),
    check("tariffs_region_check", sql`${t.region} in ('A','B','C','D','E','F','G','H','J','K','L','M','N','P')`),
    check(
      "tariffs_code_check",
      sql`${t.code} like (case ${t.fuel} when 'electricity' then 'E' else 'G' end) || '-' || ${t.registers} || 'R-_%-' || ${t.region}`,
    ),
    check(
      "tariffs_payment_methods_check",
      sql`cardinality(${t.paymentMethods}) >= 1 and ${t.paymentMethods} <@ array['DIRECT_DEBIT','NON_DIRECT_DEBIT','PREPAYMENT']::text[]`,
    ),
    check("tariffs_exit_fees_type_check", sql`${t.exitFeesType} in ('NONE', 'PER_FUEL', 'PER_PRODUCT')`),
  ],
);
