import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { createTransactionsHandler as createTransactions } from "@/server/rest/routes/data-import";
import { execRows } from "@/db/client";
import { accounts, notes } from "@/db/schema";
import { addDays, londonToday } from "@/server/lib/time";
import { importedAccount } from "@/test/factories";
import { useTestDb } from "@/test/db";

const t = useTestDb();
type Route = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** POSTs exactly these bytes with exactly this Content-Type (null: none), as a client would. */
async function send(
  route: Route,
  body: string | Uint8Array<ArrayBuffer>,
  auth: string,
  contentType: string | null = "application/json",
) {
  const headers = new Headers({ authorization: auth });
  if (contentType !== null) headers.set("content-type", contentType);
  // A byte body gets no Content-Type of its own (a string body would get text/plain).
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const res = await route(new Request("http://localhost:3000/v1/x/", { method: "POST", headers, body: bytes }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, json: await res.json() };
}

/** Row counts of every table these routes write. */
async function written() {
  const [row] = await execRows(
    t.db,
    sql`select (select count(*) from account_import_processes) p, (select count(*) from notes) n, (select count(*) from transactions) t, (select count(*) from events) e`,
  );
  return row;
}

async function account() {
  const s = await importedAccount(t.db);
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  const ref = JSON.stringify(s.ref).slice(1, -1); // "import_supplier":"…","external_account_number":"…"
  return { ...s, accountId: row.id, refText: ref };
}

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const charge = (extra: string) =>
  `{"transaction_date":"${addDays(londonToday(), -2)}","type":"CHARGE","reason":"IMPORTED_CHARGE",${extra}}`;
const errorShape = (code: string, attr: unknown) => ({
  detail: expect.any(String),
  code,
  errors: [{ attr, code, detail: expect.any(String) }],
});

describe("JSON request bodies", () => {
  it("refuses nesting deeper than 64 levels with 400 nesting_too_deep on every body route, never a 500", async () => {
    const s = await account();
    const before = await written();
    for (const depth of [100, 1000, 5000, 100_000]) {
      const staged = await send(stage, `{"import_supplier": ${nested(depth)}}`, s.auth);
      expect(staged.status).toBe(400);
      expect(staged.json).toEqual(errorShape("nesting_too_deep", `import_supplier${".0".repeat(63)}`));
      const note = await send(createNotes, `{${s.refText},"notes":[{"body":"x","extra":${nested(depth)}}]}`, s.auth);
      expect(note.status).toBe(400);
      expect(note.json).toEqual(errorShape("nesting_too_deep", `notes.0.extra${".0".repeat(61)}`));
      const txn = await send(
        createTransactions,
        `{${s.refText},"transactions":[${charge(`"transaction_id":"D","amount":12345678901234567890,"note":${nested(depth)}`)}]}`,
        s.auth,
      );
      expect(txn.status).toBe(400);
      expect(txn.json.code).toBe("nesting_too_deep");
    }
    // 64 levels are only a wrong type: the limit does not get in the way of ordinary validation.
    const deepest = await send(stage, `{"import_supplier": ${nested(63)}}`, s.auth);
    expect(deepest.json.errors).toContainEqual(
      expect.objectContaining({ attr: "import_supplier", code: "invalid_type" }),
    );
    expect(await written()).toEqual(before);
  });

  it("a body cut off by the client (aborted upload) is a 400 incomplete_body, not a logged server failure, and writes nothing", async () => {
    const s = await account();
    const before = await written();
    const { logger } = await import("@/server/logger");
    const logged = vi.spyOn(logger, "error");
    try {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(`{${s.refText},"notes":[{"body":"half`));
          c.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      });
      const req = new Request("http://localhost:3000/v1/x/", {
        method: "POST",
        headers: { authorization: s.auth, "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
      const res = await createNotes(req, { params: Promise.resolve({}) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(errorShape("incomplete_body", null));
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
    expect(await written()).toEqual(before);
  });

  it("refuses unpaired UTF-16 surrogates in text and field names like NUL characters, and keeps a proper pair", async () => {
    const s = await account();
    const before = await written();
    const staged = await send(stage, '{"import_supplier":"A\\ud800","billing_name":"\\udc00B"}', s.auth);
    expect(staged.status).toBe(400);
    expect(staged.json.errors).toEqual(
      expect.arrayContaining([
        { attr: "import_supplier", code: "unpaired_surrogate", detail: expect.any(String) },
        { attr: "billing_name", code: "unpaired_surrogate", detail: expect.any(String) },
      ]),
    );
    const key = await send(createNotes, `{${s.refText},"notes":[{"body":"x","\\udfff":1}]}`, s.auth);
    expect(key.status).toBe(400);
    expect(key.json).toMatchObject({
      code: "unpaired_surrogate",
      errors: [{ attr: "notes.0.\\udfff", code: "unpaired_surrogate" }],
    });
    // Once stored as U+FFFD, such an id could never match itself again: it is refused each time instead.
    for (let i = 0; i < 2; i++) {
      const txn = await send(
        createTransactions,
        `{${s.refText},"transactions":[${charge('"transaction_id":"T\\ud800","amount":1')}]}`,
        s.auth,
      );
      expect(txn.status).toBe(400);
      expect(txn.json).toMatchObject({
        status: "TRANSACTION_IMPORT_ERROR",
        code: "unpaired_surrogate",
        errors: [{ attr: "transactions.0.transaction_id", code: "unpaired_surrogate" }],
      });
    }
    expect(await written()).toEqual(before);
    const ok = await send(
      createNotes,
      `{${s.refText},"notes":[{"body":"\\ud83d\\ude00 escaped"},{"body":"😀 café raw"}]}`,
      s.auth,
    );
    expect(ok.status).toBe(201);
    const rows = await t.db.select().from(notes).where(eq(notes.accountId, s.accountId)).orderBy(notes.id);
    expect(rows.map((r) => r.body)).toEqual(["😀 escaped", "😀 café raw"]);
  });

  it("refuses a body that is not UTF-8 with 400 invalid_encoding", async () => {
    const s = await account();
    const before = await written();
    const enc = new TextEncoder();
    const bodies = [
      new Uint8Array([...enc.encode(`{${s.refText},"notes":[{"body":"a`), 0xff, 0xfe, ...enc.encode('"}]}')]),
      new Uint8Array([...enc.encode(`{${s.refText},"notes":[{"body":"a`), 0xed, 0xa0, 0x80, ...enc.encode('"}]}')]), // an encoded surrogate
      new Uint8Array([...enc.encode(`{${s.refText},"notes":[{"body":"a`), 0xc3, ...enc.encode('"}]}')]), // a cut sequence
    ];
    for (const body of bodies) {
      const res = await send(createNotes, body, s.auth);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(errorShape("invalid_encoding", null));
    }
    expect(await written()).toEqual(before);
  });

  it("refuses a key repeated in one object with 400 duplicate_key naming it", async () => {
    const s = await account();
    const before = await written();
    const inner = await send(createNotes, `{${s.refText},"notes":[{"body":"dup1","body":"dup2"}]}`, s.auth);
    expect(inner.status).toBe(400);
    expect(inner.json).toEqual(errorShape("duplicate_key", "notes.0.body"));
    const top = await send(
      createTransactions,
      `{${s.refText},"import_supplier":"OTHER","transactions":[${charge('"transaction_id":"R","amount":1')}]}`,
      s.auth,
    );
    expect(top.status).toBe(400);
    expect(top.json).toEqual(errorShape("duplicate_key", "import_supplier"));
    const same = await send(createNotes, `{${s.refText},"notes":[{"body" : "x" , "body":"x"}]}`, s.auth);
    expect(same.json).toEqual(errorShape("duplicate_key", "notes.0.body"));
    expect(await written()).toEqual(before);
  });

  it("refuses a body declared as another media type with 415, and reads JSON types and a body with no Content-Type", async () => {
    const s = await account();
    const before = await written();
    const body = (n: string) => `{${s.refText},"notes":[{"body":"${n}"}]}`;
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/jsonx",
    ]) {
      const res = await send(createNotes, body(type), s.auth, type);
      expect(res.status, type).toBe(415);
      expect(res.json).toEqual(errorShape("unsupported_media_type", null));
    }
    const staged = await send(stage, "{}", s.auth, "text/plain");
    expect(staged.status).toBe(415);
    expect(await written()).toEqual(before);
    for (const type of ["application/json; charset=utf-8", "Application/JSON", "application/vnd.api+json", null]) {
      const res = await send(createNotes, body(`as ${type}`), s.auth, type);
      expect(res.status, String(type)).toBe(201);
    }
    expect((await t.db.select().from(notes).where(eq(notes.accountId, s.accountId))).length).toBe(4);
  });

  it("gives a number too large for its field max_value, and one a double would change number_precision_exceeded", async () => {
    const s = await account();
    const before = await written();
    const cases = [
      ["1e20", "max_value"],
      ["100000000000000000000", "max_value"],
      ["1000000000000", "max_value"],
      ["1E+25", "max_value"],
      ["12345678901234567890", "number_precision_exceeded"],
      ["10.000000000000000001", "number_precision_exceeded"],
    ];
    for (const [amount, code] of cases) {
      const res = await send(
        createTransactions,
        `{${s.refText},"transactions":[${charge(`"transaction_id":"A","amount":${amount}`)}]}`,
        s.auth,
      );
      expect(res.status, amount).toBe(400);
      expect(res.json, amount).toMatchObject({
        status: "TRANSACTION_IMPORT_ERROR",
        code,
        errors: [{ attr: "transactions.0.amount", code }],
      });
    }
    expect(await written()).toEqual(before);
  });
});
