import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const PRODUCT_DIRECTIONS = ["IMPORT", "EXPORT"] as const;
export type ProductDirection = (typeof PRODUCT_DIRECTIONS)[number];

/** `demo`: loaded by the demo loader, whose rates the daily demo-catalogue job keeps current; `file`: an operator's products file. */
export const PRODUCT_SOURCES = ["file", "demo"] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

/** A tariff product as the public API lists it; the catalogue is shared by every organisation. */
export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    direction: text({ enum: PRODUCT_DIRECTIONS }).notNull(),
    fullName: text().notNull(),
    displayName: text().notNull(),
    description: text().notNull(),
    isVariable: boolean().notNull(),
    isGreen: boolean().notNull(),
    isTracker: boolean().notNull(),
    isPrepay: boolean().notNull(),
    isBusiness: boolean().notNull(),
    isRestricted: boolean().notNull(),
    /** Contract length in months; null for products without a fixed term. */
    term: integer(),
    availableFrom: timestamp({ withTimezone: true }).notNull(),
    availableTo: timestamp({ withTimezone: true }),
    brand: text().notNull(),
    source: text({ enum: PRODUCT_SOURCES }).notNull().default("file"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.brand),
    check("products_code_check", sql`${t.code} ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and length(${t.code}) <= 64`),
    check("products_brand_check", sql`${t.brand} ~ '^[A-Z0-9_]{1,64}$'`),
    check("products_source_check", sql`${t.source} in ('file', 'demo')`),
    check("products_direction_check", sql`${t.direction} in ('IMPORT', 'EXPORT')`),
    check("products_term_check", sql`${t.term} is null or ${t.term} between 1 and 120`),
    check("products_available_check", sql`${t.availableTo} is null or ${t.availableTo} > ${t.availableFrom}`),
  ],
);
