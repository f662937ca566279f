import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const NOTE_SOURCES = ["import", "transaction_date_moved"] as const;
export type NoteSource = (typeof NOTE_SOURCES)[number];

export type NoteDocument = { document_path: string; location: string };

// Dedup: by external_id when the sender gave one; otherwise same content (body, or the
// document paths when there is no body) and the same created_at when the sender gave one;
// two implicit-date notes with one content never coexist.
export const notes = pgTable(
  "notes",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    body: text(),
    /** The sender's id for the note (production's dedup key), unique per account. */
    externalId: text(),
    documentPaths: jsonb().$type<NoteDocument[]>().notNull().default([]),
    contentHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    createdAtGiven: boolean().notNull(),
    isPinned: boolean().notNull().default(false),
    isArchived: boolean().notNull().default(false),
    unpinAt: timestamp({ withTimezone: true }),
    source: text({ enum: NOTE_SOURCES }).notNull().default("import"),
    requestId: text(),
    insertedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notes_account_external_id_key").on(t.accountId, t.externalId).where(sql`${t.externalId} is not null`),
    uniqueIndex("notes_account_content_created_at_key")
      .on(t.accountId, t.contentHash, t.createdAt)
      .where(sql`${t.externalId} is null`),
    uniqueIndex("notes_account_content_implicit_key")
      .on(t.accountId, t.contentHash)
      .where(sql`not ${t.createdAtGiven} and ${t.externalId} is null`),
    index().on(t.accountId, t.createdAt),
    check("notes_source_check", sql`${t.source} in ('import', 'transaction_date_moved')`),
    check("notes_content_check", sql`${t.body} is not null or jsonb_array_length(${t.documentPaths}) > 0`),
    // unpin_at is kept only on a pinned note; it may precede created_at when created_at was not given.
    check("notes_unpin_check", sql`${t.unpinAt} is null or ${t.isPinned}`),
  ],
);
