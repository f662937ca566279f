import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type NoteDocument, type NoteSource, notes } from "@/db/schema";

export type NewNote = {
  body: string | null;
  documents: NoteDocument[];
  createdAt: Date;
  createdAtGiven: boolean;
  isPinned: boolean;
  unpinAt: Date | null;
  source?: NoteSource;
};

/** Dedup key: the body, or the document paths when a note has no body. */
export function noteContentHash(body: string | null, documents: { document_path: string }[]) {
  const content = body ?? `\u0000documents:${JSON.stringify(documents.map((d) => d.document_path.replace(/^\/+/, "")))}`;
  return createHash("sha256").update(content).digest("hex");
}

/**
 * Adds the notes an account does not have yet: a note exists when one has the same content
 * and, where the sender gave created_at, the same created_at. The caller holds the account
 * lock; the unique indexes are the backstop. Returns per input whether it was created and
 * the created_at of the stored (new or existing) note.
 */
export async function insertNotes(tx: Db, accountId: number, items: NewNote[], requestId?: string) {
  const hashes = items.map((n) => noteContentHash(n.body, n.documents));
  const existing = await tx
    .select({ contentHash: notes.contentHash, createdAt: notes.createdAt })
    .from(notes)
    .where(and(eq(notes.accountId, accountId), inArray(notes.contentHash, [...new Set(hashes)])));
  const seen = new Map<string, Date[]>();
  for (const e of existing) seen.set(e.contentHash, [...(seen.get(e.contentHash) ?? []), e.createdAt]);
  const outcome: { created: boolean; createdAt: Date }[] = [];
  const toInsert: (typeof notes.$inferInsert)[] = [];
  items.forEach((n, i) => {
    const same = seen.get(hashes[i]) ?? [];
    const match = n.createdAtGiven ? same.find((d) => d.getTime() === n.createdAt.getTime()) : same[0];
    if (match) return void outcome.push({ created: false, createdAt: match });
    seen.set(hashes[i], [...same, n.createdAt]);
    outcome.push({ created: true, createdAt: n.createdAt });
    toInsert.push({
      accountId,
      body: n.body,
      documentPaths: n.documents,
      contentHash: hashes[i],
      createdAt: n.createdAt,
      createdAtGiven: n.createdAtGiven,
      isPinned: n.isPinned,
      unpinAt: n.unpinAt,
      source: n.source ?? "import",
      requestId,
    });
  });
  const ids = toInsert.length ? await tx.insert(notes).values(toInsert).returning({ id: notes.id }) : [];
  return { outcome, ids: ids.map((r) => r.id) };
}
