import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row whose version every catalogue load bumps in its own transaction; per-instance
 * response caches key on it, so every app instance sees a load at once (ADR 0202).
 */
export const productCatalogueState = pgTable(
  "product_catalogue_state",
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: "number" }).notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text(),
  },
  (t) => [check("product_catalogue_state_singleton_check", sql`${t.id} = 1`)],
);
