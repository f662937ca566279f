import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const organisations = pgTable("organisations", {
  id: serial().primaryKey(),
  number: text().notNull().unique(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
