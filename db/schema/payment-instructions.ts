import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const PAYMENT_INSTRUCTION_STATUSES = ["active", "cancelled"] as const;

export const paymentInstructions = pgTable(
  "payment_instructions",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    vendor: text().notNull(),
    type: text().notNull(),
    reference: text().notNull(),
    /** Production's optional settings, kept as sent. */
    ledgerCode: text(),
    useForScheduledPayments: boolean(),
    validFrom: date({ mode: "string" }),
    status: text({ enum: PAYMENT_INSTRUCTION_STATUSES }).notNull().default("active"),
    /** What the vendor reported when it was verified (status, scheme, card brand, ...). */
    vendorStatus: text().notNull(),
    vendorDetails: jsonb().$type<Record<string, unknown>>().notNull(),
    verifiedAt: timestamp({ withTimezone: true }).notNull(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one active instruction per account, and one account per vendor reference.
    uniqueIndex("payment_instructions_one_active_key").on(t.accountId).where(sql`${t.status} = 'active'`),
    uniqueIndex("payment_instructions_vendor_reference_key")
      .on(t.vendor, t.reference)
      .where(sql`${t.status} = 'active'`),
    check("payment_instructions_status_check", sql`${t.status} in ('active', 'cancelled')`),
  ],
);

// Consecutive requests whose vendor check failed intermittently, kept across instances so
// a vendor that keeps failing for one reference turns into a final 400.
export const paymentVendorFailures = pgTable(
  "payment_vendor_failures",
  {
    vendor: text().notNull(),
    reference: text().notNull(),
    consecutiveFailures: integer().notNull(),
    firstFailedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.reference] })],
);
