import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const historicalStatements = pgTable(
  "historical_statements",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    statementId: text().notNull(),
    billPeriodFromDate: date({ mode: "string" }).notNull(),
    billPeriodToDate: date({ mode: "string" }).notNull(),
    issuedDate: date({ mode: "string" }),
    number: text(),
    /** Production's gross_amount: an integer in pence (minor units), as sent. */
    grossAmountPence: bigint({ mode: "number" }),
    statementPath: text(),
    /** The resolved document location (supplier document root + path). */
    documentLocation: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("historical_statements_account_statement_id_key").on(t.accountId, t.statementId),
    check("historical_statements_period_check", sql`${t.billPeriodFromDate} <= ${t.billPeriodToDate}`),
    check("historical_statements_path_check", sql`(${t.statementPath} is null) = (${t.documentLocation} is null)`),
  ],
);
