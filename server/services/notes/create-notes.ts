import type { Db } from "@/db/client";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { emitMany, pending } from "../../events/emit";
import { isoSeconds } from "../../lib/time";
import { checkDocuments, type ResolvedDocument } from "../documents/store";
import { bodyError, findAccountByKey, type ImportedAccount } from "../import-bodies/common";
import { insertNotes, type NewNote, type StoredNote, wholeSecond } from "./insert-notes";
import { type CreateNotesInput, type Note, type NoteResult, parseNoteDateTime } from "./note-schemas";

/**
 * POST data-import/notes/create/: documents, if any, are checked before the transaction
 * (no locks held during I/O); then, under the account lock, new notes are added and
 * duplicates reported as NOTE_ALREADY_EXISTS, in request order.
 */
export async function createNotes(ctx: Ctx, input: CreateNotesInput): Promise<NoteResult[]> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  // Without documents there is nothing to ask the store, so no lookup before the lock.
  const withDocuments = input.notes.some((n) => n.document_paths?.length);
  const items = withDocuments
    ? await checkedNotes(await findAccountByKey(ctx.db, organisationId, input), input.notes, ["notes"])
    : undefined;
  return withTransaction(ctx, async (tx) => {
    const locked = await findAccountByKey(tx, organisationId, input, { lock: true });
    return addNotes(tx, ctx, locked, items ?? (await checkedNotes(locked, input.notes, ["notes"])));
  });
}

/**
 * For an imported account's own payload (`notes`), inside the caller's transaction, which
 * must hold the account row lock: the same checks (each document must exist: the store is
 * asked here, inside the transaction), dedup, rows and events as POST notes/create/.
 * `attrPrefix` places errors in the caller's body (default ["notes"]).
 */
export async function postImportedNotes(
  tx: Db,
  ctx: Ctx,
  account: ImportedAccount,
  notes: Note[],
  opts: { attrPrefix?: (string | number)[] } = {},
): Promise<NoteResult[]> {
  if (!notes.length) return [];
  const items = await checkedNotes(account, notes, opts.attrPrefix ?? ["notes"]);
  return addNotes(tx, ctx, account, items);
}

/** The notes as rows to add, with every document resolved in the supplier's store (400 for a missing one). */
async function checkedNotes(account: ImportedAccount, notes: Note[], prefix: (string | number)[]): Promise<NewNote[]> {
  const refs = notes.flatMap((n, i) =>
    (n.document_paths ?? []).map((d, j) => ({
      attr: [...prefix, i, "document_paths", j, "document_path"],
      path: d.document_path,
    })),
  );
  const docs = refs.length
    ? await checkDocuments(account.documentRoot, refs)
    : { resolved: [] as ResolvedDocument[], errors: [] };
  if (docs.errors.length) throw bodyError(docs.errors);
  const now = wholeSecond(new Date());
  let k = 0;
  return notes.map((n) => ({
    body: n.body ?? null,
    documents: (n.document_paths ?? []).map((d) => ({
      document_path: d.document_path,
      location: docs.resolved[k++].location,
    })),
    createdAt: n.created_at ? parseNoteDateTime(n.created_at)! : now,
    createdAtGiven: n.created_at !== undefined,
    isPinned: n.is_pinned ?? false,
    unpinAt: n.unpin_at ? parseNoteDateTime(n.unpin_at) : null,
    externalId: n.external_id ?? null,
    isArchived: n.is_archived ?? false,
  }));
}

async function addNotes(tx: Db, ctx: Ctx, account: ImportedAccount, items: NewNote[]): Promise<NoteResult[]> {
  const { outcome, ids } = await insertNotes(tx, account.id, items, ctx.requestId);
  await emitMany(
    tx,
    ids.map((id) =>
      pending(
        "data_import.import_process.post_import.completed",
        "v1",
        {
          resource_type: "note",
          import_process_resource_type: "account",
          import_process_external_identifier: account.externalAccountNumber,
          identifier: String(id),
        },
        { accountNumber: account.number, organisationId: organisationOf(ctx) },
      ),
    ),
  );
  return outcome.map((o) => noteResult(o.note, o.created));
}

/** Production's CreateAccountNotesResponse for the note the account has: every field, null where absent. */
function noteResult(n: StoredNote, created: boolean): NoteResult {
  return {
    body: n.body,
    created_at: isoSeconds(n.createdAt),
    document_paths: n.documentPaths.map((d) => ({ document_path: d.document_path })),
    external_id: n.externalId,
    is_archived: n.isArchived,
    is_pinned: n.isPinned,
    unpin_at: n.unpinAt ? isoSeconds(wholeSecond(n.unpinAt)) : null,
    status: created ? "NOTE_CREATION_SUCCESS" : "NOTE_ALREADY_EXISTS",
  };
}
