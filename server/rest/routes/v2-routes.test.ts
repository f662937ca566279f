import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
const catchAll = restRouteModule();
const statusRoute = restRouteModule();
const scheduleRoute = restRouteModule();
const validateRoute = restRouteModule();
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { transferStatusHandler as transferStatus } from "@/server/rest/routes/account-import";
import { accountImportProcesses, accounts, events, importSuppliers, jobs } from "@/db/schema";
import { claimJobs } from "@/server/jobs/queue";
import { runOne, startWorker } from "@/server/jobs/worker";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { ACCOUNT_IMPORT_QUEUE, scheduleAccountImport } from "@/server/services/account-import/schedule-account-import";
import { scheduledImportJobHandler } from "@/server/services/account-import/run-scheduled-import";
import { useTestDb, uniq } from "@/test/db";
import {
  accountPayload,
  makeImportedAccount,
  makeOrg,
  makeSupplier,
  makeUser,
  type OrgFixture,
} from "@/test/factories";
import { call } from "@/test/http";
import { restRouteModule } from "@/server/rest/routes/router";

const t = useTestDb();

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

async function setup() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  return { org, code: supplier.code, auth: `Token ${org.apiKey}` };
}

const schedule = (auth: string, body: unknown) => call(scheduleRoute.POST, "/v2/data-import/accounts/", { body, auth });
const status = (auth: string, supplier: string, external: string) =>
  call(statusRoute.GET, `/v2/data-import/accounts/${supplier}/${external}/`, { auth, params: { supplier, external } });
const validate = (auth: string, body: unknown) =>
  call(validateRoute.POST, "/v2/data-import/accounts/validate/", { body, auth });

/** What a worker does: claim every due scheduled import and run it. */
/** The import process a claimed job runs (other test files' scheduled imports share the queue). */
const processOf = (job: { payload: unknown }) => Number((job.payload as { process_id: number }).process_id);

async function runDueImports() {
  const batch = await claimJobs(t.db, ACCOUNT_IMPORT_QUEUE, "test-worker", 100, 60);
  for (const job of batch) await runOne(t.db, scheduledImportJobHandler, job);
  return batch;
}

async function processRow(code: string, external: string) {
  const [row] = await t.db
    .select({ p: accountImportProcesses })
    .from(accountImportProcesses)
    .innerJoin(importSuppliers, eq(importSuppliers.id, accountImportProcesses.supplierId))
    .where(and(eq(importSuppliers.code, code), eq(accountImportProcesses.externalAccountNumber, external)));
  return row?.p;
}

async function liveJobs(processId: number) {
  return t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, ACCOUNT_IMPORT_QUEUE), sql`(${jobs.payload}->>'process_id')::int = ${processId}`));
}

async function outcomeEvents(org: OrgFixture, external: string) {
  const rows = await t.db
    .select({ type: events.type, payload: events.payload })
    .from(events)
    .where(
      and(
        eq(events.organisationId, org.id),
        sql`${events.type} like 'data_import.import_process.%'`,
        sql`${events.payload}->>'external_identifier' = ${external}`,
      ),
    )
    .orderBy(events.seq);
  return rows;
}

describe("POST /v2/data-import/accounts/", () => {
  it("stages and schedules (201, no body); a worker imports it and clears the schedule; status follows", async () => {
    const { org, code, auth } = await setup();
    const payload = accountPayload(code);
    const res = await schedule(auth, { payload, task_params: {} });
    expect(res.status).toBe(201);
    expect(res.json).toBeNull();
    const staged = await processRow(code, payload.external_account_number);
    expect(staged).toMatchObject({ status: "staged", scheduleDryRun: false });
    expect(staged.scheduledAt).toBeInstanceOf(Date);
    expect((await liveJobs(staged.id)).map((j) => j.status)).toEqual(["queued"]);

    const pending = await status(auth, code, payload.external_account_number);
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({
      status: "PENDING",
      kraken_identifier: null,
      latest_error: null,
      latest_event: {
        event: "EVENT_ACCOUNT_IMPORT_PROCESS_SCHEDULED",
        data: { is_dry_run: false, schedule_window_end: null },
      },
    });
    const v1 = await call(transferStatus, "/v1/x", {
      auth,
      params: { supplier: code, external: payload.external_account_number },
    });
    expect(v1.json.status).toBe("IN_PROGRESS");

    expect((await runDueImports()).map(processOf)).toContain(staged.id);
    const done = await processRow(code, payload.external_account_number);
    expect(done).toMatchObject({ status: "imported", scheduledAt: null });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, done.accountId!));
    const after = await status(auth, code, payload.external_account_number);
    expect(after.json).toMatchObject({
      status: "PROCESSED",
      kraken_identifier: account.number,
      latest_error: null,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED", data: null },
    });
    expect(after.json.modified_at >= after.json.created_at).toBe(true);
    expect((await outcomeEvents(org, payload.external_account_number)).map((e) => e.type)).toEqual([
      "data_import.import_process.complete",
    ]);
    expect((await liveJobs(staged.id)).map((j) => j.status)).toEqual(["done"]);
    expect(
      (
        await call(transferStatus, "/v1/x", {
          auth,
          params: { supplier: code, external: payload.external_account_number },
        })
      ).json.status,
    ).toBe("COMPLETED");
  });

  it("accepts a flat EnergyAccount body (production's published examples) as task_params {}", async () => {
    const { code, auth } = await setup();
    const payload = accountPayload(code);
    expect((await schedule(auth, payload)).status).toBe(201);
    await runDueImports();
    expect((await status(auth, code, payload.external_account_number)).json.status).toBe("PROCESSED");
  });

  it("is_dry_run: the job validates and rolls back: DRY_RUN_SUCCEEDED, no account, schedule cleared", async () => {
    const { org, code, auth } = await setup();
    const payload = accountPayload(code);
    expect((await schedule(auth, { payload, task_params: { is_dry_run: true } })).status).toBe(201);
    expect((await status(auth, code, payload.external_account_number)).json.latest_event.data.is_dry_run).toBe(true);
    await runDueImports();
    const row = await processRow(code, payload.external_account_number);
    expect(row).toMatchObject({ status: "staged", accountId: null, scheduledAt: null });
    const res = await status(auth, code, payload.external_account_number);
    expect(res.json).toMatchObject({
      status: "DRY_RUN_SUCCEEDED",
      kraken_identifier: null,
      latest_error: null,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_SUCCEEDED" },
    });
    expect((await outcomeEvents(org, payload.external_account_number)).map((e) => e.type)).toEqual([
      "data_import.import_process.dry_run_complete",
    ]);
  });

  it("a refusal when the job runs is recorded: ERRORED / DRY_RUN_ERRORED with the latest error", async () => {
    const { org, code, auth } = await setup();
    const real = accountPayload(code);
    const dry = accountPayload(code);
    await schedule(auth, { payload: real, task_params: {} });
    await schedule(auth, { payload: dry, task_params: { is_dry_run: true } });
    // The migration is paused between scheduling and the run.
    await t.db.update(importSuppliers).set({ status: "Paused" }).where(eq(importSuppliers.code, code));
    await runDueImports();
    const errored = await status(auth, code, real.external_account_number);
    expect(errored.json).toMatchObject({
      status: "ERRORED",
      latest_error: {
        code: "import_supplier_migration_not_ongoing",
        domain: "import_process",
        detail: expect.stringContaining("not ongoing"),
      },
      latest_event: {
        event: "EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED",
        data: { code: "import_supplier_migration_not_ongoing", domain: "import_process" },
      },
    });
    const dryErrored = await status(auth, code, dry.external_account_number);
    expect(dryErrored.json).toMatchObject({
      status: "DRY_RUN_ERRORED",
      latest_error: { code: "import_supplier_migration_not_ongoing" },
    });
    expect((await processRow(code, real.external_account_number)).scheduledAt).toBeNull();
    expect((await outcomeEvents(org, dry.external_account_number)).map((e) => e.type)).toEqual([
      "data_import.import_process.dry_run_error",
    ]);
  });

  it("waits for schedule_window_start; a window that closed before a worker got to it is CANCELLED", async () => {
    const { org, code, auth } = await setup();
    const later = accountPayload(code);
    const start = inMinutes(30);
    expect(
      (
        await schedule(auth, {
          payload: later,
          task_params: { schedule_window_start: start, schedule_window_end: inMinutes(90) },
        })
      ).status,
    ).toBe(201);
    const row = await processRow(code, later.external_account_number);
    const [job] = await liveJobs(row.id);
    expect(job.runAt.toISOString()).toBe(start);
    expect((await runDueImports()).map(processOf)).not.toContain(row.id);
    expect((await liveJobs(row.id)).map((j) => j.status)).toEqual(["queued"]);
    expect((await status(auth, code, later.external_account_number)).json.status).toBe("PENDING");

    const expired = accountPayload(code);
    await schedule(auth, { payload: expired, task_params: { schedule_window_end: inMinutes(60) } });
    const expiredRow = await processRow(code, expired.external_account_number);
    // The workers were away until after the window's end.
    await t.db.execute(
      sql`update jobs set payload = payload || jsonb_build_object('schedule_window_end', ${inMinutes(-1)}::text) where (payload->>'process_id')::int = ${expiredRow.id}`,
    );
    await runDueImports();
    const res = await status(auth, code, expired.external_account_number);
    expect(res.json).toMatchObject({
      status: "CANCELLED",
      kraken_identifier: null,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_CANCELLED" },
    });
    expect((await processRow(code, expired.external_account_number)).scheduledAt).toBeNull();
    expect((await outcomeEvents(org, expired.external_account_number)).map((e) => e.type)).toEqual([
      "data_import.import_process.cancelled",
    ]);
  });

  it("refuses task_params outside production's rules, with the account's own errors in the same list; nothing staged", async () => {
    const { code, auth } = await setup();
    // Like the account's own cross-field rules, task_params' are checked once the body has its schema's shape.
    const payload = accountPayload(code);
    (payload.supply_addresses[0].meter_points[0].agreements[0] as { tariff_code: string }).tariff_code =
      "E-1R-NO-SUCH-TARIFF-C";
    const res = await schedule(auth, {
      payload,
      task_params: { schedule_window_start: inMinutes(-10), schedule_window_end: inMinutes(6 * 24 * 60) },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "import_process_failed_validation",
      domain: "import_process",
      detail: expect.any(String),
    });
    expect(res.json.errors.map((e: { attr: string; code: string }) => [e.attr, e.code])).toEqual([
      ["supply_addresses.0.meter_points.0.agreements.0.tariff_code", "tariff_code_not_found"],
      ["task_params.schedule_window_start", "schedule_window_start_in_past"],
      ["task_params.schedule_window_end", "schedule_window_end_too_far_in_future"],
    ]);
    expect(await processRow(code, payload.external_account_number)).toBeUndefined();
    const backwards = await schedule(auth, {
      payload: accountPayload(code),
      task_params: { schedule_window_start: inMinutes(60), schedule_window_end: inMinutes(30) },
    });
    expect(backwards.json.errors).toEqual([
      { attr: "task_params", code: "schedule_window_start__after_end", detail: expect.any(String) },
    ]);
  });

  it("reports schema errors at the account's own paths, wrapped or flat, and task_params' at theirs", async () => {
    const { code, auth } = await setup();
    const bad = accountPayload(code);
    (bad.supply_addresses[0].meter_points[1] as { identifier: string }).identifier = "12";
    for (const body of [{ payload: bad, task_params: {} }, bad]) {
      const res = await schedule(auth, body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("import_process_failed_validation");
      expect(res.json.errors).toContainEqual(
        expect.objectContaining({
          attr: "supply_addresses.0.meter_points.1.identifier",
          code: "invalid_supply_point_identifier",
        }),
      );
    }
    const typo = await schedule(auth, { payload: accountPayload(code), task_params: { is_dryrun: true } });
    expect(typo.json.errors).toEqual([
      expect.objectContaining({ attr: "task_params.is_dryrun", code: "unknown_field" }),
    ]);
    const missing = await schedule(auth, { task_params: {} });
    expect(missing.json.errors).toEqual([expect.objectContaining({ attr: "payload", code: "required" })]);
    const unknownSupplier = await schedule(auth, accountPayload("NO-SUCH-SUPPLIER"));
    expect(unknownSupplier.status).toBe(400);
    expect(unknownSupplier.json.errors).toEqual([
      expect.objectContaining({ attr: "import_supplier", code: "import_supplier_not_found" }),
    ]);
    const notJson = await call(scheduleRoute.POST, "/v2/data-import/accounts/", { rawBody: "{", auth });
    expect(notJson.json).toMatchObject({ code: "parse_error" });
  });

  it("an imported account: production's already-imported body with the account number", async () => {
    const { org, code, auth } = await setup();
    const imported = await makeImportedAccount(org, code);
    const res = await schedule(auth, accountPayload(code, imported.externalAccountNumber));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      non_field_errors: {
        code: "account_import_process_already_imported",
        detail: `The account import process with the account number ${imported.externalAccountNumber} has already been imported.`,
      },
      account_id: imported.accountNumber,
      code: "account_import_process_already_imported",
    });
  });

  it("a new POST replaces the waiting schedule: one live job, the latest data and options", async () => {
    const { code, auth } = await setup();
    const payload = accountPayload(code);
    await schedule(auth, { payload, task_params: { schedule_window_start: inMinutes(30) } });
    await schedule(auth, { payload: { ...payload, billing_name: "Ada King" }, task_params: { is_dry_run: true } });
    const row = await processRow(code, payload.external_account_number);
    expect(row.scheduleDryRun).toBe(true);
    expect(row.payload.billing_name).toBe("Ada King");
    expect((await liveJobs(row.id)).map((j) => j.status)).toEqual(["queued"]);
    await runDueImports();
    expect((await status(auth, code, payload.external_account_number)).json.status).toBe("DRY_RUN_SUCCEEDED");
  });

  it("a job run again (its lease ran out after it committed) changes nothing and records no error", async () => {
    const { org, code, auth } = await setup();
    const payload = accountPayload(code);
    await schedule(auth, { payload, task_params: {} });
    const [job] = await claimJobs(t.db, ACCOUNT_IMPORT_QUEUE, "w1", 1, 60);
    await scheduledImportJobHandler.run(t.db, job);
    await scheduledImportJobHandler.run(t.db, job);
    expect((await outcomeEvents(org, payload.external_account_number)).map((e) => e.type)).toEqual([
      "data_import.import_process.complete",
    ]);
    expect((await status(auth, code, payload.external_account_number)).json.status).toBe("PROCESSED");
  });

  it("several workers (instances) run each scheduled import once", async () => {
    const { org, code, auth } = await setup();
    const payloads = Array.from({ length: 6 }, () => accountPayload(code));
    for (const payload of payloads) expect((await schedule(auth, { payload, task_params: {} })).status).toBe(201);
    const stops = [1, 2, 3].map(() =>
      startWorker(async () => t.db, scheduledImportJobHandler, { pollMs: 20, batchSize: 1 }),
    );
    try {
      await expect
        .poll(
          async () =>
            (await Promise.all(payloads.map((p) => processRow(code, p.external_account_number)))).every(
              (r) => r.status === "imported" && !r.scheduledAt,
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    for (const payload of payloads) {
      expect((await outcomeEvents(org, payload.external_account_number)).map((e) => e.type)).toEqual([
        "data_import.import_process.complete",
      ]);
      const row = await processRow(code, payload.external_account_number);
      expect((await liveJobs(row.id)).map((j) => [j.status, j.attempts])).toEqual([["done", 1]]);
    }
  });

  it("a console support user may not schedule (forbidden)", async () => {
    const { org, code } = await setup();
    const user = await makeUser(org, "support");
    const ctx = {
      ...org.ctx,
      actor: {
        kind: "user" as const,
        organisationId: org.id,
        userId: user.id,
        role: "support" as const,
        email: user.email,
      },
    };
    await expect(
      scheduleAccountImport(ctx, { payload: StageAccountInput.parse(accountPayload(code)), task_params: {} }),
    ).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("a job that gave up (the platform failed, not the data) shows ERRORED scheduled_import_failed", async () => {
    const { org, code, auth } = await setup();
    const payload = accountPayload(code);
    await schedule(auth, { payload, task_params: {} });
    const [job] = await claimJobs(t.db, ACCOUNT_IMPORT_QUEUE, "w1", 1, 60);
    await scheduledImportJobHandler.onGiveUp(t.db, job, "connection refused");
    const res = await status(auth, code, payload.external_account_number);
    expect(res.json).toMatchObject({
      status: "ERRORED",
      latest_error: { code: "scheduled_import_failed", domain: "import_process" },
    });
    expect(res.json.latest_error.detail).not.toContain("connection refused");
    expect(await processRow(code, payload.external_account_number)).toMatchObject({
      status: "failed",
      scheduledAt: null,
    });
    expect((await outcomeEvents(org, payload.external_account_number)).map((e) => e.type)).toEqual([
      "data_import.import_process.error",
    ]);
  });

  it("401 without credentials; 405 with Allow for other methods", async () => {
    const res = await call(scheduleRoute.POST, "/v2/data-import/accounts/", { body: {} });
    expect(res.status).toBe(401);
    const other = await call(scheduleRoute.GET, "/v2/data-import/accounts/", { method: "GET" });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("POST, OPTIONS");
    expect(other.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("GET /v2/data-import/accounts/<supplier>/<external>/", () => {
  it("follows a process driven through v1: CREATED, DRY_RUN_SUCCEEDED, UPDATED after restaging, PROCESSED", async () => {
    const { code, auth } = await setup();
    const payload = accountPayload(code);
    expect((await call(stage, "/v1/x", { body: payload, auth })).status).toBe(201);
    const created = await status(auth, code, payload.external_account_number);
    expect(created.json).toEqual({
      status: "PENDING",
      kraken_identifier: null,
      created_at: expect.any(String),
      modified_at: created.json.created_at,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_CREATED", occurred_at: created.json.created_at, data: null },
      latest_error: null,
    });
    const ref = { import_supplier_code: code, external_account_number: payload.external_account_number };
    expect((await call(processRoute, "/v1/x", { body: { ...ref, dry_run: true }, auth })).status).toBe(400);
    expect((await status(auth, code, payload.external_account_number)).json.status).toBe("DRY_RUN_SUCCEEDED");
    expect((await call(stage, "/v1/x", { body: payload, auth })).status).toBe(200);
    const restaged = await status(auth, code, payload.external_account_number);
    expect(restaged.json).toMatchObject({
      status: "PENDING",
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_UPDATED" },
    });
    expect((await call(processRoute, "/v1/x", { body: ref, auth })).status).toBe(201);
    expect((await status(auth, code, payload.external_account_number)).json).toMatchObject({
      status: "PROCESSED",
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED" },
    });
  });

  it("another supplier's account with the same external number is not this process's outcome", async () => {
    const { org, code, auth } = await setup();
    const other = await makeSupplier(org);
    const imported = await makeImportedAccount(org, other.code);
    const payload = accountPayload(code, imported.externalAccountNumber);
    await schedule(auth, { payload, task_params: { schedule_window_start: inMinutes(30) } });
    expect((await status(auth, code, imported.externalAccountNumber)).json).toMatchObject({
      status: "PENDING",
      kraken_identifier: null,
      latest_event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_SCHEDULED" },
    });
  });

  it("404 {detail, code: not_found} for an unknown process, an unknown supplier and another organisation's supplier", async () => {
    const { code, auth } = await setup();
    const stranger = await makeOrg(t.db, "Stranger Energy");
    const theirs = await makeSupplier(stranger);
    for (const [supplier, external] of [
      [code, "NOPE"],
      ["NO-SUCH", "NOPE"],
      [theirs.code, "NOPE"],
    ]) {
      const res = await status(auth, supplier, external);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ detail: expect.any(String), code: "not_found", errors: [] });
    }
  });
});

describe("POST /v2/data-import/accounts/validate/", () => {
  it("200 with no body for a valid account; nothing is staged", async () => {
    const { code, auth } = await setup();
    const payload = accountPayload(code);
    const res = await validate(auth, { payload });
    expect(res.status).toBe(200);
    expect(res.json).toBeNull();
    expect(await processRow(code, payload.external_account_number)).toBeUndefined();
  });

  it("400 StandardizedValidationErrorResponse with attrs in the account", async () => {
    const { org, code, auth } = await setup();
    const bad = accountPayload(code, uniq("EXT"), { billing_postcode: "XX" });
    (bad.customers[0] as { landline: string }).landline = "abcde";
    const res = await validate(auth, { payload: bad });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("account_failed_validation");
    expect(res.json.errors.map((e: { attr: string }) => e.attr).sort()).toEqual([
      "billing_postcode",
      "customers.0.landline",
    ]);
    for (const e of res.json.errors) expect(Object.keys(e).sort()).toEqual(["attr", "code", "detail"]);
    const empty = await validate(auth, {});
    expect(empty.json).toMatchObject({
      code: "account_failed_validation",
      errors: [{ attr: "import_supplier", code: "required" }],
    });
    const nullPayload = await validate(auth, { payload: null });
    expect(nullPayload.json).toMatchObject({ errors: [{ attr: "payload", code: "null" }] });
    const flat = await validate(auth, { ...bad, customers: [] });
    expect(flat.json.errors).toEqual([expect.objectContaining({ attr: "billing_postcode", code: "invalid_postcode" })]);
    expect((await validate(auth, accountPayload(code))).status).toBe(200);
    const unknownSupplier = await validate(auth, { payload: accountPayload("NO-SUCH") });
    expect(unknownSupplier.status).toBe(400);
    expect(unknownSupplier.json.code).toBe("import_supplier_not_found");
    const imported = await makeImportedAccount(org, code);
    const again = await validate(auth, { payload: accountPayload(code, imported.externalAccountNumber) });
    expect(again.json).toMatchObject({
      code: "account_import_process_already_imported",
      errors: [{ attr: "external_account_number", code: "account_import_process_already_imported" }],
    });
  });
});

describe("unknown paths under /v2/", () => {
  it("answer every method with the JSON 404 of /v1/", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const res = await call(catchAll[method], "/v2/data-import/acounts/", {
        method,
        params: { rest: "data-import/acounts" },
      });
      expect(res.status, method).toBe(404);
      expect(res.json).toEqual({ detail: "No endpoint at /v2/data-import/acounts/.", code: "not_found", errors: [] });
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
  });
});
