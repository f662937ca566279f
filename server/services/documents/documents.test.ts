import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PutObjectCommand } from "@aws-sdk/client-s3";
// s3rver ships no types; it is a local S3-compatible server used only in tests.
// @ts-expect-error untyped module
import S3rver from "s3rver";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHistoricalStatementsHandler as createStatements } from "@/server/rest/routes/data-import";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { accounts, historicalStatements, notes } from "@/db/schema";
import type { ServiceError } from "@/server/errors";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { importedAccount } from "@/test/factories";
import { CreateSupplierInput, UpdateSupplierInput } from "../suppliers/schemas";
import { DocumentPath, resolveDocumentLocation } from "./locations";
import { s3Client } from "./s3";
import { checkDocuments, readDocument } from "./store";
import { env, setEnv } from "@/server/env.mjs";

const t = useTestDb();
// Claimed roots outlive a run on a shared server: each run uses its own prefixes (ADR 0106).
const A = `supplier-a-${uniq()}`;
const B = `supplier-b-${uniq()}`;
let server: { close: () => Promise<void> };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "km-s3rver-"));
  const instance = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "migration-docs" }],
  });
  const { port } = await instance.run();
  server = instance;
  setEnv({ S3_ENDPOINT: `http://127.0.0.1:${port}` });
  setEnv({ AWS_ACCESS_KEY_ID: "S3RVER" });
  setEnv({ AWS_SECRET_ACCESS_KEY: "S3RVER" });
  for (const key of [`${A}/letters/welcome.pdf`, `${A}/statements/2026-01.pdf`, "root-level.pdf"]) {
    await s3Client().send(new PutObjectCommand({ Bucket: "migration-docs", Key: key, Body: "%PDF-1.4" }));
  }
});
afterAll(async () => {
  await server?.close();
  setEnv({ S3_ENDPOINT: undefined });
});

describe("document store", () => {
  it("joins root and path with exactly one separator", () => {
    expect(resolveDocumentLocation("s3://b/prefix", "/a/b.pdf")).toBe("s3://b/prefix/a/b.pdf");
    expect(resolveDocumentLocation("s3://b/prefix/", "a/b.pdf")).toBe("s3://b/prefix/a/b.pdf");
    expect(resolveDocumentLocation("file:///srv/docs", "//a.pdf")).toBe("file:///srv/docs/a.pdf");
    for (const bad of ["../x.pdf", "a/../../x", "a//b", "a\\b", ".", "/"])
      expect(DocumentPath.safeParse(bad).success, bad).toBe(false);
    expect(DocumentPath.safeParse("/letters/welcome.pdf").success).toBe(true);
  });

  it("checks objects in an S3-compatible store under the root's prefix", async () => {
    const { resolved, errors } = await checkDocuments(`s3://migration-docs/${A}`, [
      { attr: ["a"], path: "/letters/welcome.pdf" },
      { attr: ["b"], path: "statements/2026-01.pdf" },
      { attr: ["c"], path: "statements/2026-02.pdf" },
      { attr: ["d"], path: "root-level.pdf" },
    ]);
    expect(resolved[0].location).toBe(`s3://migration-docs/${A}/letters/welcome.pdf`);
    expect(errors.map((e) => [e.attr, e.code])).toEqual([
      ["c", "path_does_not_exist_in_file_store"],
      ["d", "path_does_not_exist_in_file_store"],
    ]);
    const bucketRoot = await checkDocuments("s3://migration-docs", [{ attr: ["x"], path: "/root-level.pdf" }]);
    expect(bucketRoot.errors).toEqual([]);
  });

  it("reads documents back from S3 and from file:// roots; a missing one is document_not_found", async () => {
    const s3 = await readDocument(`s3://migration-docs/${A}/letters/welcome.pdf`, ["s3://migration-docs/"]);
    expect(await new Response(s3.body).text()).toBe("%PDF-1.4");
    await expect(readDocument(`s3://migration-docs/${A}/nope.pdf`, ["s3://migration-docs/"])).rejects.toMatchObject({
      code: "document_not_found",
    });
    const dir = mkdtempSync(path.join(tmpdir(), "km-read-"));
    writeFileSync(path.join(dir, "s.pdf"), "file pdf");
    const file = await readDocument(`file://${dir}/s.pdf`, [`file://${dir}/`]);
    expect([await new Response(file.body).text(), file.size]).toEqual(["file pdf", 8]);
    await expect(readDocument(`file://${dir}/missing.pdf`, [`file://${dir}/`])).rejects.toMatchObject({
      code: "document_not_found",
    });
  });

  it("checks files under a file:// root", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "km-docs-"));
    mkdirSync(path.join(dir, "a"));
    writeFileSync(path.join(dir, "a", "x.pdf"), "x");
    const { errors } = await checkDocuments(`file://${dir}/`, [
      { attr: ["ok"], path: "/a/x.pdf" },
      { attr: ["dir"], path: "a" },
      { attr: ["missing"], path: "a/y.pdf" },
    ]);
    expect(errors.map((e) => e.attr)).toEqual(["dir", "missing"]);
  });

  it("answers 503 (never a silent pass) when the store cannot be reached", async () => {
    const saved = env.S3_ENDPOINT;
    setEnv({ S3_ENDPOINT: "http://127.0.0.1:9" });
    try {
      await expect(checkDocuments("s3://migration-docs", [{ attr: ["x"], path: "a.pdf" }])).rejects.toMatchObject({
        code: "document_store_unavailable",
        status: 503,
      } satisfies Partial<ServiceError>);
    } finally {
      setEnv({ S3_ENDPOINT: saved });
    }
  });

  it("a supplier with an s3:// root: notes with documents are checked there", async () => {
    const s = await importedAccount(t.db, { documentRoot: `s3://migration-docs/${A}/` });
    const ok = await call(createNotes, "/x", {
      body: { ...s.ref, notes: [{ body: "letter", document_paths: [{ document_path: "/letters/welcome.pdf" }] }] },
      auth: s.auth,
    });
    expect(ok.status).toBe(201);
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
    const [note] = await t.db.select().from(notes).where(eq(notes.accountId, acc.id));
    expect(note.documentPaths).toEqual([
      { document_path: "/letters/welcome.pdf", location: `s3://migration-docs/${A}/letters/welcome.pdf` },
    ]);
    const missing = await call(createNotes, "/x", {
      body: { ...s.ref, notes: [{ document_paths: [{ document_path: "letters/gone.pdf" }] }] },
      auth: s.auth,
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      code: "path_does_not_exist_in_file_store",
      errors: [{ attr: "notes.0.document_paths.0.document_path" }],
    });
  });

  it("a missing document's message names the path as sent (normalised), never the supplier's root, file or S3", async () => {
    const statement = (statement_path: string) => ({
      bill_period_from_date: "2026-01-01",
      bill_period_to_date: "2026-01-31",
      statement_id: "S1",
      issued_date: "2026-02-01",
      number: "1",
      gross_amount: 1,
      statement_path,
    });
    for (const root of [undefined, `s3://migration-docs/${B}/`]) {
      const s = await importedAccount(t.db, { documentRoot: root });
      const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
      const secret = root ?? s.docDir;
      const note = await call(createNotes, "/x", {
        body: { ...s.ref, notes: [{ document_paths: [{ document_path: "/etc/passwd" }] }] },
        auth: s.auth,
      });
      expect(note.status).toBe(400);
      const detail = "No document at 'etc/passwd' under the import supplier's document root.";
      expect(note.json).toEqual({
        detail: `notes.0.document_paths.0.document_path: ${detail}`,
        code: "path_does_not_exist_in_file_store",
        errors: [{ attr: "notes.0.document_paths.0.document_path", code: "path_does_not_exist_in_file_store", detail }],
      });
      const stmt = await call(createStatements, "/x", {
        body: { ...s.ref, statements: [statement("//statements/gone.pdf")] },
        auth: s.auth,
      });
      expect(stmt.status).toBe(400);
      expect(stmt.json.errors).toEqual([
        {
          attr: "statements.0.statement_path",
          code: "path_does_not_exist_in_file_store",
          detail: "No document at 'statements/gone.pdf' under the import supplier's document root.",
        },
      ]);
      for (const body of [note.json, stmt.json]) {
        const text = JSON.stringify(body);
        for (const leak of [secret, "file://", "s3://", "migration-docs", B, "/tmp"])
          expect(text, `${root} ${leak}`).not.toContain(leak);
      }
      expect(await t.db.select().from(notes).where(eq(notes.accountId, acc.id))).toHaveLength(0);
      expect(
        await t.db.select().from(historicalStatements).where(eq(historicalStatements.accountId, acc.id)),
      ).toHaveLength(0);
    }
  });

  describe("an attacker cannot reach files outside the supplier's document root", () => {
    it("a document root outside the allowed stores is refused (file:///proc/self would serve the server's environment)", () => {
      for (const documentRoot of ["file:///proc/self", "file:///", "file:///etc", "file:///tmp/../etc"]) {
        expect(CreateSupplierInput.safeParse({ code: "X", documentRoot }).success, documentRoot).toBe(false);
        expect(UpdateSupplierInput.safeParse({ code: "X", documentRoot }).success, documentRoot).toBe(false);
      }
      expect(CreateSupplierInput.safeParse({ code: "X", documentRoot: "file:///tmp/docs" }).success).toBe(true);
      expect(CreateSupplierInput.safeParse({ code: "X", documentRoot: "s3://bucket/prefix" }).success).toBe(true);
    });

    it("the platform's own folder (the demo set's root) is allowed whatever DOCUMENT_ROOT_ALLOWLIST lists", () => {
      const own = pathToFileURL(path.resolve(process.cwd(), ".data", "documents")).href;
      const saved = env.DOCUMENT_ROOT_ALLOWLIST;
      try {
        setEnv({ DOCUMENT_ROOT_ALLOWLIST: "s3://only-this-bucket" });
        expect(CreateSupplierInput.safeParse({ code: "X", documentRoot: own }).success).toBe(true);
        expect(CreateSupplierInput.safeParse({ code: "X", documentRoot: "file:///tmp/docs" }).success).toBe(false);
        expect(CreateSupplierInput.safeParse({ code: "X", documentRoot: "s3://other-bucket" }).success).toBe(false);
      } finally {
        setEnv({ DOCUMENT_ROOT_ALLOWLIST: saved });
      }
    });

    it("the console cannot open a stored location outside the allowed stores: it answers like a missing document", async () => {
      for (const location of ["file:///proc/self/environ", "file:///etc/hostname", "file:///tmp/../etc/hostname"]) {
        await expect(readDocument(location, ["file:///"]), location).rejects.toMatchObject({
          code: "document_not_found",
        });
      }
    });

    it("an encoded '..' or '/' cannot pass the import check and then escape the root when the document is read", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "km-trav-"));
      // The supplier's store holds a folder literally named `%2e%2e` and a file named with `%2f`,
      // both of which a file:// URL decodes into a step out of the root.
      mkdirSync(path.join(dir, "root", "%2e%2e"), { recursive: true });
      writeFileSync(path.join(dir, "root", "%2e%2e", "secret.txt"), "decoy");
      writeFileSync(path.join(dir, "root", "x%2f..%2f..%2fsecret.txt"), "decoy");
      writeFileSync(path.join(dir, "secret.txt"), "outside the root");
      const { errors } = await checkDocuments(`file://${dir}/root`, [
        { attr: ["a"], path: "%2e%2e/secret.txt" },
        { attr: ["b"], path: "x%2f..%2f..%2fsecret.txt" },
      ]);
      expect(errors.map((e) => e.code)).toEqual([
        "path_does_not_exist_in_file_store",
        "path_does_not_exist_in_file_store",
      ]);
    });

    it("a symlink in the root pointing outside it is not a document", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "km-link-"));
      symlinkSync("/etc/hostname", path.join(dir, "host.txt"));
      const { errors } = await checkDocuments(`file://${dir}`, [{ attr: ["a"], path: "host.txt" }]);
      expect(errors).toHaveLength(1);
      await expect(readDocument(`file://${dir}/host.txt`, [`file://${dir}/`, "file:///etc/"])).rejects.toMatchObject({
        code: "document_not_found",
      });
    });
  });
});
