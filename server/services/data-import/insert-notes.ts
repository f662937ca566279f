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
  const content = body ?? `\u0000documents:${JSON.stringify(documents.map((d) => d.document_path.replace(/^\/+/, "")))}`;
  return createHash("sha256").update(content).digest("hex");
}

/**
 * Adds the notes an account does not have yet: a note exists when one has the same content
 * and, where the sender gave created_at, the same created_at. The caller holds the account
 * lock; the unique indexes are the backstop. Datetimes are truncated to whole seconds (rows
 * stored before that are matched to the second). Returns per input whether it was created
 * and the created_at of the stored (new or existing) note.
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
    const createdAt = wholeSecond(n.createdAt);
    const same = seen.get(hashes[i]) ?? [];
    const match = n.createdAtGiven ? same.find((d) => sameSecond(d, createdAt)) : same[0];
    if (match) return void outcome.push({ created: false, createdAt: wholeSecond(match) });
    seen.set(hashes[i], [...same, createdAt]);
    outcome.push({ created: true, createdAt });
    toInsert.push({
      accountId,
      body: n.body,
      documentPaths: n.documents,
      contentHash: hashes[i],
      createdAt,
      createdAtGiven: n.createdAtGiven,
      isPinned: n.isPinned,
      unpinAt: n.unpinAt && wholeSecond(n.unpinAt),
      source: n.source ?? "import",
      requestId,
    });
  });
  const ids = toInsert.length ? await tx.insert(notes).values(toInsert).returning({ id: notes.id }) : [];
  return { outcome, ids: ids.map((r) => r.id) };
}
