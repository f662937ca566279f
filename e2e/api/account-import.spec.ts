import { accountBody, expect, freshMeter, test, unique } from "../fixtures";

// Production's account-import API against the production build: production's EnergyAccount,
// process/ with import_supplier_code, the status and list routes, and v2's scheduled imports
// run by the served app's own worker.
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";
const V2 = "/v2/data-import/accounts/";

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

test.describe("account import (v1)", () => {
  test("staging production's EnergyAccount: 201 then 200, validate-account echoes, errors at production's paths", async ({
    script,
    seed,
  }) => {
    const supplier = seed.suppliers.ongoing;
    const external = unique("E2E-STAGE");
    const body = accountBody(supplier, external);
    const first = await script.post(STAGE, { data: body });
    expect(first.status()).toBe(201);
    expect(await first.json()).toEqual({ external_account_number: external, import_supplier_code: supplier });
    expect((await script.post(STAGE, { data: body })).status()).toBe(200);

    const valid = await script.post("/v1/data-import/validate-account/", { data: body });
    expect(valid.status()).toBe(200);
    expect(await valid.json()).toMatchObject({
      import_supplier: supplier,
      external_account_number: external,
      supply_addresses: [{ meter_points: [{ supply_type: "ELECTRICITY" }, { supply_type: "GAS" }] }],
    });

    const bad = accountBody(supplier, unique("E2E-BAD"));
    bad.supply_addresses[0].meter_points[1].identifier = "12";
    const refused = await script.post(STAGE, { data: { ...bad, billing_adress1: "typo" } });
    expect(refused.status()).toBe(400);
    const json = await refused.json();
    expect(json.code).toBe("account_failed_validation");
    expect(json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          attr: "supply_addresses.0.meter_points.1.identifier",
          code: "invalid_supply_point_identifier",
        }),
        expect.objectContaining({ attr: "billing_adress1", code: "unknown_field" }),
      ]),
    );
    // An account with a billing address and no supply addresses is valid here.
    const { supply_addresses: _none, ...noSupply } = accountBody(supplier, unique("E2E-NOSUPPLY"));
    expect((await script.post(STAGE, { data: noSupply })).status()).toBe(201);
  });

  test("process/ with import_supplier_code: dry run 400, import 201, then already imported; transfer status and lists follow", async ({
    script,
    seed,
  }) => {
    const supplier = seed.suppliers.ongoing;
    const external = unique("E2E-PROC");
    expect((await script.post(STAGE, { data: accountBody(supplier, external) })).status()).toBe(201);
    const status = async () =>
      (await script.get(`/v1/data-import/account-transfer-status/${supplier}/${external}/`)).json();
    expect(await status()).toEqual({ status: "UNKNOWN", kraken_account_number: "", account_number: "" });
    const pending = await (await script.get(`/v1/data-import/pending-account-import-processes/${supplier}/`)).json();
    expect(pending).toContainEqual({
      external_account_number: external,
      kraken_account_number: null,
      account_created_at: null,
    });

    const ref = { import_supplier_code: supplier, external_account_number: external };
    const dry = await script.post(PROCESS, { data: { ...ref, dry_run: true } });
    expect(dry.status()).toBe(400);
    expect(await dry.json()).toMatchObject({
      detail: "Account would successfully import. Rolled back due to Dry Run.",
      code: "400",
    });

    const done = await script.post(PROCESS, { data: ref });
    expect(done.status()).toBe(201);
    const created = await done.json();
    expect(created).toEqual({
      external_account_number: external,
      kraken_account_number: expect.stringMatching(/^A-[0-9A-F]{8}$/),
      account_number: created.kraken_account_number,
    });
    expect(await status()).toEqual({
      status: "COMPLETED",
      kraken_account_number: created.kraken_account_number,
      account_number: created.kraken_account_number,
    });

    const again = await script.post(PROCESS, {
      data: { import_supplier: supplier, external_account_number: external },
    });
    expect(again.status()).toBe(400);
    expect(await again.json()).toMatchObject({
      external_account_number: external,
      kraken_account_number: created.kraken_account_number,
      non_field_errors: [expect.stringContaining("has already been imported")],
    });
    const nothing = await script.post(PROCESS, { data: { ...ref, external_account_number: unique("E2E-NONE") } });
    expect(nothing.status()).toBe(400);
    expect((await nothing.json()).code).toBe("import_process_does_not_exist");

    const imported = await (await script.get(`/v1/data-import/imported-account-import-processes/${supplier}/`)).json();
    expect(imported).toContainEqual({
      external_account_number: external,
      kraken_account_number: created.kraken_account_number,
      account_created_at: expect.any(String),
    });
    const all = await (await script.get(`/v1/data-import/all-account-import-processes/${supplier}/`)).json();
    expect(
      Array.isArray(all) &&
        all.some((p: { external_account_number: string }) => p.external_account_number === external),
    ).toBe(true);
    const page = await script.get(`/v1/data-import/all-account-import-processes/${supplier}/?page_size=1`);
    expect(await page.json()).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers().link ?? "")?.[1];
    expect(next).toBeTruthy();
    expect(await (await script.get(next!)).json()).toHaveLength(1);
    expect((await script.get(`/v1/data-import/account-transfer-status/${supplier}/${unique("NOPE")}/`)).status()).toBe(
      404,
    );
  });

  test("meterpoint statuses: PRE_REGISTRATION until registration is asked for, then REGISTRATION_REQUESTED; 404 {error}", async ({
    script,
    seed,
  }) => {
    const supplier = seed.suppliers.ongoing;
    const external = unique("E2E-MPS");
    const meter = freshMeter();
    await script.post(STAGE, { data: accountBody(supplier, external, meter) });
    expect(
      (
        await script.post(PROCESS, { data: { import_supplier_code: supplier, external_account_number: external } })
      ).status(),
    ).toBe(201);
    const path = `/v1/data-import/meterpoint-statuses-for-account/${supplier}/${external}/`;
    expect(await (await script.get(path)).json()).toEqual([
      { mpxn: meter.mpan, status: "PRE_REGISTRATION" },
      { mpxn: meter.mprn, status: "PRE_REGISTRATION" },
    ]);
    expect((await script.post(`/v1/data-import/send-registration-flows/${supplier}/${external}/`)).status()).toBe(200);
    expect((await (await script.get(path)).json()).map((m: { status: string }) => m.status)).toEqual([
      "REGISTRATION_REQUESTED",
      "REGISTRATION_REQUESTED",
    ]);
    const missing = await script.get(`/v1/data-import/meterpoint-statuses-for-account/${supplier}/${unique("NOPE")}/`);
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: expect.stringContaining("No meterpoints found") });
  });

  test("every account-import route answers 401 without credentials", async ({ request, seed }) => {
    const s = seed.suppliers.ongoing;
    for (const [method, path] of [
      ["post", STAGE],
      ["post", PROCESS],
      ["post", "/v1/data-import/validate-account/"],
      ["get", `/v1/data-import/account-transfer-status/${s}/X/`],
      ["get", `/v1/data-import/all-account-import-processes/${s}/`],
      ["get", `/v1/data-import/meterpoint-statuses-for-account/${s}/X/`],
      ["post", V2],
      ["get", `${V2}${s}/X/`],
      ["post", `${V2}validate/`],
    ] as const) {
      const res = method === "post" ? await request.post(path, { data: {} }) : await request.get(path);
      expect(res.status(), path).toBe(401);
    }
  });
});

test.describe("account import (v2, scheduled)", () => {
  const importStatus = async (
    script: import("@playwright/test").APIRequestContext,
    supplier: string,
    external: string,
  ) => {
    const res = await script.get(`${V2}${supplier}/${external}/`);
    expect(res.status()).toBe(200);
    return res.json();
  };

  test("POST schedules (201, no body) and the served app's worker imports it: PENDING, then PROCESSED", async ({
    script,
    seed,
  }) => {
    const supplier = seed.suppliers.ongoing;
    const external = unique("E2E-V2");
    const res = await script.post(V2, {
      data: {
        payload: accountBody(supplier, external),
        task_params: { schedule_window_start: inSeconds(3), schedule_window_end: inSeconds(3600) },
      },
    });
    expect(res.status()).toBe(201);
    expect(await res.text()).toBe("");
    const waiting = await importStatus(script, supplier, external);
    expect(waiting).toMatchObject({
      status: "PENDING",
      kraken_identifier: null,
      latest_error: null,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_SCHEDULED" },
    });
    expect(
      (await (await script.get(`/v1/data-import/account-transfer-status/${supplier}/${external}/`)).json()).status,
    ).toBe("IN_PROGRESS");

    await expect
      .poll(async () => (await importStatus(script, supplier, external)).status, { timeout: 30_000, intervals: [500] })
      .toBe("PROCESSED");
    const done = await importStatus(script, supplier, external);
    expect(done).toMatchObject({
      kraken_identifier: expect.stringMatching(/^A-[0-9A-F]{8}$/),
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED" },
      latest_error: null,
    });
    expect(
      await (await script.get(`/v1/data-import/account-transfer-status/${supplier}/${external}/`)).json(),
    ).toMatchObject({ status: "COMPLETED", kraken_account_number: done.kraken_identifier });

    const again = await script.post(V2, { data: accountBody(supplier, external) });
    expect(again.status()).toBe(400);
    expect(await again.json()).toMatchObject({
      non_field_errors: { code: "account_import_process_already_imported" },
      account_id: done.kraken_identifier,
    });
  });

  test("a flat EnergyAccount body is scheduled at once; is_dry_run ends DRY_RUN_SUCCEEDED with no account", async ({
    script,
    seed,
  }) => {
    const supplier = seed.suppliers.ongoing;
    const flat = unique("E2E-V2FLAT");
    const dry = unique("E2E-V2DRY");
    expect((await script.post(V2, { data: accountBody(supplier, flat) })).status()).toBe(201);
    expect(
      (
        await script.post(V2, { data: { payload: accountBody(supplier, dry), task_params: { is_dry_run: true } } })
      ).status(),
    ).toBe(201);
    await expect
      .poll(async () => (await importStatus(script, supplier, flat)).status, { timeout: 30_000, intervals: [500] })
      .toBe("PROCESSED");
    await expect
      .poll(async () => (await importStatus(script, supplier, dry)).status, { timeout: 30_000, intervals: [500] })
      .toBe("DRY_RUN_SUCCEEDED");
    expect(await importStatus(script, supplier, dry)).toMatchObject({
      kraken_identifier: null,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_SUCCEEDED" },
    });
  });

  test("400s: task_params outside production's rules, the account's errors at its own paths; 404 not_found", async ({
    script,
    seed,
  }) => {
    const supplier = seed.suppliers.ongoing;
    const window = await script.post(V2, {
      data: {
        payload: accountBody(supplier, unique("E2E-V2W")),
        task_params: { schedule_window_start: inSeconds(-600), schedule_window_end: inSeconds(10 * 86_400) },
      },
    });
    expect(window.status()).toBe(400);
    const body = await window.json();
    expect(body).toMatchObject({ code: "import_process_failed_validation", domain: "import_process" });
    expect(body.errors.map((e: { attr: string; code: string }) => [e.attr, e.code])).toEqual([
      ["task_params.schedule_window_start", "schedule_window_start_in_past"],
      ["task_params.schedule_window_end", "schedule_window_end_too_far_in_future"],
    ]);
    const bad = accountBody(supplier, unique("E2E-V2BAD"));
    bad.supply_addresses[0].meter_points[1].identifier = "12";
    const refused = await script.post(V2, { data: { payload: bad, task_params: {} } });
    expect((await refused.json()).errors).toContainEqual(
      expect.objectContaining({
        attr: "supply_addresses.0.meter_points.1.identifier",
        code: "invalid_supply_point_identifier",
      }),
    );
    const missing = await script.get(`${V2}${supplier}/${unique("NOPE")}/`);
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found", detail: expect.any(String) });
  });

  test("validate: 200 with no body, or the contract's error shape; nothing staged", async ({ script, seed }) => {
    const supplier = seed.suppliers.ongoing;
    const external = unique("E2E-V2VAL");
    const ok = await script.post(`${V2}validate/`, { data: { payload: accountBody(supplier, external) } });
    expect(ok.status()).toBe(200);
    expect(await ok.text()).toBe("");
    expect((await script.get(`${V2}${supplier}/${external}/`)).status()).toBe(404);
    const bad = accountBody(supplier, external);
    bad.customers[0].email = "not-an-email";
    const refused = await script.post(`${V2}validate/`, { data: { payload: bad } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      detail: expect.any(String),
      code: "account_failed_validation",
      errors: [expect.objectContaining({ attr: "customers.0.email" })],
    });
  });

  test("an unknown /v2/ path is the API's JSON 404, as under /v1/; other methods 405 with Allow", async ({
    script,
  }) => {
    const res = await script.get("/v2/data-import/acounts/");
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({
      detail: "No endpoint at /v2/data-import/acounts/.",
      code: "not_found",
      errors: [],
    });
    const root = await script.get("/v2/");
    expect(root.status()).toBe(404);
    expect(root.headers()["content-type"]).toBe("application/json");
    const put = await script.put(V2, { data: {} });
    expect(put.status()).toBe(405);
    expect(put.headers().allow).toBe("POST, OPTIONS");
    const badPath = await script.get("/v2/data-import/accounts/%ZZ/X/");
    expect(badPath.status()).toBe(400);
    expect((await badPath.json()).code).toBe("invalid_path");
  });
});
