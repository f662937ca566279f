import { describe, expect, it } from "vitest";
import { ACCOUNT_CSV_COLUMNS } from "@/server/services/console/account-csv";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, meterIds } from "@/test/fixtures";
import { codeOf, consoleWorld } from "../test/callers";

const t = useTestDb();

function csvRecord(overrides: Record<string, string> = {}) {
  const { mpan, mprn } = meterIds();
  const base: Record<string, string> = Object.fromEntries(ACCOUNT_CSV_COLUMNS.map((c) => [c.name, ""]));
  return {
    ...base,
    external_account_number: uniq("CSV"),
    billing_name: "Grace Hopper",
    billing_address_line_1: "2 Compiler Lane",
    billing_town: "Leeds",
    billing_postcode: "LS1 4AP",
    customer_given_name: "Grace",
    customer_family_name: "Hopper",
    customer_email: "grace@example.com",
    customer_mobile: "07911 123456",
    mpan,
    mpan_profile_class: "1",
    mpan_tariff_code: "E-1R-VAR-22-11-01-C",
    mpan_valid_from: "2025-01-01T00:00:00Z",
    mprn,
    mprn_tariff_code: "G-1R-VAR-22-11-01-C",
    mprn_valid_from: "2025-01-01T00:00:00Z",
    last_statement_closing_date: "2026-10-31",
    ...overrides,
  };
}

describe("account import router", () => {
  it("stages CSV rows one by one, reporting a bad row against its row and column", async () => {
    const w = await consoleWorld(t.db);
    const good = csvRecord();
    const bad = csvRecord({ customer_landline: "12345" });
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records: [good, bad] });
    expect(results[0]).toMatchObject({ row: 2, ok: true, created: true, externalAccountNumber: good.external_account_number });
    expect(results[1]).toMatchObject({ row: 3, ok: false, code: "account_failed_validation" });
    expect(results[1].errors).toContainEqual(expect.objectContaining({ attr: "customers.0.landline", column: "customer_landline", code: "invalid_phone_number" }));
    const list = await w.support.accountImport.list({ importSupplier: w.supplier.code });
    expect(list.items.map((i) => i.externalAccountNumber)).toEqual([good.external_account_number]);
    expect(list.items[0]).toMatchObject({ status: "staged", billingName: "Grace Hopper" });
  });

  it("stages JSON rows and refuses rows for another supplier or with unknown fields", async () => {
    const w = await consoleWorld(t.db);
    const ok = accountPayload(w.supplier.code);
    const { import_supplier: _s, ...noSupplier } = accountPayload(w.supplier.code);
    const elsewhere = accountPayload("SOMEONE-ELSE");
    const extra = { ...accountPayload(w.supplier.code), colour: "blue" };
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records: [ok, noSupplier, elsewhere, extra, 42] });
    expect(results.map((r) => r.ok)).toEqual([true, true, false, false, false]);
    expect(results[2].code).toBe("import_supplier_mismatch");
    expect(results[3].errors).toContainEqual(expect.objectContaining({ attr: "colour", code: "unknown_field" }));
    expect(results[4].code).toBe("invalid_row");
  });

  it("imports selected staged accounts, with dry_run changing nothing, and filters by status", async () => {
    const w = await consoleWorld(t.db);
    const a = accountPayload(w.supplier.code);
    const b = accountPayload(w.supplier.code);
    await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records: [a, b] });
    const dry = await w.operator.accountImport.processBatch({ importSupplier: w.supplier.code, externalAccountNumbers: [a.external_account_number], dryRun: true });
    expect(dry.results[0]).toMatchObject({ ok: true });
    expect((await w.support.accountImport.list({ importSupplier: w.supplier.code, status: "imported" })).total).toBe(0);
    const real = await w.operator.accountImport.processBatch({ importSupplier: w.supplier.code, externalAccountNumbers: [a.external_account_number, "NOPE"] });
    expect(real.results[0].accountNumber).toMatch(/^A-[0-9A-F]{8}$/);
    expect(real.results[1]).toMatchObject({ ok: false, code: "account_import_process_not_found" });
    const imported = await w.support.accountImport.list({ importSupplier: w.supplier.code, status: "imported" });
    expect(imported.items.map((i) => [i.externalAccountNumber, i.accountNumber])).toEqual([[a.external_account_number, real.results[0].accountNumber]]);
    const staged = await w.support.accountImport.list({ importSupplier: w.supplier.code, status: "staged" });
    expect(staged.items.map((i) => i.externalAccountNumber)).toEqual([b.external_account_number]);
    const activity = await w.support.accountImport.activity({ importSupplier: w.supplier.code, days: 7 });
    expect(activity).toHaveLength(7);
    expect(activity[6]).toMatchObject({ staged: 2, imported: 1, failed: 0 });
    const detail = await w.support.accountImport.get({ importSupplier: w.supplier.code, externalAccountNumber: a.external_account_number });
    expect(detail.history.map((h) => h.type)).toEqual(["data_import.import_process.complete", "data_import.import_process.dry_run_complete"]);
  });

  it("pages, sorts and searches on the server", async () => {
    const w = await consoleWorld(t.db);
    const prefix = uniq("PG");
    const records = Array.from({ length: 5 }, (_, i) => accountPayload(w.supplier.code, `${prefix}-${i}`));
    await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records });
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await w.support.accountImport.list({ importSupplier: w.supplier.code, sort: "external_account_number", direction: "asc", limit: 2, cursor, search: prefix });
      expect(page.total).toBe(5);
      seen.push(...page.items.map((i) => i.externalAccountNumber));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(records.map((r) => r.external_account_number));
    expect(await codeOf(w.support.accountImport.list({ importSupplier: w.supplier.code, cursor: "garbage" }))).toBe("BAD_REQUEST");
  });

  it("refuses staging and importing to support users and shows another organisation nothing", async () => {
    const w = await consoleWorld(t.db);
    const a = accountPayload(w.supplier.code);
    expect(await codeOf(w.support.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records: [a] }))).toBe("FORBIDDEN");
    expect(await codeOf(w.support.accountImport.processBatch({ importSupplier: w.supplier.code, externalAccountNumbers: ["X"] }))).toBe("FORBIDDEN");
    expect(await codeOf(w.outsider.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records: [a] }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.accountImport.list({ importSupplier: w.supplier.code }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.accountImport.activity({ importSupplier: w.supplier.code }))).toBe("NOT_FOUND");
    expect((await w.support.accountImport.list({ importSupplier: w.supplier.code })).total).toBe(0);
  });

  it("refuses a whole upload or import batch while the supplier is paused, once, in words", async () => {
    const w = await consoleWorld(t.db);
    const staged = csvRecord();
    await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records: [staged] });
    await w.operator.supplier.setStatus({ code: w.supplier.code, status: "Paused" });
    const upload = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records: [csvRecord()] }).catch((e) => e);
    expect(upload).toMatchObject({ code: "BAD_REQUEST", cause: { code: "import_supplier_migration_not_ongoing" } });
    expect(upload.message).toMatch(/not ongoing \(status Paused\)/);
    const batch = await w.operator.accountImport.processBatch({ importSupplier: w.supplier.code, externalAccountNumbers: [staged.external_account_number] }).catch((e) => e);
    expect(batch).toMatchObject({ code: "BAD_REQUEST", cause: { code: "import_supplier_migration_not_ongoing" } });
    expect((await w.support.accountImport.list({ importSupplier: w.supplier.code })).items.map((i) => i.status)).toEqual(["staged"]);
  });

  it("says which CSV column is missing, in words, and reports a copied billing address once", async () => {
    const w = await consoleWorld(t.db);
    const { external_account_number: _e, ...noExternal } = csvRecord();
    const badPostcode = csvRecord({ billing_postcode: "NOPE 123" });
    const ownSupply = csvRecord({ billing_postcode: "NOPE 123", supply_address_line_1: "9 Other Street", supply_postcode: "ALSO BAD" });
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records: [noExternal, badPostcode, ownSupply] });
    expect(results[0].errors).toEqual([expect.objectContaining({ column: "external_account_number", code: "required", detail: "external_account_number is required." })]);
    // Supply columns left blank mean "the billing address": its postcode is wrong in one place only.
    expect(results[1].errors.map((e) => [e.column, e.code])).toEqual([["billing_postcode", "invalid_postcode"]]);
    // A supply address the row gave itself is reported on its own column.
    expect(results[2].errors.map((e) => e.column).sort()).toEqual(["billing_postcode", "supply_postcode"]);
  });

  it("pages back with prevCursor/before, so a page can be linked to and stepped back from", async () => {
    const w = await consoleWorld(t.db);
    const prefix = uniq("BK");
    const records = Array.from({ length: 5 }, (_, i) => accountPayload(w.supplier.code, `${prefix}-${i}`));
    await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records });
    const base = { importSupplier: w.supplier.code, sort: "external_account_number" as const, direction: "asc" as const, limit: 2, search: prefix };
    const names = (p: { items: { externalAccountNumber: string }[] }) => p.items.map((i) => i.externalAccountNumber.slice(-1));
    const first = await w.support.accountImport.list(base);
    expect([names(first), first.prevCursor]).toEqual([["0", "1"], null]);
    const second = await w.support.accountImport.list({ ...base, cursor: first.nextCursor });
    const third = await w.support.accountImport.list({ ...base, cursor: second.nextCursor });
    expect([names(third), third.nextCursor]).toEqual([["4"], null]);
    const backToSecond = await w.support.accountImport.list({ ...base, before: third.prevCursor });
    expect(names(backToSecond)).toEqual(["2", "3"]);
    expect(backToSecond.nextCursor).toBe(second.nextCursor);
    const backToFirst = await w.support.accountImport.list({ ...base, before: backToSecond.prevCursor });
    expect([names(backToFirst), backToFirst.prevCursor]).toEqual([["0", "1"], null]);
    expect(await codeOf(w.support.accountImport.list({ ...base, cursor: first.nextCursor, before: first.nextCursor }))).toBe("BAD_REQUEST");
  });
});
