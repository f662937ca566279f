import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Failed token attempts per bucket (`key:<digest>`, `user:<digest>`, `ip:<address>`), a
// fixed window per bucket; shared by every instance.
export const authRateLimits = pgTable("auth_rate_limits", {
  bucket: text().primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
