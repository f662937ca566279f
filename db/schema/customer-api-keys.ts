import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

/**
 * A customer who may read their own accounts: one per (organisation, e-mail). The accounts
 * they read are those whose imported customers[] name this e-mail (ADR 0207), so the same
 * e-mail on two accounts is one user and a later import adds accounts without a write here.
 */
export const accountUsers = pgTable(
  "account_users",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.organisationId, t.email),
    check("account_users_email_check", sql`${t.email} = lower(btrim(${t.email})) and ${t.email} like '%_@_%'`),
  ],
);

// Stored as a SHA-256 digest like organisation keys (api-keys.ts); a separate table so no
// organisation-key lookup (data-import routes) can ever match a customer's key.
export const customerApiKeys = pgTable(
  "customer_api_keys",
  {
    id: serial().primaryKey(),
    accountUserId: integer()
      .notNull()
      .references(() => accountUsers.id),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    invalidatedAt: timestamp({ withTimezone: true }),
    invalidatedBy: text(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountUserId)],
);
