import { describe, expect, it } from "vitest";
import { ServiceError } from "@/server/errors";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { ACCOUNT_CSV_COLUMNS } from "@/server/services/accounts/account-csv";
import { prepareRow, refusalErrors } from "@/server/services/import-jobs/row-payload";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, meterIds } from "@/test/factories";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

type World = Awaited<ReturnType<typeof consoleWorld>>;

/**
 * Rows staged as an import job stages each (the job's own row preparation: a CSV row mapped by
 * its columns, a JSON line as sent; then staging), so what the console's records pages show
 * is what a job leaves behind. Each result: its row, whether it was staged, its errors at their columns.
 */
async function stageRows(w: World, format: "csv" | "json", records: Record<string, unknown>[], firstRow = 1) {
  const results = [];
  for (const [i, record] of records.entries()) {
    results.push(
      await (async () => {
        const prepared = prepareRow(format === "csv" ? "csv" : "jsonl", w.supplier.code, {
          record,
          fixedPayload: null,
        });
        if (!prepared.data) return { row: firstRow + i, ok: false, errors: prepared.errors };
        try {
          await stageAccount(w.org.ctx, prepared.data);
          return { row: firstRow + i, ok: true, errors: [] };
        } catch (err) {
          if (!(err instanceof ServiceError)) throw err;
          return { row: firstRow + i, ok: false, errors: refusalErrors(err, prepared.columnOf) };
        }
      })(),
    );
  }
  return results;
}

/** Staged accounts imported as a job imports each: the account number of each, or null where the import was refused. */
async function importStaged(w: World, externals: string[]) {
  const out: (string | null)[] = [];
  for (const external of externals) {
    const done = await processAccountImport(w.org.ctx, {
      import_supplier: w.supplier.code,
      external_account_number: external,
      dry_run: false,
    }).catch((err) => {
      if (err instanceof ServiceError) return null;
      throw err;
    });
    out.push(done?.account_number ?? null);
  }
  return out;
}

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
  it("lists CSV rows staged as a job stages them, a bad row's errors at its row and column", async () => {
    const w = await consoleWorld(t.db);
    const good = csvRecord();
    const bad = csvRecord({ customer_landline: "12345" });
    const results = await stageRows(w, "csv", [good, bad], 2);
    expect(results[0]).toMatchObject({ row: 2, ok: true });
    expect(results[1]).toMatchObject({ row: 3, ok: false });
    expect(results[1].errors).toContainEqual(
      expect.objectContaining({
        attr: "customers.0.landline",
        column: "customer_landline",
        code: "invalid_phone_number",
      }),
    );
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
    const results = await stageRows(w, "json", [
      ok,
      noSupplier,
      elsewhere,
      extra,
      null as unknown as Record<string, unknown>,
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, false, false, false]);
    expect(results[2].errors[0].code).toBe("import_supplier_mismatch");
    expect(results[3].errors).toContainEqual(expect.objectContaining({ attr: "colour", code: "unknown_field" }));
    expect(results[4].errors[0].code).toBe("parse_error");
  });

  it("lists staged and imported accounts by status, with each day's activity and each record's history", async () => {
    const w = await consoleWorld(t.db);
    const a = accountPayload(w.supplier.code);
    const b = accountPayload(w.supplier.code);
    await stageRows(w, "json", [a, b]);
    expect((await w.support.accountImport.list({ importSupplier: w.supplier.code, status: "imported" })).total).toBe(0);
    const [number] = await importStaged(w, [a.external_account_number]);
    expect(number).toMatch(/^A-[0-9A-F]{8}$/);
    const imported = await w.support.accountImport.list({ importSupplier: w.supplier.code, status: "imported" });
    expect(imported.items.map((i) => [i.externalAccountNumber, i.accountNumber])).toEqual([
      [a.external_account_number, number],
    ]);
    const staged = await w.support.accountImport.list({ importSupplier: w.supplier.code, status: "staged" });
    expect(staged.items.map((i) => i.externalAccountNumber)).toEqual([b.external_account_number]);
    const activity = await w.support.accountImport.activity({ importSupplier: w.supplier.code, days: 7 });
    expect(activity).toHaveLength(7);
    expect(activity[6]).toMatchObject({ staged: 2, imported: 1, failed: 0 });
    const detail = await w.support.accountImport.get({
      importSupplier: w.supplier.code,
      externalAccountNumber: a.external_account_number,
    });
    expect(detail.history.map((h) => h.type)).toEqual(["data_import.import_process.complete"]);
  });

  it("pages, sorts and searches on the server", async () => {
    const w = await consoleWorld(t.db);
    const prefix = uniq("PG");
    const records = Array.from({ length: 5 }, (_, i) => accountPayload(w.supplier.code, `${prefix}-${i}`));
    await stageRows(w, "json", records);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await w.support.accountImport.list({
        importSupplier: w.supplier.code,
        sort: "external_account_number",
        direction: "asc",
        limit: 2,
        cursor,
        search: prefix,
      });
      expect(page.total).toBe(5);
      seen.push(...page.items.map((i) => i.externalAccountNumber));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(records.map((r) => r.external_account_number));
    expect(await codeOf(w.support.accountImport.list({ importSupplier: w.supplier.code, cursor: "garbage" }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("shows another organisation nothing", async () => {
    const w = await consoleWorld(t.db);
    expect(await codeOf(w.outsider.accountImport.list({ importSupplier: w.supplier.code }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.accountImport.activity({ importSupplier: w.supplier.code }))).toBe("NOT_FOUND");
    expect((await w.support.accountImport.list({ importSupplier: w.supplier.code })).total).toBe(0);
  });

  it("says which CSV column is missing, in words, and reports a copied billing address once", async () => {
    const w = await consoleWorld(t.db);
    const { external_account_number: _e, ...noExternal } = csvRecord();
    const badPostcode = csvRecord({ billing_postcode: "NOT A POSTCODE" });
    const ownSupply = csvRecord({
      billing_postcode: "NOPE 123",
      supply_address1: "9 Other Street",
      supply_postcode: "ALSO BAD",
    });
    const results = await stageRows(w, "csv", [noExternal, badPostcode, ownSupply], 2);
    expect(results[0].errors).toEqual([
      expect.objectContaining({
        column: "external_account_number",
        code: "required",
        detail: "external_account_number is required.",
      }),
    ]);
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
    const results = await stageRows(w, "csv", records, 2);
    const found = (i: number) => results[i].errors.map((e) => [e.column, e.code, e.attr]);
    expect(found(0)).toEqual([
      ["elec_register_tprs", "tpr_not_found", "supply_addresses.0.meter_points.0.meters.0.registers.1.tpr"],
    ]);
    expect(found(1)).toEqual(
      expect.arrayContaining([
        ["gas_shipper_mpid", "required", "supply_addresses.0.meter_points.1.shipper_mpid"],
        ["elec_profile_class", "invalid_type", "supply_addresses.0.meter_points.0.profile_class"],
      ]),
    );
    expect(results[1].errors.find((e) => e.column === "elec_profile_class")?.detail).toBe(
      "elec_profile_class takes a whole number.",
    );
    expect(found(2)).toEqual([
      ["elec_tariff_code", "meter_point_with_no_agreement", "supply_addresses.0.meter_points.0.agreements"],
    ]);
    expect(found(3)).toEqual([
      ["elec_identifier", "invalid_supply_point_identifier", "supply_addresses.0.meter_points.0.identifier"],
    ]);
    // Refused after the schema passed (the catalogue has no such tariff): still on its column.
    expect(found(4)).toEqual([
      ["gas_tariff_code", "tariff_code_not_found", "supply_addresses.0.meter_points.1.agreements.0.tariff_code"],
    ]);
    expect(results.every((r) => !r.ok)).toBe(true);
  });

  it("stages a CSV row as production's EnergyAccount and imports it into the mapped fields", async () => {
    const w = await consoleWorld(t.db);
    const row = csvRecord();
    const results = await stageRows(w, "csv", [row], 2);
    expect(results[0]).toMatchObject({ ok: true });
    const staged = await w.support.accountImport.get({
      importSupplier: w.supplier.code,
      externalAccountNumber: row.external_account_number,
    });
    expect(staged.payload).toMatchObject({
      import_supplier: w.supplier.code,
      billing_address1: "2 Compiler Lane",
      billing_address4: "Leeds",
      transfer_balance: "-12.50",
      customers: [{ given_name: "Grace", salutation: "Dear Admiral Hopper" }],
      supply_addresses: [
        {
          supply_address1: "2 Compiler Lane",
          supply_postcode: "LS1 4AP",
          meter_points: [
            { supply_type: "ELECTRICITY", identifier: row.elec_identifier },
            { supply_type: "GAS", shipper_mpid: "OCT" },
          ],
        },
      ],
    });
    const [number] = await importStaged(w, [row.external_account_number]);
    const account = await w.support.account.get({ accountNumber: number! });
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
    expect(elec).toMatchObject({
      mpid: "OCTO",
      ssc: "0393",
      profileClass: 1,
      supplyStartDate: "2025-01-01",
      meters: [{ registers: [{ id: "1", tpr: "00001", digits: 5 }] }],
    });
    expect(gas).toMatchObject({
      fuel: "gas",
      shipperMpid: "OCT",
      agreements: [{ tariffCode: "G-1R-VAR-22-11-01-C", effectiveFrom: "2025-01-01", effectiveTo: null }],
    });
  });

  it("takes JSON accounts without supply addresses, and reports a bad one's field without a column", async () => {
    const w = await consoleWorld(t.db);
    const { supply_addresses: _sa, ...noSupply } = accountPayload(w.supplier.code);
    const bad = accountPayload(w.supplier.code, uniq("EXT"), { billing_postcode: "NOPE" });
    const results = await stageRows(w, "json", [noSupply, bad], 3);
    expect(results.map((r) => [r.row, r.ok])).toEqual([
      [3, true],
      [4, false],
    ]);
    expect(results[1].errors).toEqual([
      expect.objectContaining({ attr: "billing_postcode", code: "invalid_postcode", column: null }),
    ]);
  });

  it("shows a failed import's payload as a tree with each stored error at its path", async () => {
    const w = await consoleWorld(t.db);
    const first = accountPayload(w.supplier.code);
    const mpan = (first.supply_addresses[0].meter_points[0] as { identifier: string }).identifier;
    const second = accountPayload(w.supplier.code, uniq("EXT"));
    (second.supply_addresses[0].meter_points[0] as { identifier: string }).identifier = mpan;
    await stageRows(w, "json", [first, second]);
    const numbers = await importStaged(w, [first.external_account_number, second.external_account_number]);
    expect(numbers.map((n) => n !== null)).toEqual([true, false]);
    const record = await w.support.accountImport.get({
      importSupplier: w.supplier.code,
      externalAccountNumber: second.external_account_number,
    });
    expect(record.status).toBe("failed");
    const attr = "supply_addresses.0.meter_points.0.identifier";
    expect(record.errors).toEqual([expect.objectContaining({ attr, code: "supply_point_on_another_account" })]);
    const at = (path: string) =>
      path
        .split(".")
        .reduce((n, k) => n?.children?.find((c) => c.key === k), record.tree as typeof record.tree | undefined);
    expect(at(attr)).toMatchObject({ path: attr, value: mpan });
    expect(at("import_supplier")).toMatchObject({ value: w.supplier.code });
  });

  it("pages back with prevCursor/before, so a page can be linked to and stepped back from", async () => {
    const w = await consoleWorld(t.db);
    const prefix = uniq("BK");
    const records = Array.from({ length: 5 }, (_, i) => accountPayload(w.supplier.code, `${prefix}-${i}`));
    await stageRows(w, "json", records);
    const base = {
      importSupplier: w.supplier.code,
      sort: "external_account_number" as const,
      direction: "asc" as const,
      limit: 2,
      search: prefix,
    };
    const names = (p: { items: { externalAccountNumber: string }[] }) =>
      p.items.map((i) => i.externalAccountNumber.slice(-1));
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
    expect(
      await codeOf(w.support.accountImport.list({ ...base, cursor: first.nextCursor, before: first.nextCursor })),
    ).toBe("BAD_REQUEST");
  });
});
