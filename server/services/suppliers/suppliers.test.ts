import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import type { Ctx } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { allowedDocumentStores, platformFolderOf } from "../documents/locations";
import { createSupplier } from "./create-supplier";
import { describeDocumentStores } from "./document-stores";
import { listSuppliers } from "./list-suppliers";
import { setSupplierStatus } from "./set-supplier-status";
import { updateSupplier } from "./update-supplier";

const t = useTestDb();

const asUser = (ctx: Ctx, role: "operator" | "support"): Ctx => ({
  ...ctx,
  actor: { kind: "user", organisationId: ctx.actor.organisationId!, userId: 1, role, email: `${role}@example.com` },
});

describe("import suppliers", () => {
  it("follows Ongoing ⇄ Paused → Complete and audits who changed what", async () => {
    const org = await makeOrg(t.db);
    const s = await makeSupplier(org);
    const op = asUser(org.ctx, "operator");
    expect((await setSupplierStatus(op, { code: s.code, status: "Paused" })).status).toBe("Paused");
    expect((await setSupplierStatus(op, { code: s.code, status: "Ongoing" })).status).toBe("Ongoing");
    expect((await setSupplierStatus(op, { code: s.code, status: "Complete" })).status).toBe("Complete");
    await expect(setSupplierStatus(op, { code: s.code, status: "Ongoing" })).rejects.toMatchObject({
      code: "invalid_status_transition",
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.code), eq(auditLog.action, "supplier.status_changed")))
      .orderBy(asc(auditLog.id));
    expect(trail.map((r) => [r.actor, r.details])).toEqual([
      ["operator@example.com", { from: "Ongoing", to: "Paused" }],
      ["operator@example.com", { from: "Paused", to: "Ongoing" }],
      ["operator@example.com", { from: "Ongoing", to: "Complete" }],
    ]);
  });

  it("refuses support users every change", async () => {
    const org = await makeOrg(t.db);
    const s = await makeSupplier(org);
    const support = asUser(org.ctx, "support");
    await expect(setSupplierStatus(support, { code: s.code, status: "Paused" })).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(
      createSupplier(support, { code: uniq("S"), documentRoot: `file:///tmp/${uniq("d")}` }),
    ).rejects.toBeInstanceOf(ServiceError);
    await expect(updateSupplier(support, { code: s.code, name: "x" })).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("keeps codes unique per organisation and validates document roots", async () => {
    const org = await makeOrg(t.db);
    const s = await makeSupplier(org);
    await expect(
      createSupplier(org.ctx, { code: s.code, documentRoot: `file:///tmp/${uniq("d")}` }),
    ).rejects.toMatchObject({ code: "import_supplier_exists" });
    await expect(createSupplier(org.ctx, { code: uniq("S"), documentRoot: "ftp://nope" })).rejects.toThrow();
  });

  it("scopes codes to the organisation: another organisation may use the same code and learns nothing of ours", async () => {
    const org = await makeOrg(t.db);
    const s = await makeSupplier(org, { status: "Paused" });
    const other = await makeOrg(t.db, "Other");
    // Before: 409 import_supplier_exists told the other organisation the code was ours.
    const theirs = await makeSupplier(other, { code: s.code });
    expect(theirs).toMatchObject({ code: s.code, organisationId: other.id, status: "Ongoing" });
    await setSupplierStatus(other.ctx, { code: s.code, status: "Complete" });
    expect((await listSuppliers(org.ctx)).map((x) => [x.code, x.status])).toEqual([[s.code, "Paused"]]);
    expect((await listSuppliers(other.ctx)).map((x) => [x.code, x.status])).toEqual([[s.code, "Complete"]]);
    // Each organisation's imports land on its own supplier of that code.
    const ours = await makeImportedAccount(org, s.code).catch((e) => e);
    expect(ours).toMatchObject({ code: "import_supplier_migration_not_ongoing" });
    await setSupplierStatus(org.ctx, { code: s.code, status: "Ongoing" });
    await makeImportedAccount(org, s.code);
    expect((await listSuppliers(org.ctx))[0].counts.imported).toBe(1);
    expect((await listSuppliers(other.ctx))[0].counts.imported).toBe(0);
  });

  it("lists only the organisation's suppliers with staged/imported counts", async () => {
    const org = await makeOrg(t.db);
    const s = await makeSupplier(org);
    await makeImportedAccount(org, s.code);
    await makeImportedAccount(org, s.code);
    const other = await makeOrg(t.db, "Other");
    await makeSupplier(other);
    const list = await listSuppliers(org.ctx);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ code: s.code, counts: { staged: 0, imported: 2, failed: 0 } });
    const updated = await updateSupplier(org.ctx, {
      code: s.code,
      documentRoot: `s3://bucket/${org.number}`,
      sendAutomatedEmails: true,
    });
    expect(updated).toMatchObject({ documentRoot: `s3://bucket/${org.number}`, sendAutomatedEmails: true });
  });

  it("resets a blank name to the code, audited like any change; leaving it out changes nothing", async () => {
    const org = await makeOrg(t.db);
    const s = await makeSupplier(org);
    const op = asUser(org.ctx, "operator");
    await updateSupplier(op, { code: s.code, name: "Cohort A" });
    expect((await updateSupplier(op, { code: s.code, documentRoot: `s3://b/${org.number}` })).name).toBe("Cohort A");
    expect((await updateSupplier(op, { code: s.code, name: "   " })).name).toBe(s.code);
    await updateSupplier(op, { code: s.code, name: "Cohort A" });
    expect((await updateSupplier(op, { code: s.code, name: null })).name).toBe(s.code);
    // In the order written: without ORDER BY, PostgreSQL may return updated rows in any order.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.code), eq(auditLog.action, "supplier.updated")))
      .orderBy(asc(auditLog.id));
    expect(trail.map((r) => r.details)).toEqual([
      { name: { from: s.code, to: "Cohort A" } },
      { documentRoot: { from: s.documentRoot, to: `s3://b/${org.number}` } },
      { name: { from: "Cohort A", to: s.code } },
      { name: { from: s.code, to: "Cohort A" } },
      { name: { from: "Cohort A", to: s.code } },
    ]);
    const created = await createSupplier(op, { code: uniq("S"), name: "", documentRoot: `file:///tmp/${uniq("d")}` });
    expect(created.name).toBe(created.code);
  });

  it("says what is wrong with a code or document root once per field, in words", async () => {
    const org = await makeOrg(t.db);
    const op = asUser(org.ctx, "operator");
    const issues = async (input: Record<string, unknown>) => {
      const err = await createSupplier(op, input as never).catch((e) => e);
      return err.issues.map((i: { path: string[]; message: string }) => [i.path.join("."), i.message]);
    };
    // A blank document root is no error on create: the organisation's own folder is used.
    expect(await issues({ code: "", documentRoot: "" })).toEqual([["code", "Enter a code."]]);
    expect(await issues({ code: "bad code!", documentRoot: "http://x" })).toEqual([
      ["code", "Use letters, digits, '-' and '_' only (at most 64 characters)."],
      ["documentRoot", "Use an s3://bucket/prefix or file:///path location."],
    ]);
    expect(await issues({})).toEqual([["code", "Enter a code."]]);
    // Outside every allowed store: the refusal says what is allowed, in words, not a variable's name.
    const [[attr, message]] = await issues({ code: "OK", documentRoot: "file:///etc/docs" });
    expect(attr).toBe("documentRoot");
    expect(message).toContain(
      "A document root may point into the server folder file:///tmp and below; or the server folder file:///srv and below; or any S3 bucket (s3://bucket/prefix); or the platform's own document folder",
    );
    expect(message).not.toContain("DOCUMENT_ROOT_ALLOWLIST");
  });

  it("creates a supplier without a document root in the organisation's own folder of the platform's store, changed later", async () => {
    const org = await makeOrg(t.db);
    const op = asUser(org.ctx, "operator");
    const code = uniq("NOROOT");
    const created = await createSupplier(op, { code, documentRoot: "" });
    expect(created.documentRoot).toBe(`${platformFolderOf(org.number)}/${code}`);
    expect(await describeDocumentStores(op)).toEqual({
      allowed: allowedDocumentStores(),
      ownFolder: platformFolderOf(org.number),
    });
    const moved = await updateSupplier(op, { code, documentRoot: `s3://bucket/${code}` });
    expect(moved.documentRoot).toBe(`s3://bucket/${code}`);
  });
});
