import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const supplyAddresses = pgTable(
  "supply_addresses",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    addressLine1: text().notNull(),
    addressLine2: text(),
    addressLine3: text(),
    // supply_address4 and supply_address5: the town and county lines of a UK address.
    town: text(),
    county: text(),
    postcode: text().notNull(),
    deliveryPointIdentifier: text(),
    movedInAt: timestamp({ withTimezone: true }),
    movedOutAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountId)],
);
