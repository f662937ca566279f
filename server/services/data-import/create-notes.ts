import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { emitMany, pending } from "../../events/emit";
import { isoSeconds } from "../../lib/time";
import { checkDocuments } from "../documents/store";
import { bodyError, findImportedAccount } from "./common";
import { insertNotes, type NewNote, wholeSecond } from "./insert-notes";
import { type CreateNotesInput, parseNoteDateTime } from "./note-schemas";

/**
 * POST data-import/notes/create/: documents are checked before the transaction (no
 * locks held during I/O); then, under the account lock, new notes are added and
 * duplicates reported as NOTE_ALREADY_EXISTS, in request order.
 */
export async function createNotes(ctx: Ctx, input: CreateNotesInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const account = await findImportedAccount(ctx.db, organisationId, input.import_supplier, input.external_account_number);
  const refs = input.notes.flatMap((n, i) => (n.document_paths ?? []).map((d, j) => ({ attr: ["notes", i, "document_paths", j, "document_path"], path: d.document_path })));
  const docs = await checkDocuments(account.documentRoot, refs);
  if (docs.errors.length) throw bodyError(docs.errors);
  const now = wholeSecond(new Date());
  let k = 0;
  const items: NewNote[] = input.notes.map((n) => ({
    body: n.body ?? null,
    documents: (n.document_paths ?? []).map((d) => ({ document_path: d.document_path, location: docs.resolved[k++].location })),
    createdAt: n.created_at ? parseNoteDateTime(n.created_at)! : now,
    createdAtGiven: n.created_at !== undefined,
    isPinned: n.is_pinned ?? false,
    unpinAt: n.unpin_at ? parseNoteDateTime(n.unpin_at) : null,
  }));
  return withTransaction(ctx, async (tx) => {
    const locked = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, { lock: true });
    const { outcome, ids } = await insertNotes(tx, locked.id, items, ctx.requestId);
    await emitMany(
      tx,
      ids.map((id) =>
        pending(
          "data_import.import_process.post_import.completed",
          "v1",
          { resource_type: "note", import_process_resource_type: "account", import_process_external_identifier: locked.externalAccountNumber, identifier: String(id) },
          { accountNumber: locked.number, organisationId },
        ),
      ),
    );
    // A document-only note has no body: the field is omitted, as the spec treats absent optional fields.
    return outcome.map((o, i) => ({
      created_at: isoSeconds(o.createdAt),
      ...(items[i].body === null ? {} : { body: items[i].body! }),
      status: o.created ? ("NOTE_CREATION_SUCCESS" as const) : ("NOTE_ALREADY_EXISTS" as const),
    }));
  });
}
