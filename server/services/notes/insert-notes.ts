import { createHash } from "node:crypto";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type NoteDocument, type NoteSource, notes } from "@/db/schema";

export type NewNote = {
  body: string | null;
  documents: NoteDocument[];
  createdAt: Date;
  createdAtGiven: boolean;
  isPinned: boolean;
  unpinAt: Date | null;
  externalId?: string | null;
  isArchived?: boolean;
  source?: NoteSource;
};

/** A note as the account has it, for the response. */
export type StoredNote = Pick<
  typeof notes.$inferSelect,
  "id" | "body" | "documentPaths" | "createdAt" | "externalId" | "isArchived" | "isPinned" | "unpinAt"
>;

/**
 * Note datetimes are kept at whole seconds, the precision of the spec's
 * `YYYY-MM-DDTHH:MM:SSZ`: what is stored, echoed and compared for dedup is the same value.
 */
export function wholeSecond(t: Date): Date {
  return new Date(Math.floor(t.getTime() / 1000) * 1000);
}
const sameSecond = (a: Date, b: Date) => Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);

/** Dedup key: the body, or the document paths when a note has no body. */
export function noteContentHash(body: string | null, documents: { document_path: string }[]) {
  const content =
    body ?? `\u0000documents:${JSON.stringify(documents.map((d) => d.document_path.replace(/^\/+/, "")))}`;
  return createHash("sha256").update(content).digest("hex");
}

const STORED = {
  id: notes.id,
  body: notes.body,
  documentPaths: notes.documentPaths,
  createdAt: notes.createdAt,
  externalId: notes.externalId,
  isArchived: notes.isArchived,
  isPinned: notes.isPinned,
  unpinAt: notes.unpinAt,
  contentHash: notes.contentHash,
};

/**
 * Adds the notes an account does not have yet. A note with an external_id exists when the
 * account has a note with that external_id (production's key); one without exists when a
 * note has the same content and, where the sender gave created_at, the same created_at. The
 * caller holds the account lock; the unique indexes are the backstop. Datetimes are truncated
 * to whole seconds (rows stored before that are matched to the second); unpin_at is kept on
 * pinned notes only. Returns per input whether it was created, and the note the account has.
 */
export async function insertNotes(tx: Db, accountId: number, items: NewNote[], requestId?: string) {
  const hashes = items.map((n) => noteContentHash(n.body, n.documents));
  const externalIds = [...new Set(items.flatMap((n) => (n.externalId ? [n.externalId] : [])))];
  const existing = await tx
    .select(STORED)
    .from(notes)
    .where(
      and(
        eq(notes.accountId, accountId),
        or(
          inArray(notes.contentHash, [...new Set(hashes)]),
          externalIds.length ? inArray(notes.externalId, externalIds) : undefined,
        ),
      ),
    );
  const byContent = new Map<string, StoredNote[]>();
  const byExternal = new Map<string, StoredNote>();
  const remember = (hash: string, note: StoredNote) => {
    byContent.set(hash, [...(byContent.get(hash) ?? []), note]);
    if (note.externalId) byExternal.set(note.externalId, note);
  };
  for (const { contentHash, ...note } of existing) remember(contentHash, note);
  const outcome: { created: boolean; note: StoredNote }[] = [];
  const toInsert: { index: number; row: typeof notes.$inferInsert }[] = [];
  items.forEach((n, i) => {
    const createdAt = wholeSecond(n.createdAt);
    const same = byContent.get(hashes[i]) ?? [];
    const match = n.externalId
      ? byExternal.get(n.externalId)
      : n.createdAtGiven
        ? same.find((d) => sameSecond(d.createdAt, createdAt))
        : same[0];
    if (match)
      return void outcome.push({ created: false, note: { ...match, createdAt: wholeSecond(match.createdAt) } });
    const row = {
      accountId,
      body: n.body,
      documentPaths: n.documents,
      contentHash: hashes[i],
      createdAt,
      createdAtGiven: n.createdAtGiven,
      isPinned: n.isPinned,
      unpinAt: n.isPinned && n.unpinAt ? wholeSecond(n.unpinAt) : null,
      externalId: n.externalId ?? null,
      isArchived: n.isArchived ?? false,
      source: n.source ?? "import",
      requestId,
    };
    const note: StoredNote = {
      id: 0,
      body: row.body,
      documentPaths: row.documentPaths,
      createdAt,
      externalId: row.externalId,
      isArchived: row.isArchived,
      isPinned: row.isPinned,
      unpinAt: row.unpinAt,
    };
    remember(hashes[i], note);
    outcome.push({ created: true, note });
    toInsert.push({ index: i, row });
  });
  const ids = toInsert.length
    ? await tx
        .insert(notes)
        .values(toInsert.map((r) => r.row))
        .returning({ id: notes.id })
    : [];
  toInsert.forEach((r, k) => (outcome[r.index].note.id = ids[k].id));
  return { outcome, ids: ids.map((r) => r.id) };
}
