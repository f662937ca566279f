import { mkdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createHistoricalStatementsHandler as createStatements } from "@/server/rest/routes/data-import";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { accounts, documentRoots, importSuppliers, notes } from "@/db/schema";
import { callerFor } from "@/test/factories";
import { zodFieldErrors } from "@/server/errors";
import { openAccountDocument } from "@/server/services/documents/open-document";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { call } from "@/test/http";
import { canonicalRoot, demoDocumentRoot, platformFolderOf } from "./locations";

const t = useTestDb();

/** A folder with one PDF, under /tmp (allowed in the test configuration). */
function folder(name: string) {
  // Two levels under /tmp: the folder above it must not also hold the platform's own folder
  // (a clone under /tmp has it there), which would be refused for that reason first.
  const dir = path.join("/tmp", `km-roots-${process.pid}`, uniq(name).toLowerCase());
  mkdirSync(path.join(dir, "letters"), { recursive: true });
  writeFileSync(path.join(dir, "letters", "welcome.pdf"), `%PDF-1.4 ${name}`);
  return dir;
}

async function tenant(name: string, root: string) {
  const org = await makeOrg(t.db, name);
  const supplier = await makeSupplier(org, { documentRoot: root });
  const account = await makeImportedAccount(org, supplier.code);
  const operator = callerFor(t.db, await makeUser(org, "operator"));
  const ref = { import_supplier: supplier.code, external_account_number: account.externalAccountNumber };
  return { org, supplier, account, operator, ref, auth: `Token ${org.apiKey}` };
}

/** A refused console call as the console reads it: tRPC code, service code ("invalid" for bad input) and field errors. */
const refusal = async (p: Promise<unknown>) => {
  const err = (await p.catch((e) => e)) as { code: string; cause?: unknown };
  if (err.cause instanceof ZodError) return { trpc: err.code, code: "invalid", errors: zodFieldErrors(err.cause) };
  const cause = err.cause as { code?: string; errors?: unknown } | undefined;
  return { trpc: err.code, code: cause?.code, errors: cause?.errors };
};

describe("document roots are owned by one organisation (issue 18 item 4, ADR 0106)", () => {
  it("another organisation cannot root a supplier in, above or below a folder an organisation uses", async () => {
    const dir = folder("a");
    const a = await tenant("A", `file://${dir}`);
    const b = await tenant("B", `file://${folder("b")}`);
    for (const root of [
      `file://${dir}`,
      `file://${dir}/`,
      `file://${dir}/letters`,
      `file://${path.dirname(dir)}`,
      `file://${dir}%2Fletters`,
    ]) {
      expect(await refusal(b.operator.supplier.create({ code: uniq("B"), documentRoot: root })), root).toEqual({
        trpc: "CONFLICT",
        code: "document_root_in_use",
        errors: [
          {
            attr: "documentRoot",
            code: "document_root_in_use",
            detail:
              "This document root overlaps one that another organisation uses; choose a folder or prefix of your own.",
          },
        ],
      });
      expect(
        (await refusal(b.operator.supplier.update({ code: b.supplier.code, documentRoot: root }))).code,
        root,
      ).toBe("document_root_in_use");
    }
    const s3 = `s3://shared-bucket/${uniq("a")}`;
    await a.operator.supplier.update({ code: a.supplier.code, documentRoot: s3 });
    for (const root of [s3, `${s3}/sub`, "s3://shared-bucket"]) {
      expect((await refusal(b.operator.supplier.create({ code: uniq("B"), documentRoot: root }))).code, root).toBe(
        "document_root_in_use",
      );
    }
    // A sibling prefix is no overlap (`<prefix>x` does not lie under `<prefix>/`), and B's supplier kept its root.
    await b.operator.supplier.create({ code: uniq("B"), documentRoot: `${s3}x` });
    expect((await b.operator.supplier.get({ code: b.supplier.code })).documentRoot).toBe(b.supplier.documentRoot);
    // The same organisation may root several suppliers in one folder, or one inside another.
    await a.operator.supplier.create({ code: uniq("A"), documentRoot: `file://${dir}/letters` });
    await a.operator.supplier.create({ code: uniq("A"), documentRoot: `file://${dir}` });
  });

  it("the database refuses overlapping roots and a supplier on another organisation's root, whatever the code does", async () => {
    const a = await tenant("A", `file://${folder("a")}`);
    const b = await tenant("B", `file://${folder("b")}`);
    const [aRoot] = await t.db.select().from(documentRoots).where(eq(documentRoots.organisationId, a.org.id));
    const insert = (root: string) => t.db.insert(documentRoots).values({ organisationId: b.org.id, root });
    const cause = async (p: Promise<unknown>) =>
      ((await p.catch((e) => e)) as { cause?: { code?: string } }).cause?.code ?? "no error";
    expect(await cause(insert(aRoot.root))).toBe("23P01");
    expect(await cause(insert(`${aRoot.root}letters/`))).toBe("23P01");
    expect(await cause(insert(aRoot.root.replace(/[^/]+\/$/, "")))).toBe("23P01");
    expect(await cause(insert("file:///tmp/no-trailing-slash"))).toBe("23514");
    expect(
      await cause(
        t.db.update(importSuppliers).set({ documentRootId: aRoot.id }).where(eq(importSuppliers.id, b.supplier.id)),
      ),
    ).toBe("23503");
  });

  it("the platform's folder is partitioned: each organisation may use only its own subfolder", async () => {
    const org = await makeOrg(t.db, "P");
    const other = await makeOrg(t.db, "Q");
    const op = callerFor(t.db, await makeUser(org, "operator"));
    const own = platformFolderOf(org.number);
    for (const root of [demoDocumentRoot(), platformFolderOf(other.number), `${platformFolderOf(other.number)}/x`]) {
      expect(await refusal(op.supplier.create({ code: uniq("P"), documentRoot: root })), root).toMatchObject({
        trpc: "BAD_REQUEST",
        code: "document_root_not_allowed",
      });
    }
    const created = await op.supplier.create({ code: uniq("P"), documentRoot: `${own}/cohort-1` });
    expect(created.documentRoot).toBe(`${own}/cohort-1`);
    expect(
      await t.db
        .select({ root: documentRoots.root })
        .from(documentRoots)
        .where(eq(documentRoots.organisationId, org.id)),
    ).toEqual([{ root: canonicalRoot(`${own}/cohort-1`) }]);
  });

  it("a stored document is served only to an organisation that owns the root it lies in", async () => {
    const dirA = folder("a");
    const a = await tenant("A", `file://${dirA}`);
    const b = await tenant("B", `file://${folder("b")}`);
    const note = await call(createNotes, "/x", {
      auth: a.auth,
      body: { ...a.ref, notes: [{ body: "letter", document_paths: [{ document_path: "letters/welcome.pdf" }] }] },
    });
    expect(note.status).toBe(201);
    // The reproduction: B's note pointing at A's file (the row as it was written before roots were owned).
    const [bAccount] = await t.db.select().from(accounts).where(eq(accounts.number, b.account.accountNumber));
    const [forged] = await t.db
      .insert(notes)
      .values({
        accountId: bAccount.id,
        body: null,
        documentPaths: [{ document_path: "letters/welcome.pdf", location: `file://${dirA}/letters/welcome.pdf` }],
        contentHash: uniq("h"),
        createdAt: new Date(),
        createdAtGiven: false,
      })
      .returning();
    const reader = (org: { id: number }) => ({
      db: t.db,
      requestId: "t",
      actor: { kind: "user" as const, organisationId: org.id, userId: 1, role: "support" as const, email: "s@x" },
    });
    await expect(
      openAccountDocument(reader(b.org), { accountNumber: b.account.accountNumber, kind: "note", id: forged.id }),
    ).rejects.toMatchObject({ code: "document_not_found", status: 404 });
    const [aAccount] = await t.db.select().from(accounts).where(eq(accounts.number, a.account.accountNumber));
    const [own] = await t.db.select().from(notes).where(eq(notes.accountId, aAccount.id));
    const doc = await openAccountDocument(reader(a.org), {
      accountNumber: a.account.accountNumber,
      kind: "note",
      id: own.id,
    });
    expect(await new Response(doc.body).text()).toBe("%PDF-1.4 a");
    // After A moves its supplier elsewhere, A still owns the old folder: its stored documents stay A's.
    await a.operator.supplier.update({ code: a.supplier.code, documentRoot: `file://${folder("a2")}` });
    expect(
      await new Response(
        (await openAccountDocument(reader(a.org), { accountNumber: a.account.accountNumber, kind: "note", id: own.id }))
          .body,
      ).text(),
    ).toBe("%PDF-1.4 a");
    expect((await refusal(b.operator.supplier.create({ code: uniq("B"), documentRoot: `file://${dirA}` }))).code).toBe(
      "document_root_in_use",
    );
  });

  it("a supplier whose root its organisation does not own (carried over from before) cannot reference documents", async () => {
    const a = await tenant("A", `file://${folder("a")}`);
    await t.db
      .update(importSuppliers)
      .set({ documentRootId: null })
      .where(and(eq(importSuppliers.id, a.supplier.id)));
    const detail =
      "The import supplier's document root belongs to another organisation; set a document root of your own.";
    const note = await call(createNotes, "/x", {
      auth: a.auth,
      body: { ...a.ref, notes: [{ document_paths: [{ document_path: "letters/welcome.pdf" }] }] },
    });
    expect(note).toMatchObject({
      status: 400,
      json: {
        code: "document_root_not_owned",
        errors: [{ attr: "notes.0.document_paths.0.document_path", code: "document_root_not_owned", detail }],
      },
    });
    // Setting a root the organisation can own puts it right.
    await a.operator.supplier.update({ code: a.supplier.code, documentRoot: a.supplier.documentRoot });
    expect(
      (
        await call(createNotes, "/x", {
          auth: a.auth,
          body: { ...a.ref, notes: [{ document_paths: [{ document_path: "letters/welcome.pdf" }] }] },
        })
      ).status,
    ).toBe(201);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(importSuppliers)
      .where(and(eq(importSuppliers.id, a.supplier.id), sql`${importSuppliers.documentRootId} is not null`));
    expect(n).toBe(1);
  });
});

describe("roots are claimed and read by their real path (issue 37 item 1, ADR 0108)", () => {
  const notFound = (p: string) => ({
    code: "path_does_not_exist_in_file_store",
    attr: "notes.0.document_paths.0.document_path",
    detail: `No document at '${p}' under the import supplier's document root.`,
  });
  const attach = (who: { auth: string; ref: object }, document_path: string) =>
    call(createNotes, "/x", {
      auth: who.auth,
      body: { ...who.ref, notes: [{ body: "x", document_paths: [{ document_path }] }] },
    });

  it("a root that is, or passes through, a symbolic link is refused at create and update, and nothing is stored", async () => {
    const dirA = folder("a");
    writeFileSync(path.join(dirA, "letters", "sec-secret-A.txt"), "A's secret");
    await tenant("A", `file://${dirA}`);
    const b = await tenant("B", `file://${folder("b")}`);
    const area = path.dirname(folder("b-area"));
    const toA = path.join(area, uniq("link-a").toLowerCase());
    const toEtc = path.join(area, uniq("link-etc").toLowerCase());
    symlinkSync(dirA, toA);
    symlinkSync("/etc", toEtc);
    const before = await t.db.select().from(documentRoots).where(eq(documentRoots.organisationId, b.org.id));
    const detail = "This folder is, or passes through, a symbolic link; give the folder's real path.";
    for (const root of [`file://${toA}`, `file://${toA}/letters`, `file://${toEtc}`, `file://${toEtc}/not-made-yet`]) {
      expect(await refusal(b.operator.supplier.create({ code: uniq("B"), documentRoot: root })), root).toEqual({
        trpc: "BAD_REQUEST",
        code: "document_root_not_real_path",
        errors: [{ attr: "documentRoot", code: "document_root_not_real_path", detail }],
      });
      expect(
        (await refusal(b.operator.supplier.update({ code: b.supplier.code, documentRoot: root }))).code,
        root,
      ).toBe("document_root_not_real_path");
    }
    expect(await t.db.select().from(documentRoots).where(eq(documentRoots.organisationId, b.org.id))).toEqual(before);
    // A folder not made yet under a real parent is claimed as written.
    const later = path.join(area, uniq("later").toLowerCase(), "letters");
    expect((await b.operator.supplier.create({ code: uniq("B"), documentRoot: `file://${later}` })).documentRoot).toBe(
      `file://${later}`,
    );
  });

  it("a root swapped for a link after its claim holds nothing, and answers exactly like a missing file", async () => {
    const dirA = folder("a");
    writeFileSync(path.join(dirA, "letters", "sec-secret-A.txt"), "A's secret");
    const a = await tenant("A", `file://${dirA}`);
    const dirB = folder("b");
    const b = await tenant("B", `file://${dirB}`);
    expect((await attach(b, "letters/welcome.pdf")).status).toBe(201);
    const [bAccount] = await t.db.select().from(accounts).where(eq(accounts.number, b.account.accountNumber));
    const [bNote] = await t.db.select().from(notes).where(eq(notes.accountId, bAccount.id));
    // B's operator replaces the claimed folder with a link to A's root, then to /etc.
    renameSync(dirB, `${dirB}-moved`);
    symlinkSync(dirA, dirB);
    for (const p of ["letters/sec-secret-A.txt", "letters/welcome.pdf", "letters/missing.txt"]) {
      expect(await attach(b, p), p).toMatchObject({ status: 400, json: { errors: [notFound(p)] } });
    }
    const reader = (org: { id: number }) => ({
      db: t.db,
      requestId: "t",
      actor: { kind: "user" as const, organisationId: org.id, userId: 1, role: "support" as const, email: "s@x" },
    });
    await expect(
      openAccountDocument(reader(b.org), { accountNumber: b.account.accountNumber, kind: "note", id: bNote.id }),
    ).rejects.toMatchObject({ code: "document_not_found", status: 404 });
    // A forged row naming A's file through B's root is not served either.
    const [forged] = await t.db
      .insert(notes)
      .values({
        accountId: bAccount.id,
        body: null,
        documentPaths: [
          { document_path: "letters/sec-secret-A.txt", location: `file://${dirB}/letters/sec-secret-A.txt` },
        ],
        contentHash: uniq("h"),
        createdAt: new Date(),
        createdAtGiven: false,
      })
      .returning();
    await expect(
      openAccountDocument(reader(b.org), { accountNumber: b.account.accountNumber, kind: "note", id: forged.id }),
    ).rejects.toMatchObject({ code: "document_not_found", status: 404 });
    rmSymlink(dirB);
    symlinkSync("/etc", dirB);
    for (const p of ["passwd", "shadow", "no-such-file"])
      expect(await attach(b, p), p).toMatchObject({ status: 400, json: { errors: [notFound(p)] } });
    // A itself still reads its own file.
    expect((await attach(a, "letters/sec-secret-A.txt")).status).toBe(201);
  });

  it("a link inside a root that leads out of it is a missing file", async () => {
    const dirA = folder("a");
    writeFileSync(path.join(dirA, "letters", "sec-secret-A.txt"), "A's secret");
    await tenant("A", `file://${dirA}`);
    const dirB = folder("b");
    const b = await tenant("B", `file://${dirB}`);
    symlinkSync(path.join(dirA, "letters", "sec-secret-A.txt"), path.join(dirB, "letters", "stolen.txt"));
    symlinkSync(path.join(dirA, "letters"), path.join(dirB, "a-letters"));
    symlinkSync("/etc/passwd", path.join(dirB, "passwd"));
    for (const p of ["letters/stolen.txt", "a-letters/sec-secret-A.txt", "passwd"])
      expect(await attach(b, p), p).toMatchObject({ status: 400, json: { errors: [notFound(p)] } });
    // A link that stays inside the root is followed.
    symlinkSync(path.join(dirB, "letters", "welcome.pdf"), path.join(dirB, "welcome-link.pdf"));
    expect((await attach(b, "welcome-link.pdf")).status).toBe(201);
  });
});

const rmSymlink = (p: string) => unlinkSync(p);

describe("odd document roots and paths are refused (issue 18 item 13)", () => {
  it("a root with a host, a query, a fragment or an escaped one is invalid_document_root", async () => {
    const org = await makeOrg(t.db, "R");
    const op = callerFor(t.db, await makeUser(org, "operator"));
    const cases: [string, string][] = [
      ["file://evil.example/tmp/docs", "A file:// root names a local folder: file:///path (no host)."],
      ["file://localhost/tmp/docs", "A file:// root names a local folder: file:///path (no host)."],
      ["file:///tmp/docs?x=1", "A document root cannot contain '?', '#', '\\' or control characters."],
      ["file:///tmp/docs#frag", "A document root cannot contain '?', '#', '\\' or control characters."],
      ["s3://bucket/prefix?x=1", "A document root cannot contain '?', '#', '\\' or control characters."],
      ["s3://bucket/prefix#frag", "A document root cannot contain '?', '#', '\\' or control characters."],
      [
        "file:///tmp/docs%3Fx=1",
        "A document root is a plain folder: no empty, '.' or '..' segments, '?', '#' or '\\', escaped or not.",
      ],
      [
        "file:///tmp/%2e%2e/etc",
        "A document root is a plain folder: no empty, '.' or '..' segments, '?', '#' or '\\', escaped or not.",
      ],
      [
        "file:///tmp//docs",
        "A document root is a plain folder: no empty, '.' or '..' segments, '?', '#' or '\\', escaped or not.",
      ],
      ["s3://Bucket_Name/prefix", "Use an S3 bucket name: up to 63 lower-case letters, digits, '.' and '-'."],
    ];
    for (const [documentRoot, detail] of cases) {
      expect(await refusal(op.supplier.create({ code: uniq("R"), documentRoot })), documentRoot).toEqual({
        trpc: "BAD_REQUEST",
        code: "invalid",
        errors: [{ attr: "documentRoot", code: "invalid_document_root", detail }],
      });
    }
    expect(await t.db.select().from(importSuppliers).where(eq(importSuppliers.organisationId, org.id))).toEqual([]);
  });

  it("a document path with '?' or '#' is invalid_document_path, for notes and statements", async () => {
    const a = await tenant("A", `file://${folder("a")}`);
    for (const p of ["letters/welcome.pdf?x=1", "letters/welcome.pdf#frag", "letters/we#lcome.pdf"]) {
      const note = await call(createNotes, "/x", {
        auth: a.auth,
        body: { ...a.ref, notes: [{ document_paths: [{ document_path: p }] }] },
      });
      expect(note, p).toMatchObject({
        status: 400,
        json: {
          code: "invalid_document_path",
          errors: [
            {
              attr: "notes.0.document_paths.0.document_path",
              code: "invalid_document_path",
              detail: "A document path cannot contain '?' or '#'.",
            },
          ],
        },
      });
      const statement = {
        statement_id: uniq("S"),
        bill_period_from_date: "2026-01-01",
        bill_period_to_date: "2026-01-31",
        issued_date: "2026-02-01",
        number: "1",
        gross_amount: 1,
        statement_path: p,
      };
      const st = await call(createStatements, "/x", { auth: a.auth, body: { ...a.ref, statements: [statement] } });
      expect(st, p).toMatchObject({
        status: 400,
        json: {
          code: "invalid_document_path",
          errors: [{ attr: "statements.0.statement_path", code: "invalid_document_path" }],
        },
      });
    }
  });
});
