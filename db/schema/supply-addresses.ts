import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const supplyAddresses = pgTable(
  "supply_addresses",
  {
    id: serial().primaryKey(),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    addressLine1: text().notNull(),
    addressLine2: text(),
    addressLine3: text(),
    town: text(),
    county: text(),
    postcode: text().notNull(),
    movedInAt: timestamp({ withTimezone: true }),
    movedOutAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountId)],
);
