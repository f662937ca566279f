import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { accountPayload, makeImportedAccount } from "@/test/fixtures";
import { codeOf, consoleWorld } from "../test/callers";

const t = useTestDb();

describe("account router", () => {
  it("finds an account by platform number, external number and meter point, for our organisation only", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    for (const [query, matchedOn] of [
      [acc.accountNumber.toLowerCase(), "account_number"],
      [acc.externalAccountNumber, "external_account_number"],
      [acc.mpan!, "meter_point"],
      [acc.mprn!, "meter_point"],
    ] as const) {
      const found = await w.support.account.find({ query });
      expect(found).toEqual([expect.objectContaining({ matchedOn, accountNumber: acc.accountNumber, status: "imported", importSupplier: w.supplier.code })]);
      expect(await w.outsider.account.find({ query })).toEqual([]);
    }
    expect(await codeOf(w.support.account.find({ query: "  " }))).toBe("BAD_REQUEST");
  });

  it("finds staged accounts too and shows an imported account's details", async () => {
    const w = await consoleWorld(t.db);
    const staged = accountPayload(w.supplier.code);
    await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records: [staged] });
    expect(await w.support.account.find({ query: staged.external_account_number })).toEqual([
      expect.objectContaining({ accountNumber: null, status: "staged", billingName: "Ada Lovelace" }),
    ]);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    const detail = await w.support.account.get({ accountNumber: acc.accountNumber });
    expect(detail).toMatchObject({ number: acc.accountNumber, openStatementPeriodStart: "2026-11-01", importProcess: { status: "imported" } });
    expect(detail.supplyAddresses[0].meterPoints.map((m) => m.mpxn).sort()).toEqual([acc.mpan, acc.mprn].sort());
    expect(detail.customers[0].name).toBe("Ada Lovelace");
    expect(await codeOf(w.outsider.account.get({ accountNumber: acc.accountNumber }))).toBe("NOT_FOUND");
    expect(await codeOf(w.support.account.get({ accountNumber: "nonsense" }))).toBe("BAD_REQUEST");
  });
});

describe("event router", () => {
  it("lists our events newest first with filters and keyset pages; another organisation sees none", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    const all = await w.support.event.list({ accountNumber: acc.accountNumber });
    expect(all.items.map((e) => e.type)).toEqual(["data_import.import_process.complete", "agreement.created", "agreement.created", "account.created"]);
    expect(all.items[0].seq).toBeGreaterThan(all.items[3].seq);
    const agreements = await w.support.event.list({ typePrefix: "agreement.", accountNumber: acc.accountNumber });
    expect(agreements.items).toHaveLength(2);
    expect((await w.support.event.list({ typePrefix: "agreement%", accountNumber: acc.accountNumber })).items).toHaveLength(0);
    const first = await w.support.event.list({ accountNumber: acc.accountNumber, limit: 3 });
    const rest = await w.support.event.list({ accountNumber: acc.accountNumber, limit: 3, cursor: first.nextCursor! });
    expect([...first.items, ...rest.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    expect(rest.nextCursor).toBeNull();
    await t.db.update(events).set({ publishedAt: sql`now()` }).where(eq(events.id, all.items[3].id));
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, delivery: "published" })).items.map((e) => e.id)).toEqual([all.items[3].id]);
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, delivery: "pending" })).items).toHaveLength(3);
    const future = new Date(Date.now() + 3600_000);
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, from: future })).items).toHaveLength(0);
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, to: future })).items).toHaveLength(4);
    expect((await w.outsider.event.list({ accountNumber: acc.accountNumber })).items).toHaveLength(0);
    const theirs = (await w.outsider.event.list({ limit: 200 })).items.map((e) => e.id);
    expect(theirs.filter((id) => all.items.some((e) => e.id === id))).toEqual([]);
  });

  it("shows one event with its envelope, only to its organisation", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    const [latest] = (await w.support.event.list({ accountNumber: acc.accountNumber, limit: 1 })).items;
    const one = await w.support.event.get({ id: latest.id });
    expect(one.envelope).toMatchObject({ id: latest.id, type: latest.type, data: latest.payload });
    expect(await codeOf(w.outsider.event.get({ id: latest.id }))).toBe("NOT_FOUND");
  });

  it("browses and searches the catalogue with fields", async () => {
    const w = await consoleWorld(t.db);
    const all = await w.support.event.catalogue({});
    expect(all.length).toBeGreaterThan(200);
    const created = all.find((e) => e.type === "account.created" && e.version === "v1");
    expect(created?.fields.map((f) => f.path)).toContain("account_number");
    const hits = await w.support.event.catalogue({ search: "import_process" });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((e) => e.type.includes("import_process") || e.fields.some((f) => f.path.includes("import_process")))).toBe(true);
    expect(await codeOf(w.anonymous.event.catalogue({}))).toBe("UNAUTHORIZED");
  });
});
