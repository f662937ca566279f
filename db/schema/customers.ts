import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const customers = pgTable(
  "customers",
  {
    id: serial().primaryKey(),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    title: text(),
    givenName: text().notNull(),
    familyName: text().notNull(),
    email: text(),
    mobile: text(),
    landline: text(),
    dateOfBirth: text(),
  },
  (t) => [index().on(t.accountId)],
);
