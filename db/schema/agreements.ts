import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { meterPoints } from "./meter-points";

export const agreements = pgTable(
  "agreements",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    meterPointId: integer()
      .notNull()
      .references(() => meterPoints.id, { onDelete: "cascade" }),
    tariffCode: text().notNull(),
    productCode: text().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validTo: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.meterPointId),
    // The console's account page reads an account's agreements.
    index().on(t.accountId),
    check("agreements_period_check", sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);
