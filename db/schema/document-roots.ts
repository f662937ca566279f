import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

/**
 * The document roots an organisation owns (ADR 0106). `root` is the canonical form
 * (`file:///dir/` or `s3://bucket/prefix/`, always ending in one `/`), so "one root lies
 * under another" is a plain prefix test. Two organisations' roots never overlap: unique
 * here, and the prefix test in trigger `document_roots_no_overlap` under an advisory lock.
 * A claim is never released, so documents stored under it stay readable only by its owner.
 */
export const documentRoots = pgTable(
  "document_roots",
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id),
    root: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("document_roots_root_key").on(t.root),
    // The target of import_suppliers' (organisation_id, document_root_id) foreign key.
    unique("document_roots_organisation_id_id_key").on(t.organisationId, t.id),
    index().on(t.organisationId),
    check("document_roots_root_check", sql`${t.root} ~ '^(file://|s3://[a-z0-9][a-z0-9.-]*)(/[^/?#\\\\]+)*/$'`),
  ],
);
