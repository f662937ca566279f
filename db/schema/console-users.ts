import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

export const CONSOLE_ROLES = ["operator", "support"] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const consoleUsers = pgTable(
  "console_users",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    email: text().notNull().unique(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: CONSOLE_ROLES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Bumped whenever the user's sessions end (password or role change, revocation): access
    // tokens carry the generation they were issued under and are refused once it moves on.
    tokenGeneration: integer().notNull().default(0),
  },
  (t) => [check("console_users_role_check", sql`${t.role} in ('operator', 'support')`)],
);
