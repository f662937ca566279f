import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { documentRoots } from "./document-roots";
import { organisations } from "./organisations";

export const SUPPLIER_STATUSES = ["Ongoing", "Paused", "Complete"] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const importSuppliers = pgTable(
  "import_suppliers",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    /** Unique per organisation: another organisation's codes are invisible (ADR 0107). */
    code: text().notNull(),
    name: text().notNull(),
    status: text({ enum: SUPPLIER_STATUSES }).notNull().default("Ongoing"),
    documentRoot: text().notNull(),
    /** The organisation's claim on `documentRoot`; null only for a root that another organisation already owned when claims began. */
    documentRootId: integer(),
    sendAutomatedEmails: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("import_suppliers_organisation_id_code_key").on(t.organisationId, t.code),
    // The root must be one the supplier's own organisation owns.
    foreignKey({
      name: "import_suppliers_document_root_fk",
      columns: [t.organisationId, t.documentRootId],
      foreignColumns: [documentRoots.organisationId, documentRoots.id],
    }),
    check("import_suppliers_status_check", sql`${t.status} in ('Ongoing', 'Paused', 'Complete')`),
    check("import_suppliers_code_check", sql`${t.code} ~ '^[A-Za-z0-9_-]{1,64}$'`),
  ],
);
