import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

// Keys are high-entropy random strings, so a SHA-256 digest is enough to store
// and lets a request find its key by index instead of scanning slow hashes.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    isLive: boolean().notNull().default(true),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    invalidatedAt: timestamp({ withTimezone: true }),
    invalidatedBy: text(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.organisationId)],
);
