import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const customers = pgTable(
  "customers",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    title: text(),
    salutation: text(),
    // Production defaults both to '' (a business customer may have neither).
    givenName: text().notNull().default(""),
    familyName: text().notNull().default(""),
    email: text(),
    mobile: text(),
    landline: text(),
    dateOfBirth: text(),
    // Priority services register entries and contact preferences, as sent (EnergyPSR[], EnergyCustomerPreferences).
    psr: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    preferences: jsonb().$type<Record<string, unknown>>(),
  },
  // A customer key reads the accounts whose customers carry its e-mail (ADR 0207).
  (t) => [index().on(t.accountId), index("customers_email_lower_index").on(sql`lower(btrim(${t.email}))`)],
);
