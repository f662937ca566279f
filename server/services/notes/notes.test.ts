import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createNotesHandler as create } from "@/server/rest/routes/data-import";
import { accounts, notes } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { noteContentHash } from "./insert-notes";
import { CreateNotesResult } from "./note-schemas";
import { eventsFor, importedAccount } from "@/test/factories";

const t = useTestDb();
const URL = "/v1/data-import/notes/create/";

async function setup() {
  const s = await importedAccount(t.db);
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  return { ...s, accountId: row.id };
}
/** A CreateAccountNotesResponse element: every field, defaults where the note gave none. */
const result = (fields: Record<string, unknown>) => ({
  body: null,
  document_paths: [],
  external_id: null,
  is_archived: false,
  is_pinned: false,
  unpin_at: null,
  ...fields,
});
const notesOf = (accountId: number) =>
  t.db.select().from(notes).where(eq(notes.accountId, accountId)).orderBy(notes.id);

describe("POST data-import/notes/create/", () => {
  it("creates notes in request order, dedups on body (and created_at when given), pins, resolves documents", async () => {
    const s = await setup();
    const body = {
      ...s.ref,
      notes: [
        { body: "Customer asked for paper bills." },
        { body: "Dated note", created_at: "2026-03-29T01:30:00" },
        {
          document_paths: [{ document_path: "/letters/welcome.pdf" }],
          is_pinned: true,
          unpin_at: "2099-01-01T00:00:00Z",
        },
        { body: "Customer asked for paper bills." },
      ],
    };
    const res = await call(create, URL, { body, auth: s.auth });
    expect(res.status).toBe(201);
    expect(res.json.map((n: any) => n.status)).toEqual([
      "NOTE_CREATION_SUCCESS",
      "NOTE_CREATION_SUCCESS",
      "NOTE_CREATION_SUCCESS",
      "NOTE_ALREADY_EXISTS",
    ]);
    // 01:30 on the spring-forward day does not exist in London; it is read as 02:30 BST = 01:30Z.
    expect(res.json[1]).toEqual(
      result({ created_at: "2026-03-29T01:30:00Z", body: "Dated note", status: "NOTE_CREATION_SUCCESS" }),
    );
    expect(res.json[2]).toEqual(
      result({
        created_at: res.json[2].created_at,
        document_paths: [{ document_path: "/letters/welcome.pdf" }],
        is_pinned: true,
        unpin_at: "2099-01-01T00:00:00Z",
        status: "NOTE_CREATION_SUCCESS",
      }),
    );
    expect(res.json[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const rows = await notesOf(s.accountId);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      isPinned: true,
      body: null,
      documentPaths: [{ document_path: "/letters/welcome.pdf", location: `file://${s.docDir}/letters/welcome.pdf` }],
    });

    const again = await call(create, URL, { body, auth: s.auth });
    expect(again.json.map((n: any) => n.status)).toEqual(Array(4).fill("NOTE_ALREADY_EXISTS"));
    expect(again.json[1].created_at).toBe("2026-03-29T01:30:00Z");
    // Same body, another explicit created_at: a different note.
    const other = await call(create, URL, {
      body: { ...s.ref, notes: [{ body: "Dated note", created_at: "2026-04-01T10:00:00Z" }] },
      auth: s.auth,
    });
    expect(other.json[0].status).toBe("NOTE_CREATION_SUCCESS");
    expect(await notesOf(s.accountId)).toHaveLength(4);
    const evs = (await eventsFor(t.db, s.account.accountNumber)).filter(
      (e) => e.type === "data_import.import_process.post_import.completed",
    );
    expect(evs).toHaveLength(4);
    expect(evs[0].payload).toMatchObject({
      resource_type: "note",
      import_process_external_identifier: s.account.externalAccountNumber,
    });
  });

  it("refuses bad notes with stable codes and writes nothing", async () => {
    const s = await setup();
    const cases: [unknown, string, string | null][] = [
      [{}, "note_body_or_document_path_not_found", "notes.0"],
      [
        { body: "x", is_pinned: true, created_at: "2026-05-01T10:00:00Z", unpin_at: "2026-04-01T10:00:00Z" },
        "note_unpin_at_earlier_than_creation_date",
        "notes.0.unpin_at",
      ],
      [{ document_paths: [] }, "note_body_or_document_path_not_found", "notes.0"],
      [{ body: "x", external_id: "  " }, "blank", "notes.0.external_id"],
      [{ body: "x", is_archived: "yes" }, "invalid_type", "notes.0.is_archived"],
      [{ body: "x", created_at: "yesterday" }, "invalid_datetime", "notes.0.created_at"],
      [{ body: "   " }, "blank", "notes.0.body"],
      [{ body: "x", colour: "red" }, "unknown_field", "notes.0.colour"],
      [{ body: 5 }, "invalid_type", "notes.0.body"],
      [
        { document_paths: [{ document_path: "letters/missing.pdf" }] },
        "path_does_not_exist_in_file_store",
        "notes.0.document_paths.0.document_path",
      ],
      [
        { document_paths: [{ document_path: "../etc/passwd" }] },
        "invalid_document_path",
        "notes.0.document_paths.0.document_path",
      ],
    ];
    for (const [note, code, attr] of cases) {
      const res = await call(create, URL, { body: { ...s.ref, notes: [{ body: "fine" }, note] }, auth: s.auth });
      expect(res.status, code).toBe(400);
      expect(res.json.code, JSON.stringify(res.json)).toBe(code);
      expect(res.json.errors.map((e: any) => e.attr)).toContain(attr?.replace("notes.0", "notes.1"));
    }
    const empty = await call(create, URL, { body: { ...s.ref, notes: [] }, auth: s.auth });
    expect(empty.json.code).toBe("too_few_items");
    const tooMany = await call(create, URL, {
      body: { ...s.ref, notes: Array.from({ length: 1001 }, (_, i) => ({ body: `n${i}` })) },
      auth: s.auth,
    });
    expect(tooMany.json.code).toBe("too_many_items");
    const unknownTop = await call(create, URL, { body: { ...s.ref, notes: [{ body: "x" }], extra: 1 }, auth: s.auth });
    expect(unknownTop.json).toMatchObject({ code: "unknown_field", errors: [{ attr: "extra" }] });
    expect(await notesOf(s.accountId)).toHaveLength(0);
  });

  it("keeps created_at at whole seconds: the echo is the stored value, and resending it matches the same note", async () => {
    const s = await setup();
    const send = (notes: unknown[]) => call(create, URL, { body: { ...s.ref, notes }, auth: s.auth });
    const first = await send([
      {
        body: "Sub-second note",
        created_at: "2026-11-01T10:00:00.5Z",
        is_pinned: true,
        unpin_at: "2026-11-02T10:00:00.999Z",
      },
    ]);
    expect(first.status).toBe(201);
    expect(first.json).toEqual([
      result({
        created_at: "2026-11-01T10:00:00Z",
        body: "Sub-second note",
        is_pinned: true,
        unpin_at: "2026-11-02T10:00:00Z",
        status: "NOTE_CREATION_SUCCESS",
      }),
    ]);
    const [row] = await notesOf(s.accountId);
    expect(row.createdAt.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(row.unpinAt!.toISOString()).toBe("2026-11-02T10:00:00.000Z");
    // Resent exactly as echoed, or as first sent, or with other sub-seconds: the same note.
    for (const created_at of [
      "2026-11-01T10:00:00Z",
      "2026-11-01T10:00:00.5Z",
      "2026-11-01T10:00:00.123456Z",
      "2026-11-01T10:00:00",
    ]) {
      const again = await send([{ body: "Sub-second note", created_at }]);
      expect(again.json, created_at).toEqual([
        result({
          created_at: "2026-11-01T10:00:00Z",
          body: "Sub-second note",
          is_pinned: true,
          unpin_at: "2026-11-02T10:00:00Z",
          status: "NOTE_ALREADY_EXISTS",
        }),
      ]);
    }
    expect(await notesOf(s.accountId)).toHaveLength(1);
    // The next second is another note.
    expect((await send([{ body: "Sub-second note", created_at: "2026-11-01T10:00:01Z" }])).json[0].status).toBe(
      "NOTE_CREATION_SUCCESS",
    );

    // created_at defaulted to now: echoed and stored at the same whole second; resending the echo matches it.
    const implicit = await send([{ body: "Undated note" }]);
    const echoed = implicit.json[0].created_at;
    expect(echoed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const stored = (await notesOf(s.accountId)).find((n) => n.body === "Undated note")!;
    expect(stored.createdAt.toISOString()).toBe(echoed.replace("Z", ".000Z"));
    expect((await send([{ body: "Undated note", created_at: echoed }])).json[0]).toEqual(
      result({ created_at: echoed, body: "Undated note", status: "NOTE_ALREADY_EXISTS" }),
    );

    // unpin_at earlier than created_at only within the same second: equal once truncated, so accepted.
    const sameSecond = await send([
      { body: "Pinned", created_at: "2026-11-03T10:00:00.9Z", is_pinned: true, unpin_at: "2026-11-03T10:00:00.1Z" },
    ]);
    expect(sameSecond.status).toBe(201);
    const earlier = await send([
      { body: "Pinned later", created_at: "2026-11-03T10:00:01Z", is_pinned: true, unpin_at: "2026-11-03T10:00:00.9Z" },
    ]);
    expect(earlier.status).toBe(400);
    expect(earlier.json.code).toBe("note_unpin_at_earlier_than_creation_date");
    expect(await notesOf(s.accountId)).toHaveLength(4);
  });

  it("matches a note stored with milliseconds (before whole-second storage) to the second", async () => {
    const s = await setup();
    await t.db.insert(notes).values({
      accountId: s.accountId,
      body: "Legacy",
      contentHash: noteContentHash("Legacy", []),
      createdAt: new Date("2026-11-01T10:00:00.500Z"),
      createdAtGiven: true,
    });
    const res = await call(create, URL, {
      body: { ...s.ref, notes: [{ body: "Legacy", created_at: "2026-11-01T10:00:00Z" }] },
      auth: s.auth,
    });
    expect(res.json).toEqual([
      result({ created_at: "2026-11-01T10:00:00Z", body: "Legacy", status: "NOTE_ALREADY_EXISTS" }),
    ]);
    expect(await notesOf(s.accountId)).toHaveLength(1);
  });

  it("answers body null for a note with only document paths, as production does", async () => {
    const s = await setup();
    const res = await call(create, URL, {
      body: {
        ...s.ref,
        notes: [{ document_paths: [{ document_path: "letters/welcome.pdf" }], created_at: "2026-11-01T10:00:00Z" }],
      },
      auth: s.auth,
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual([
      result({
        created_at: "2026-11-01T10:00:00Z",
        document_paths: [{ document_path: "letters/welcome.pdf" }],
        status: "NOTE_CREATION_SUCCESS",
      }),
    ]);
    expect(res.json[0]).toHaveProperty("body", null);
    expect(CreateNotesResult.safeParse(res.json).success).toBe(true);
  });

  it("answers 404 for a missing account or one of another organisation", async () => {
    const s = await setup();
    const other = await importedAccount(t.db);
    for (const [ref, auth] of [
      [{ ...s.ref, external_account_number: "NOPE" }, s.auth],
      [{ ...s.ref, import_supplier: "NOPE" }, s.auth],
      [s.ref, other.auth],
    ] as const) {
      const res = await call(create, URL, { body: { ...ref, notes: [{ body: "x" }] }, auth });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: "account_not_found", errors: [{ code: "account_not_found" }] });
    }
  });

  it("50 concurrent identical requests add the note once", async () => {
    const s = await setup();
    const body = { ...s.ref, notes: [{ body: "Only once" }] };
    const all = await Promise.all(Array.from({ length: 50 }, () => call(create, URL, { body, auth: s.auth })));
    expect(all.every((r) => r.status === 201)).toBe(true);
    expect(all.filter((r) => r.json[0].status === "NOTE_CREATION_SUCCESS")).toHaveLength(1);
    expect(await notesOf(s.accountId)).toHaveLength(1);
  });
});
