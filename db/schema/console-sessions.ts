import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { consoleUsers } from "./console-users";

// One row per signed-in console session; the session cookie carries its id, the table only a
// SHA-256 digest. Signing out, a password or role change and removing the user delete rows, and
// every request looks its row up, so a session ends at once on every instance.
export const consoleSessions = pgTable(
  "console_sessions",
  {
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => consoleUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId)],
);
