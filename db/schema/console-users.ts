import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

export const CONSOLE_ROLES = ["operator", "support"] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const consoleUsers = pgTable(
  "console_users",
  {
    id: serial().primaryKey(),
    organisationId: integer().notNull().references(() => organisations.id),
    email: text().notNull().unique(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: CONSOLE_ROLES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("console_users_role_check", sql`${t.role} in ('operator', 'support')`)],
);
