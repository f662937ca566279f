import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Instance-wide secrets and flags shared by every app instance (e.g. the JWT signing key).
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
