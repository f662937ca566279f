import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { importSuppliers } from "./import-suppliers";

export const accounts = pgTable(
  "accounts",
  {
    id: serial().primaryKey(),
    number: text().notNull().unique(),
    supplierId: integer()
      .notNull()
      .references(() => importSuppliers.id),
    externalAccountNumber: text().notNull(),
    // Production's account_type; an account sent without one is domestic.
    accountType: text().notNull().default("DOMESTIC"),
    salesChannel: text(),
    billingName: text(),
    // billing_address1..5 (or the structured billing_address as lines): line 4 is usually
    // the town and line 5 the county, which is how the console and the public API show them.
    billingAddressLine1: text(),
    billingAddressLine2: text(),
    billingAddressLine3: text(),
    billingTown: text(),
    billingCounty: text(),
    billingPostcode: text(),
    billingEmail: text(),
    // Balance carried over from the previous supplier: credit positive, debit negative.
    transferBalance: numeric({ precision: 21, scale: 10 }),
    lastBilledToDate: date({ mode: "string" }),
    // The last closed statement's end (last_statement_closing_date, else last_billed_to_date).
    lastStatementClosingDate: date({ mode: "string" }),
    // The day after the last closed statement, else the day supply (or the import) began.
    openStatementPeriodStart: date({ mode: "string" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.supplierId, t.externalAccountNumber),
    // The console finds accounts by external number whatever its case (find-accounts.ts).
    index("accounts_external_account_number_lower_index").on(sql`lower(${t.externalAccountNumber})`),
    check("accounts_number_check", sql`${t.number} ~ '^A-[0-9A-F]{8}$'`),
    check(
      "accounts_open_period_check",
      sql`${t.lastStatementClosingDate} is null or ${t.openStatementPeriodStart} = ${t.lastStatementClosingDate} + 1`,
    ),
  ],
);
