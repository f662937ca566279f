import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { consoleUsers } from "./console-users";
import { customerApiKeys } from "./customer-api-keys";
import { organisations } from "./organisations";

// Only a SHA-256 digest of each refresh token is kept, so any instance can honour or
// revoke it. A refresh rotates the token; replaying a rotated one revokes its family.
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    apiKeyId: integer().references(() => apiKeys.id),
    consoleUserId: integer().references(() => consoleUsers.id, { onDelete: "cascade" }),
    customerApiKeyId: integer().references(() => customerApiKeys.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [
    index().on(t.familyId),
    check(
      "refresh_tokens_subject_check",
      sql`num_nonnulls(${t.apiKeyId}, ${t.consoleUserId}, ${t.customerApiKeyId}) = 1`,
    ),
  ],
);
