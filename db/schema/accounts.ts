import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { importSuppliers } from "./import-suppliers";

export const accounts = pgTable(
  "accounts",
  {
    id: serial().primaryKey(),
    number: text().notNull().unique(),
    supplierId: integer().notNull().references(() => importSuppliers.id),
    externalAccountNumber: text().notNull(),
    billingName: text().notNull(),
    billingAddressLine1: text().notNull(),
    billingAddressLine2: text(),
    billingAddressLine3: text(),
    billingTown: text(),
    billingCounty: text(),
    billingPostcode: text().notNull(),
    lastStatementClosingDate: date({ mode: "string" }).notNull(),
    // The open statement period starts the day after the last closing date.
    openStatementPeriodStart: date({ mode: "string" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.supplierId, t.externalAccountNumber),
    // The console finds accounts by external number whatever its case (find-accounts.ts).
    index("accounts_external_account_number_lower_index").on(sql`lower(${t.externalAccountNumber})`),
    check("accounts_number_check", sql`${t.number} ~ '^A-[0-9A-F]{8}$'`),
    check("accounts_open_period_check", sql`${t.openStatementPeriodStart} = ${t.lastStatementClosingDate} + 1`),
  ],
);
