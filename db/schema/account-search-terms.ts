import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { accountImportProcesses } from "./account-import-processes";

export const SEARCH_TERM_KINDS = [
  "account_number",
  "external_number",
  "name",
  "billing_name",
  "email",
  "phone",
  "postcode",
  "postcode_outward",
  "mpxn",
  "meter_serial",
] as const;
export type SearchTermKind = (typeof SEARCH_TERM_KINDS)[number];

// What a caller may say about an account, normalised (see the migration's
// account_search_normalise_* functions), one row per thing said. Kept by triggers on
// account_import_processes (staged, failed and imported alike) and accounts (the platform
// number), so every writer keeps it current; searched by prefix (btree) and, for names, through
// account_search_words (the distinct name words with a pg_trgm GIN index, written by the same
// trigger; hand-written in the migration, not modelled here). ADR 0407.
export const accountSearchTerms = pgTable(
  "account_search_terms",
  {
    processId: integer()
      .notNull()
      .references(() => accountImportProcesses.id, { onDelete: "cascade" }),
    organisationId: integer().notNull(),
    kind: text({ enum: SEARCH_TERM_KINDS }).notNull(),
    /** The normalised text that is matched. */
    term: text().notNull(),
    /** The text as sent, shown with the matched part highlighted. */
    shown: text().notNull(),
  },
  (t) => [
    index("account_search_terms_prefix_index").on(t.organisationId, t.kind, sql`${t.term} text_pattern_ops`),
    index().on(t.processId),
    check(
      "account_search_terms_kind_check",
      sql`${t.kind} in ('account_number', 'external_number', 'name', 'billing_name', 'email', 'phone', 'postcode', 'postcode_outward', 'mpxn', 'meter_serial')`,
    ),
  ],
);
