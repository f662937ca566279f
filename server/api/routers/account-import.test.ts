import { describe, expect, it } from "vitest";
import { ACCOUNT_CSV_COLUMNS } from "@/server/services/accounts/account-csv";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, meterIds } from "@/test/factories";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

function csvRecord(overrides: Record<string, string> = {}) {
  const { mpan, mprn } = meterIds();
  const base: Record<string, string> = Object.fromEntries(ACCOUNT_CSV_COLUMNS.map((c) => [c.name, ""]));
  return {
    ...base,
    external_account_number: uniq("CSV"),
    sales_channel: "PRICE_COMPARISON",
    billing_name: "Grace Hopper",
    billing_address1: "2 Compiler Lane",
    billing_address4: "Leeds",
    billing_postcode: "LS1 4AP",
    billing_email: "bills@example.com",
    last_billed_to_date: "2026-10-31",
    transfer_balance: "-12.50",
    customer_title: "Rear Admiral",
    customer_given_name: "Grace",
    customer_family_name: "Hopper",
    customer_salutation: "Dear Admiral Hopper",
    customer_email: "grace@example.com",
    customer_mobile: "07911 123456",
    customer_at_supply_address_from_date: "2025-01-01",
    elec_identifier: mpan,
    elec_mpid: "OCTO",
    elec_supply_start_date: "2025-01-01",
    elec_profile_class: "1",
    elec_ssc: "0393",
    elec_meter_serial_number: `E${mpan.slice(-6)}`,
    elec_register_ids: "1",
    elec_register_tprs: "00001",
    elec_register_digits: "5",
    elec_tariff_code: "E-1R-VAR-22-11-01-C",
    elec_effective_from: "2025-01-01",
    gas_identifier: mprn,
    gas_mpid: "OCTO",
    gas_shipper_mpid: "OCT",
    gas_supply_start_date: "2025-01-01",
    gas_meter_serial_number: `G${mprn.slice(-6)}`,
    gas_number_of_digits: "5",
    gas_tariff_code: "G-1R-VAR-22-11-01-C",
    gas_effective_from: "2025-01-01",
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
    expect(real.results[1]).toMatchObject({ ok: false, code: "import_process_does_not_exist" });
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
    const badPostcode = csvRecord({ billing_postcode: "NOT A POSTCODE" });
    const ownSupply = csvRecord({ billing_postcode: "NOPE 123", supply_address1: "9 Other Street", supply_postcode: "ALSO BAD" });
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records: [noExternal, badPostcode, ownSupply] });
    expect(results[0].errors).toEqual([expect.objectContaining({ column: "external_account_number", code: "required", detail: "external_account_number is required." })]);
    // Supply columns left blank mean "the billing address": its postcode is wrong in one place only.
    expect(results[1].errors.map((e) => [e.column, e.code])).toEqual([["billing_postcode", "invalid_postcode"]]);
    // A supply address the row gave itself is reported on its own column.
    expect(results[2].errors.map((e) => e.column).sort()).toEqual(["billing_postcode", "supply_postcode"]);
  });

  it("reports problems deep in a meter point on the column that filled them", async () => {
    const w = await consoleWorld(t.db);
    const records = [
      csvRecord({ elec_register_ids: "1;2", elec_register_tprs: "00001;2" }),
      csvRecord({ gas_shipper_mpid: "", elec_profile_class: "one" }),
      csvRecord({ elec_tariff_code: "", elec_effective_from: "" }),
      csvRecord({ elec_identifier: "1200060176721" }),
      csvRecord({ gas_tariff_code: "G-1R-NOPE-C" }),
    ];
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records });
    const found = (i: number) => results[i].errors.map((e) => [e.column, e.code, e.attr]);
    expect(found(0)).toEqual([["elec_register_tprs", "tpr_not_found", "supply_addresses.0.meter_points.0.meters.0.registers.1.tpr"]]);
    expect(found(1)).toEqual(
      expect.arrayContaining([
        ["gas_shipper_mpid", "required", "supply_addresses.0.meter_points.1.shipper_mpid"],
        ["elec_profile_class", "invalid_type", "supply_addresses.0.meter_points.0.profile_class"],
      ]),
    );
    expect(results[1].errors.find((e) => e.column === "elec_profile_class")?.detail).toBe("elec_profile_class takes a whole number.");
    expect(found(2)).toEqual([["elec_tariff_code", "meter_point_with_no_agreement", "supply_addresses.0.meter_points.0.agreements"]]);
    expect(found(3)).toEqual([["elec_identifier", "invalid_supply_point_identifier", "supply_addresses.0.meter_points.0.identifier"]]);
    // Refused after the schema passed (the catalogue has no such tariff): still on its column.
    expect(found(4)).toEqual([["gas_tariff_code", "tariff_code_not_found", "supply_addresses.0.meter_points.1.agreements.0.tariff_code"]]);
    expect(results.every((r) => !r.ok)).toBe(true);
  });

  it("stages a CSV row as production's EnergyAccount and imports it into the mapped fields", async () => {
    const w = await consoleWorld(t.db);
    const row = csvRecord();
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "csv", firstRow: 2, records: [row] });
    expect(results[0]).toMatchObject({ ok: true, created: true });
    const staged = await w.support.accountImport.get({ importSupplier: w.supplier.code, externalAccountNumber: row.external_account_number });
    expect(staged.payload).toMatchObject({
      import_supplier: w.supplier.code,
      billing_address1: "2 Compiler Lane",
      billing_address4: "Leeds",
      transfer_balance: "-12.50",
      customers: [{ given_name: "Grace", salutation: "Dear Admiral Hopper" }],
      supply_addresses: [{ supply_address1: "2 Compiler Lane", supply_postcode: "LS1 4AP", meter_points: [{ supply_type: "ELECTRICITY", identifier: row.elec_identifier }, { supply_type: "GAS", shipper_mpid: "OCT" }] }],
    });
    const [done] = (await w.operator.accountImport.processBatch({ importSupplier: w.supplier.code, externalAccountNumbers: [row.external_account_number] })).results;
    const account = await w.support.account.get({ accountNumber: done.accountNumber! });
    expect(account).toMatchObject({
      accountType: "DOMESTIC",
      salesChannel: "PRICE_COMPARISON",
      billingEmail: "bills@example.com",
      transferBalance: "-12.5",
      lastBilledToDate: "2026-10-31",
      openStatementPeriodStart: "2026-11-01",
      billingAddress: ["2 Compiler Lane", "Leeds", "LS1 4AP"],
    });
    const [elec, gas] = account.supplyAddresses[0].meterPoints;
    expect(elec).toMatchObject({ mpid: "OCTO", ssc: "0393", profileClass: 1, supplyStartDate: "2025-01-01", meters: [{ registers: [{ id: "1", tpr: "00001", digits: 5 }] }] });
    expect(gas).toMatchObject({ fuel: "gas", shipperMpid: "OCT", agreements: [{ tariffCode: "G-1R-VAR-22-11-01-C", effectiveFrom: "2025-01-01", effectiveTo: null }] });
  });

  it("names JSON Lines rows by their line, and takes accounts without supply addresses", async () => {
    const w = await consoleWorld(t.db);
    const { supply_addresses: _sa, ...noSupply } = accountPayload(w.supplier.code);
    const bad = accountPayload(w.supplier.code, uniq("EXT"), { billing_postcode: "NOPE" });
    const { results } = await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 3, rows: [3, 7], records: [noSupply, bad] });
    expect(results.map((r) => [r.row, r.ok])).toEqual([
      [3, true],
      [7, false],
    ]);
    expect(results[1].errors).toEqual([expect.objectContaining({ attr: "billing_postcode", code: "invalid_postcode", column: null })]);
    expect(await codeOf(w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, rows: [1], records: [noSupply, bad] }))).toBe("BAD_REQUEST");
  });

  it("shows a failed import's payload as a tree with each stored error at its path", async () => {
    const w = await consoleWorld(t.db);
    const first = accountPayload(w.supplier.code);
    const mpan = (first.supply_addresses[0].meter_points[0] as { identifier: string }).identifier;
    const second = accountPayload(w.supplier.code, uniq("EXT"));
    (second.supply_addresses[0].meter_points[0] as { identifier: string }).identifier = mpan;
    await w.operator.accountImport.stageRows({ importSupplier: w.supplier.code, format: "json", firstRow: 1, records: [first, second] });
    const { results } = await w.operator.accountImport.processBatch({ importSupplier: w.supplier.code, externalAccountNumbers: [first.external_account_number, second.external_account_number] });
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    const record = await w.support.accountImport.get({ importSupplier: w.supplier.code, externalAccountNumber: second.external_account_number });
    expect(record.status).toBe("failed");
    const attr = "supply_addresses.0.meter_points.0.identifier";
    expect(record.errors).toEqual([expect.objectContaining({ attr, code: "supply_point_on_another_account" })]);
    const at = (path: string) => path.split(".").reduce((n, k) => n?.children?.find((c) => c.key === k), record.tree as typeof record.tree | undefined);
    expect(at(attr)).toMatchObject({ path: attr, value: mpan });
    expect(at("import_supplier")).toMatchObject({ value: w.supplier.code });
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
