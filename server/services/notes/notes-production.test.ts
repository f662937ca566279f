import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createNotesHandler as create } from "@/server/rest/routes/data-import";
import { accounts, notes } from "@/db/schema";
import { withTransaction } from "@/server/context";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { findAccountByKey } from "../import-bodies/common";
import { postImportedNotes } from "./create-notes";
import { Note } from "./note-schemas";
import { documentOnlyNote, noteWithExternalId } from "../import-bodies/production-bodies";
import { eventsFor, importedAccount } from "@/test/factories";

const t = useTestDb();
const URL = "/v1/data-import/notes/create/";

async function setup() {
  const s = await importedAccount(t.db);
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  return { ...s, accountId: row.id };
}
const notesOf = (accountId: number) =>
  t.db.select().from(notes).where(eq(notes.accountId, accountId)).orderBy(notes.id);
const noteEvents = async (accountNumber: string) =>
  (await eventsFor(t.db, accountNumber)).filter((e) => e.type === "data_import.import_process.post_import.completed");

describe("notes/create/ with production's bodies", () => {
  it("stores external_id and is_archived, dedups on external_id, and answers CreateAccountNotesResponse (body null for a document-only note)", async () => {
    const s = await setup();
    const body = {
      ...s.ref,
      notes: [
        noteWithExternalId("N-1"),
        noteWithExternalId("N-2", { is_archived: true, is_pinned: false, unpin_at: undefined }),
        documentOnlyNote("letters/welcome.pdf"),
      ],
    };
    const res = await call(create, URL, { body, auth: s.auth });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual([
      {
        body: "Customer called about their final bill (N-1).",
        created_at: "2026-10-02T09:15:00Z",
        document_paths: [],
        external_id: "N-1",
        is_archived: false,
        is_pinned: true,
        unpin_at: "2099-01-01T00:00:00Z",
        status: "NOTE_CREATION_SUCCESS",
      },
      {
        body: "Customer called about their final bill (N-2).",
        created_at: "2026-10-02T09:15:00Z",
        document_paths: [],
        external_id: "N-2",
        is_archived: true,
        is_pinned: false,
        unpin_at: null,
        status: "NOTE_CREATION_SUCCESS",
      },
      {
        body: null,
        created_at: "2026-10-03T10:00:00Z",
        document_paths: [{ document_path: "letters/welcome.pdf" }],
        external_id: null,
        is_archived: false,
        is_pinned: false,
        unpin_at: null,
        status: "NOTE_CREATION_SUCCESS",
      },
    ]);
    const rows = await notesOf(s.accountId);
    expect(rows.map((r) => [r.externalId, r.isArchived, r.isPinned, r.body === null])).toEqual([
      ["N-1", false, true, false],
      ["N-2", true, false, false],
      [null, false, false, true],
    ]);
    expect((await noteEvents(s.account.accountNumber)).map((e) => (e.payload as any).identifier)).toEqual(
      rows.map((r) => String(r.id)),
    );

    // external_id is the key: another body under N-1 is the note already there (described as stored);
    // the same body and created_at under a new external_id is a new note.
    const again = await call(create, URL, {
      body: {
        ...s.ref,
        notes: [
          noteWithExternalId("N-1", { body: "Edited in the legacy system" }),
          noteWithExternalId("N-3", { body: "Customer called about their final bill (N-1)." }),
        ],
      },
      auth: s.auth,
    });
    expect(again.json.map((n: any) => [n.status, n.external_id, n.body])).toEqual([
      ["NOTE_ALREADY_EXISTS", "N-1", "Customer called about their final bill (N-1)."],
      ["NOTE_CREATION_SUCCESS", "N-3", "Customer called about their final bill (N-1)."],
    ]);
    // Without external_id, the spec's rule: same body and created_at as any note of the account.
    const noKey = await call(create, URL, {
      body: {
        ...s.ref,
        notes: [{ body: "Customer called about their final bill (N-1).", created_at: "2026-10-02T09:15:00Z" }],
      },
      auth: s.auth,
    });
    expect(noKey.json[0]).toMatchObject({ status: "NOTE_ALREADY_EXISTS" });
    expect(await notesOf(s.accountId)).toHaveLength(4);
    expect(await noteEvents(s.account.accountNumber)).toHaveLength(4);
  });

  it("ignores unpin_at on an unpinned note and checks it against created_at only when both are given", async () => {
    const s = await setup();
    const res = await call(create, URL, {
      body: {
        ...s.ref,
        notes: [
          {
            body: "Unpinned, with an unpin date before its creation",
            created_at: "2026-10-02T09:15:00Z",
            unpin_at: "2026-10-01T00:00:00Z",
          },
          { body: "Pinned, unpin date in the past, no created_at", is_pinned: true, unpin_at: "2020-01-01T00:00:00Z" },
        ],
      },
      auth: s.auth,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.map((n: any) => [n.is_pinned, n.unpin_at])).toEqual([
      [false, null],
      [true, "2020-01-01T00:00:00Z"],
    ]);
    expect((await notesOf(s.accountId)).map((r) => r.unpinAt?.toISOString() ?? null)).toEqual([
      null,
      "2020-01-01T00:00:00.000Z",
    ]);
    const refused = await call(create, URL, {
      body: {
        ...s.ref,
        notes: [{ body: "x", is_pinned: true, created_at: "2026-10-02T09:15:00Z", unpin_at: "2026-10-01T00:00:00Z" }],
      },
      auth: s.auth,
    });
    expect(refused.json).toMatchObject({
      code: "note_unpin_at_earlier_than_creation_date",
      errors: [{ attr: "notes.0.unpin_at" }],
    });
  });

  it("finds the account by the deprecated account_number", async () => {
    const s = await setup();
    const res = await call(create, URL, {
      body: {
        import_supplier: s.ref.import_supplier,
        account_number: s.account.accountNumber,
        notes: [noteWithExternalId("A-1")],
      },
      auth: s.auth,
    });
    expect(res.status).toBe(201);
    expect(await notesOf(s.accountId)).toHaveLength(1);
    const unknown = await call(create, URL, {
      body: {
        import_supplier: s.ref.import_supplier,
        account_number: "A-00000000",
        notes: [noteWithExternalId("A-2")],
      },
      auth: s.auth,
    });
    expect(unknown).toMatchObject({
      status: 404,
      json: { code: "account_not_found", errors: [{ attr: "account_number" }] },
    });
  });

  it("postImportedNotes adds an account payload's notes inside the caller's transaction, with the same checks and events", async () => {
    const s = await setup();
    const parsed = [noteWithExternalId("P-1"), documentOnlyNote("/letters/welcome.pdf")].map((n) => Note.parse(n));
    const out = await withTransaction(s.org.ctx, async (tx, ctx) =>
      postImportedNotes(tx, ctx, await findAccountByKey(tx, s.org.id, s.ref, { lock: true }), parsed),
    );
    expect(out.map((n) => [n.status, n.body === null])).toEqual([
      ["NOTE_CREATION_SUCCESS", false],
      ["NOTE_CREATION_SUCCESS", true],
    ]);
    expect((await notesOf(s.accountId)).map((r) => r.documentPaths)).toEqual([
      [],
      [{ document_path: "/letters/welcome.pdf", location: `file://${s.docDir}/letters/welcome.pdf` }],
    ]);
    expect(await noteEvents(s.account.accountNumber)).toHaveLength(2);
    const missing = await withTransaction(s.org.ctx, async (tx, ctx) =>
      postImportedNotes(tx, ctx, await findAccountByKey(tx, s.org.id, s.ref, { lock: true }), [
        Note.parse(documentOnlyNote("letters/gone.pdf")),
      ]).catch((e) => e),
    );
    expect(missing.errors).toEqual([
      expect.objectContaining({
        code: "path_does_not_exist_in_file_store",
        attr: "notes.0.document_paths.0.document_path",
      }),
    ]);
  });
});
