import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

export const SUPPLIER_STATUSES = ["Ongoing", "Paused", "Complete"] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const importSuppliers = pgTable(
  "import_suppliers",
  {
    id: serial().primaryKey(),
    organisationId: integer().notNull().references(() => organisations.id),
    code: text().notNull().unique(),
    name: text().notNull(),
    status: text({ enum: SUPPLIER_STATUSES }).notNull().default("Ongoing"),
    documentRoot: text().notNull(),
    sendAutomatedEmails: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.organisationId),
    check("import_suppliers_status_check", sql`${t.status} in ('Ongoing', 'Paused', 'Complete')`),
    check("import_suppliers_code_check", sql`${t.code} ~ '^[A-Za-z0-9_-]{1,64}$'`),
  ],
);
