import { describe, expect, it } from "vitest";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount } from "@/test/factories";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

describe("supplier router", () => {
  it("lists suppliers with counts for both roles and nothing of ours for another organisation", async () => {
    const w = await consoleWorld(t.db);
    await makeImportedAccount(w.org, w.supplier.code);
    const mine = await w.support.supplier.list({});
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      code: w.supplier.code,
      status: "Ongoing",
      counts: { staged: 0, imported: 1, failed: 0 },
    });
    expect(await w.outsider.supplier.list({})).toEqual([]);
    expect(await codeOf(w.outsider.supplier.get({ code: w.supplier.code }))).toBe("NOT_FOUND");
    expect(await codeOf(w.anonymous.supplier.list({}))).toBe("UNAUTHORIZED");
  });

  it("lets an operator create, edit and change status, with an audit trail and the effects of each change", async () => {
    const w = await consoleWorld(t.db);
    const code = uniq("NEW");
    await w.operator.supplier.create({
      code,
      name: "New cohort",
      documentRoot: `s3://bucket/${code}/new`,
      sendAutomatedEmails: true,
    });
    await w.operator.supplier.update({ code, documentRoot: `s3://bucket/${code}/moved` });
    await w.operator.supplier.setStatus({ code, status: "Paused" });
    const got = await w.support.supplier.get({ code });
    expect(got).toMatchObject({
      status: "Paused",
      documentRoot: `s3://bucket/${code}/moved`,
      sendAutomatedEmails: true,
    });
    expect(got.transitions.map((x) => x.to)).toEqual(["Ongoing", "Complete"]);
    expect(got.transitions[1].effect).toMatch(/cannot be undone/);
    const audit = await w.support.supplier.audit({ code });
    expect(audit.items.map((a) => a.action)).toEqual([
      "supplier.status_changed",
      "supplier.updated",
      "supplier.created",
    ]);
    expect(audit.items[0]).toMatchObject({ details: { from: "Ongoing", to: "Paused" } });
    expect(audit.items[0].actor).toMatch(/@example\.com$/);
  });

  it("refuses every change to support users and changes nothing", async () => {
    const w = await consoleWorld(t.db);
    const code = w.supplier.code;
    expect(await codeOf(w.support.supplier.setStatus({ code, status: "Paused" }))).toBe("FORBIDDEN");
    expect(await codeOf(w.support.supplier.update({ code, name: "Renamed" }))).toBe("FORBIDDEN");
    expect(await codeOf(w.support.supplier.create({ code: uniq("X"), documentRoot: "s3://x/y" }))).toBe("FORBIDDEN");
    expect(await w.support.supplier.get({ code })).toMatchObject({ status: "Ongoing", name: code });
    expect((await w.support.supplier.audit({ code })).items.map((a) => a.action)).toEqual(["supplier.created"]);
  });

  it("keeps another organisation's operator away from our supplier", async () => {
    const w = await consoleWorld(t.db);
    expect(await codeOf(w.outsider.supplier.setStatus({ code: w.supplier.code, status: "Complete" }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(w.outsider.supplier.update({ code: w.supplier.code, name: "Mine now" }))).toBe("NOT_FOUND");
    expect((await w.outsider.supplier.audit({ code: w.supplier.code })).items).toEqual([]);
    expect((await w.support.supplier.get({ code: w.supplier.code })).status).toBe("Ongoing");
  });

  it("maps service errors to tRPC codes with the stable service code", async () => {
    const w = await consoleWorld(t.db);
    await w.operator.supplier.setStatus({ code: w.supplier.code, status: "Complete" });
    const err = await w.operator.supplier.setStatus({ code: w.supplier.code, status: "Ongoing" }).catch((e) => e);
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.cause.code).toBe("invalid_status_transition");
    const dup = await w.operator.supplier.create({ code: w.supplier.code, documentRoot: "s3://a/b" }).catch((e) => e);
    expect(dup.code).toBe("CONFLICT");
    expect(await codeOf(w.operator.supplier.create({ code: "bad code!", documentRoot: "ftp://no" }))).toBe(
      "BAD_REQUEST",
    );
  });
});
