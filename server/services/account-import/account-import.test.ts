import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { transferStatusHandler as transferStatus } from "@/server/rest/routes/account-import";
import { pendingImportProcessesHandler as pendingList } from "@/server/rest/routes/account-import";
import { importedImportProcessesHandler as importedList } from "@/server/rest/routes/account-import";
import { accounts, events, meterPoints } from "@/db/schema";
import { setSupplierStatus } from "@/server/services/suppliers/set-supplier-status";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";

async function setup() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  return { org, supplier, auth: `Token ${org.apiKey}` };
}

describe("staging and importing accounts", () => {
  it("stages (201), updates (200), imports (201 A-XXXXXXXX) and reports status", async () => {
    const { org, supplier, auth } = await setup();
    const body = accountPayload(supplier.code);
    const first = await call(stage, STAGE, { body, auth });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({
      external_account_number: body.external_account_number,
      import_supplier_code: supplier.code,
    });
    const again = await call(stage, STAGE, { body: { ...body, billing_name: "Ada King" }, auth });
    expect(again.status).toBe(200);

    const pending = await call(pendingList, `/v1/data-import/pending-account-import-processes/${supplier.code}/`, {
      auth,
      params: { supplier: supplier.code },
    });
    expect(pending.json).toEqual([
      { external_account_number: body.external_account_number, kraken_account_number: null, account_created_at: null },
    ]);

    const imported = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: body.external_account_number },
      auth,
    });
    expect(imported.status).toBe(201);
    expect(imported.json.kraken_account_number).toMatch(/^A-[0-9A-F]{8}$/);
    expect(imported.json).toEqual({
      external_account_number: body.external_account_number,
      kraken_account_number: imported.json.kraken_account_number,
      account_number: imported.json.kraken_account_number,
    });

    const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, imported.json.account_number));
    expect(acc).toMatchObject({
      billingName: "Ada King",
      openStatementPeriodStart: "2026-11-01",
      billingPostcode: "SW1A 1AA",
    });
    const mps = await t.db.select().from(meterPoints).where(eq(meterPoints.accountId, acc.id));
    expect(mps.map((m) => m.fuel).sort()).toEqual(["electricity", "gas"]);

    const status = await call(transferStatus, "/x", {
      auth,
      params: { supplier: supplier.code, external: body.external_account_number },
    });
    expect(status.json).toEqual({
      status: "COMPLETED",
      kraken_account_number: imported.json.account_number,
      account_number: imported.json.account_number,
    });
    const list = await call(importedList, "/x", { auth, params: { supplier: supplier.code } });
    expect(list.json[0]).toMatchObject({
      external_account_number: body.external_account_number,
      kraken_account_number: imported.json.account_number,
    });

    const evs = await t.db.select().from(events).where(eq(events.accountNumber, imported.json.account_number));
    expect(evs.map((e) => e.type).sort()).toEqual([
      "account.created",
      "agreement.created",
      "agreement.created",
      "data_import.import_process.complete",
    ]);
    expect(evs.find((e) => e.type === "account.created")!.payload).toMatchObject({
      is_imported: true,
      account_user_emails: ["ada@example.com"],
    });
    expect(org.id).toBeGreaterThan(0);
  });

  it("refuses re-staging and re-importing an imported account with production's AccountAlreadyImportedResponse", async () => {
    const { supplier, auth } = await setup();
    const body = accountPayload(supplier.code);
    await call(stage, STAGE, { body, auth });
    const imported = await call(processRoute, PROCESS, {
      body: { import_supplier: supplier.code, external_account_number: body.external_account_number },
      auth,
    });
    expect(imported.status).toBe(201);
    const detail = `The account import process with the account number ${body.external_account_number} has already been imported.`;
    for (const [route, url, b] of [
      [stage, STAGE, body],
      [
        processRoute,
        PROCESS,
        { import_supplier_code: supplier.code, external_account_number: body.external_account_number },
      ],
    ] as const) {
      const res = await call(route, url, { body: b, auth });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        external_account_number: body.external_account_number,
        kraken_account_number: imported.json.kraken_account_number,
        non_field_errors: [detail],
        detail,
        code: "account_already_imported",
        errors: [],
        import_supplier: supplier.code,
      });
    }
  });

  it("dry_run runs the import and rolls it back: production's 400, nothing kept, a dry-run event", async () => {
    const { org, supplier, auth } = await setup();
    const body = accountPayload(supplier.code);
    await call(stage, STAGE, { body, auth });
    const res = await call(processRoute, PROCESS, {
      body: {
        import_supplier_code: supplier.code,
        external_account_number: body.external_account_number,
        dry_run: true,
      },
      auth,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      detail: "Account would successfully import. Rolled back due to Dry Run.",
      code: "400",
      errors: [],
    });
    const rows = await t.db
      .select()
      .from(accounts)
      .where(
        and(eq(accounts.supplierId, supplier.id), eq(accounts.externalAccountNumber, body.external_account_number)),
      );
    expect(rows).toHaveLength(0);
    const status = await call(transferStatus, "/x", {
      auth,
      params: { supplier: supplier.code, external: body.external_account_number },
    });
    expect(status.json).toEqual({ status: "UNKNOWN", kraken_account_number: "", account_number: "" });
    const evs = await t.db.select().from(events).where(eq(events.organisationId, org.id));
    const mine = evs.filter(
      (e) => (e.payload as { external_identifier?: string }).external_identifier === body.external_account_number,
    );
    expect(mine.map((e) => e.type)).toEqual(["data_import.import_process.dry_run_complete"]);
    expect(evs.some((e) => e.type === "account.created" || e.type === "agreement.created")).toBe(false);
    // The real run afterwards still imports it.
    const real = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: body.external_account_number },
      auth,
    });
    expect(real.status).toBe(201);
  });

  it("process/ with nothing staged is production's 400 import_process_does_not_exist; a body without a supplier is refused", async () => {
    const { supplier, auth } = await setup();
    const res = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: "NEVER-STAGED" },
      auth,
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "import_process_does_not_exist",
      errors: [expect.objectContaining({ code: "import_process_does_not_exist", attr: "external_account_number" })],
    });
    const none = await call(processRoute, PROCESS, { body: { external_account_number: "X" }, auth });
    expect(none.status).toBe(400);
    expect(none.json.errors).toEqual([expect.objectContaining({ code: "required", attr: "import_supplier_code" })]);
    const both = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, import_supplier: "OTHER", external_account_number: "X" },
      auth,
    });
    expect(both.status).toBe(400);
    expect(both.json.errors).toEqual([expect.objectContaining({ attr: "import_supplier" })]);
  });

  it("rejects bad phone numbers with account_failed_validation and item errors", async () => {
    const { supplier, auth } = await setup();
    const body = accountPayload(supplier.code, uniq("EXT"), {
      customers: [{ given_name: "A", family_name: "B", landline: "12345" }],
    });
    const res = await call(stage, STAGE, { body, auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("account_failed_validation");
    expect(res.json.errors).toContainEqual(
      expect.objectContaining({ code: "invalid_phone_number", attr: "customers.0.landline" }),
    );
  });

  it("rejects a bad MPAN check digit, a bad postcode, an unknown field, and a blank supply address line", async () => {
    const { supplier, auth } = await setup();
    const body = accountPayload(supplier.code) as any;
    const mpan: string = body.supply_addresses[0].meter_points[0].identifier;
    body.supply_addresses[0].meter_points[0].identifier = mpan.slice(0, 12) + ((Number(mpan[12]) + 1) % 10);
    body.billing_postcode = "NOT A POSTCODE";
    body.surprise = 1;
    body.supply_addresses[0].supply_address1 = " ";
    const res = await call(stage, STAGE, { body, auth });
    expect(res.status).toBe(400);
    const byAttr = Object.fromEntries(res.json.errors.map((e: any) => [e.attr, e.code]));
    expect(byAttr).toEqual({
      "supply_addresses.0.meter_points.0.identifier": "invalid_supply_point_identifier",
      billing_postcode: "invalid_postcode",
      surprise: "unknown_field",
      "supply_addresses.0.supply_address1": "blank",
    });
  });

  it("takes payment_preferences of each type, and says which field of a decimal, an enum or the business object is wrong", async () => {
    const { supplier, auth } = await setup();
    const prefs = [
      {
        type: "ACTIVE_EXISTING",
        ledger_identifier: "MAIN",
        instruction_reference_params: { vendor_name: "STRIPE", vendor_reference: "pm_123" },
      },
      {
        type: "ACTIVE_NEW",
        ledger_identifier: "MAIN",
        instruction_reference_params: { instruction_identifier: "INS-1" },
      },
      { type: "PASSIVE", ledger_identifier: "MAIN" },
    ];
    expect(
      (
        await call(stage, STAGE, {
          body: accountPayload(supplier.code, uniq("EXT"), { payment_preferences: prefs }),
          auth,
        })
      ).status,
    ).toBe(201);
    const wrongChoice = await call(stage, STAGE, {
      body: accountPayload(supplier.code, uniq("EXT"), {
        payment_preferences: [{ type: "SOMETIMES", ledger_identifier: "MAIN" }],
      }),
      auth,
    });
    expect(wrongChoice.json.errors).toEqual([
      expect.objectContaining({ code: "invalid_choice", attr: "payment_preferences.0.type" }),
    ]);

    const body = accountPayload(supplier.code) as any;
    body.supply_addresses[0].meter_points[0].meters[0].transfer_readings[0].reading_value = undefined;
    body.transfer_balance = true;
    body.smart_read_frequency = undefined;
    body.payment_schedules = [{ start_date: "2025-01-01" }];
    body.account_type = "BUSINESS";
    body.business = { company_name: "Engines Ltd", company_numbr: "01234567" };
    const res = await call(stage, STAGE, { body, auth });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      { attr: "business.company_numbr", code: "unknown_field", detail: "Unknown field 'company_numbr'." },
      { attr: "payment_schedules.0.means", code: "required", detail: "This field is required." },
      {
        attr: "supply_addresses.0.meter_points.0.meters.0.transfer_readings.0.reading_value",
        code: "required",
        detail: "This field is required.",
      },
      { attr: "transfer_balance", code: "invalid_type", detail: "Expected a string or a number, got a boolean." },
    ]);
  });

  it("refuses staging and importing under a Paused or Complete supplier", async () => {
    const { org, supplier, auth } = await setup();
    const body = accountPayload(supplier.code);
    await call(stage, STAGE, { body, auth });
    await setSupplierStatus(org.ctx, { code: supplier.code, status: "Paused" });
    const staged = await call(stage, STAGE, { body: accountPayload(supplier.code), auth });
    expect(staged.status).toBe(400);
    expect(staged.json.code).toBe("import_supplier_migration_not_ongoing");
    const processed = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: body.external_account_number },
      auth,
    });
    expect(processed.status).toBe(400);
    expect(processed.json.code).toBe("import_supplier_migration_not_ongoing");
    const errs = await t.db.select().from(events).where(eq(events.type, "data_import.import_process.error"));
    expect(errs.some((e) => e.payload.external_identifier === body.external_account_number)).toBe(true);
  });

  it("answers malformed JSON, non-objects, missing and bad credentials with the error shape", async () => {
    const { supplier, auth } = await setup();
    const bad = await call(stage, STAGE, { rawBody: "{not json", auth });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "parse_error", errors: [] });
    const arr = await call(stage, STAGE, { rawBody: "[1,2]", auth });
    expect(arr.status).toBe(400);
    const none = await call(stage, STAGE, { body: accountPayload(supplier.code) });
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ code: "authentication_required", errors: [] });
    const wrong = await call(stage, STAGE, {
      body: accountPayload(supplier.code),
      auth: "Token sk_live_notarealkeynotarealkey",
    });
    expect(wrong.status).toBe(401);
  });

  it("treats another organisation's supplier exactly like a missing one", async () => {
    const { supplier } = await setup();
    const other = await makeOrg(t.db, "Other Energy");
    const res = await call(stage, STAGE, { body: accountPayload(supplier.code), auth: `Token ${other.apiKey}` });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("import_supplier_not_found");
  });

  it("refuses agreements on tariffs the catalogue does not know", async () => {
    const { supplier, auth } = await setup();
    const body = accountPayload(supplier.code) as any;
    body.supply_addresses[0].meter_points[1].agreements[0].tariff_code = "G-1R-NOPE-C";
    const res = await call(stage, STAGE, { body, auth });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "account_failed_validation" });
    expect(res.json.errors).toEqual([
      expect.objectContaining({
        code: "tariff_code_not_found",
        attr: "supply_addresses.0.meter_points.1.agreements.0.tariff_code",
      }),
    ]);
  });
});
