import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { validateAccountHandler as validate } from "@/server/rest/routes/account-import";
import { allImportProcessesHandler as allList } from "@/server/rest/routes/account-import";
import { transferStatusHandler as transferStatus } from "@/server/rest/routes/account-import";
import { and, eq } from "drizzle-orm";
import { accountImportProcesses } from "@/db/schema";
import { setSupplierStatus } from "@/server/services/suppliers/set-supplier-status";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";
const VALIDATE = "/v1/data-import/validate-account/";

async function storedProcess(supplierId: number, external: string) {
  const [row] = await t.db
    .select()
    .from(accountImportProcesses)
    .where(
      and(
        eq(accountImportProcesses.supplierId, supplierId),
        eq(accountImportProcesses.externalAccountNumber, external),
      ),
    );
  return row;
}

async function setup() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  return { org, supplier, auth: `Token ${org.apiKey}` };
}

describe("account import lists: production's bare arrays, paged on request", () => {
  it("a cursor beyond any id is an empty list, not a 500", async () => {
    const { supplier, auth } = await setup();
    await call(stage, STAGE, { body: accountPayload(supplier.code), auth });
    const res = await call(allList, "/x?after=99999999999", { auth, params: { supplier: supplier.code } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    const paged = await call(allList, "/x?after=99999999999&page_size=5", {
      auth,
      params: { supplier: supplier.code },
    });
    expect(paged.json).toEqual([]);
    expect(paged.headers.get("link")).toBeNull();
  });

  it("page_size gives one page and a Link to the next; following it visits every process once", async () => {
    const { supplier, auth } = await setup();
    const bodies = [accountPayload(supplier.code), accountPayload(supplier.code), accountPayload(supplier.code)];
    for (const body of bodies) expect((await call(stage, STAGE, { body, auth })).status).toBe(201);
    const seen: string[] = [];
    let url: string | null =
      `http://localhost:3000/v1/data-import/all-account-import-processes/${supplier.code}/?page_size=2`;
    while (url) {
      const res = await call(allList, url, { auth, params: { supplier: supplier.code } });
      expect(res.status).toBe(200);
      expect(res.json.length).toBeLessThanOrEqual(2);
      for (const item of res.json)
        expect(item).toEqual({
          external_account_number: expect.any(String),
          kraken_account_number: null,
          account_created_at: null,
        });
      seen.push(...res.json.map((i: { external_account_number: string }) => i.external_account_number));
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
    }
    expect(seen).toEqual(bodies.map((b) => b.external_account_number));
    const whole = await call(allList, "/x", { auth, params: { supplier: supplier.code } });
    expect(whole.json.map((i: { external_account_number: string }) => i.external_account_number)).toEqual(seen);
  });
});

describe("validate-account gives the refusals staging would give", () => {
  it("refuses under a Paused or Complete supplier, like staging", async () => {
    const { org, supplier, auth } = await setup();
    await setSupplierStatus(org.ctx, { code: supplier.code, status: "Complete" });
    const res = await call(validate, VALIDATE, { body: accountPayload(supplier.code), auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("import_supplier_migration_not_ongoing");
  });

  it("refuses an account already imported, with its platform number", async () => {
    const { supplier, auth } = await setup();
    const body = accountPayload(supplier.code);
    await call(stage, STAGE, { body, auth });
    const imported = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: body.external_account_number },
      auth,
    });
    const res = await call(validate, VALIDATE, { body, auth });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "account_already_imported",
      kraken_account_number: imported.json.kraken_account_number,
    });
  });
});

describe("meter points supplied under two accounts at once", () => {
  it("an unknown tariff or a supplier that is not Ongoing stages nothing", async () => {
    const { org, supplier, auth } = await setup();
    const body = accountPayload(supplier.code) as any;
    body.supply_addresses[0].meter_points[0].agreements[0].tariff_code = "E-1R-NOT-A-TARIFF-C";
    const unknown = await call(stage, STAGE, { body, auth });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([
      expect.objectContaining({
        code: "tariff_code_not_found",
        attr: "supply_addresses.0.meter_points.0.agreements.0.tariff_code",
      }),
    ]);
    expect(await storedProcess(supplier.id, body.external_account_number)).toBeUndefined();

    await setSupplierStatus(org.ctx, { code: supplier.code, status: "Paused" });
    const good = accountPayload(supplier.code);
    const paused = await call(stage, STAGE, { body: good, auth });
    expect(paused.status).toBe(400);
    expect(paused.json.code).toBe("import_supplier_migration_not_ongoing");
    expect(await storedProcess(supplier.id, good.external_account_number)).toBeUndefined();

    const missing = await call(stage, STAGE, { body: { ...good, import_supplier: "NO-SUCH-SUPPLIER" }, auth });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("import_supplier_not_found");
    const processMissing = await call(processRoute, PROCESS, {
      body: { import_supplier_code: "NO-SUCH-SUPPLIER", external_account_number: good.external_account_number },
      auth,
    });
    expect(processMissing.status).toBe(404);
    expect(processMissing.json.code).toBe("import_supplier_not_found");
  });

  it("refuses staging, validating and importing an MPAN another imported account holds for an overlapping period", async () => {
    const { supplier, auth } = await setup();
    const first = accountPayload(supplier.code);
    await call(stage, STAGE, { body: first, auth });
    // Staged before the first is imported: staging passes, the import must still refuse.
    const second = accountPayload(supplier.code) as any;
    second.supply_addresses[0].meter_points[0].identifier = first.supply_addresses[0].meter_points[0].identifier;
    expect((await call(stage, STAGE, { body: second, auth })).status).toBe(201);
    const a = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: first.external_account_number },
      auth,
    });
    expect(a.status).toBe(201);

    const attr = "supply_addresses.0.meter_points.0.identifier";
    const b = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: second.external_account_number },
      auth,
    });
    expect(b.status).toBe(400);
    expect(b.json.code).toBe("account_failed_validation");
    expect(b.json.errors).toEqual([expect.objectContaining({ code: "supply_point_on_another_account", attr })]);
    const status = await call(transferStatus, "/x", {
      auth,
      params: { supplier: supplier.code, external: second.external_account_number },
    });
    expect(status.json).toEqual({ status: "UNKNOWN", kraken_account_number: "", account_number: "" });
    expect(await storedProcess(supplier.id, second.external_account_number)).toMatchObject({
      status: "failed",
      errors: [expect.objectContaining({ code: "supply_point_on_another_account", attr })],
    });

    for (const [route, url] of [
      [stage, STAGE],
      [validate, VALIDATE],
    ] as const) {
      const res = await call(route, url, { body: second, auth });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual([expect.objectContaining({ code: "supply_point_on_another_account", attr })]);
    }
  });

  it("a retried import that fails again shows this attempt's errors, not the first one's", async () => {
    const { supplier, auth } = await setup();
    const [a, b, c] = [
      accountPayload(supplier.code),
      accountPayload(supplier.code) as any,
      accountPayload(supplier.code) as any,
    ];
    b.supply_addresses[0].meter_points[0].identifier = a.supply_addresses[0].meter_points[0].identifier;
    c.supply_addresses[0].meter_points[1].identifier = b.supply_addresses[0].meter_points[1].identifier;
    for (const body of [a, b, c]) expect((await call(stage, STAGE, { body, auth })).status).toBe(201);
    const run = (body: { external_account_number: string }) =>
      call(processRoute, PROCESS, {
        body: { import_supplier_code: supplier.code, external_account_number: body.external_account_number },
        auth,
      });
    expect((await run(a)).status).toBe(201);
    expect((await run(b)).status).toBe(400);
    expect((await run(c)).status).toBe(201);
    // B's gas meter point is now C's too: the retry finds both conflicts.
    expect((await run(b)).status).toBe(400);
    const status = await call(transferStatus, "/x", {
      auth,
      params: { supplier: supplier.code, external: b.external_account_number },
    });
    expect(status.json.status).toBe("UNKNOWN");
    const stored = await storedProcess(supplier.id, b.external_account_number);
    expect(stored.status).toBe("failed");
    expect(stored.errors.map((e) => e.attr).sort()).toEqual([
      "supply_addresses.0.meter_points.0.identifier",
      "supply_addresses.0.meter_points.1.identifier",
    ]);
  });

  it("accepts the meter point once the other account's agreement has ended (a new occupier)", async () => {
    const { supplier, auth } = await setup();
    const former = accountPayload(supplier.code) as any;
    former.supply_addresses[0].meter_points[0].agreements[0].effective_to = "2025-06-01";
    await call(stage, STAGE, { body: former, auth });
    expect(
      (
        await call(processRoute, PROCESS, {
          body: { import_supplier_code: supplier.code, external_account_number: former.external_account_number },
          auth,
        })
      ).status,
    ).toBe(201);
    const next = accountPayload(supplier.code) as any;
    next.supply_addresses[0].meter_points[0].identifier = former.supply_addresses[0].meter_points[0].identifier;
    next.supply_addresses[0].meter_points[0].agreements[0].effective_from = "2025-06-01";
    expect((await call(stage, STAGE, { body: next, auth })).status).toBe(201);
    expect((await call(stage, STAGE, { body: next, auth })).status).toBe(200);
    const imported = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: next.external_account_number },
      auth,
    });
    expect(imported.status).toBe(201);
    // Staging it again once imported is production's already-imported answer, and changes nothing.
    const again = await call(stage, STAGE, { body: next, auth });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      code: "account_already_imported",
      kraken_account_number: imported.json.kraken_account_number,
    });
    expect(await storedProcess(supplier.id, next.external_account_number)).toMatchObject({ status: "imported" });
  });

  it("two concurrent imports of different accounts with one MPAN make one account", async () => {
    const { supplier, auth } = await setup();
    const a = accountPayload(supplier.code);
    const b = accountPayload(supplier.code) as any;
    b.supply_addresses[0].meter_points[0].identifier = a.supply_addresses[0].meter_points[0].identifier;
    await call(stage, STAGE, { body: a, auth });
    await call(stage, STAGE, { body: b, auth });
    const results = await Promise.all(
      [a, b].map((x) =>
        call(processRoute, PROCESS, {
          body: { import_supplier_code: supplier.code, external_account_number: x.external_account_number },
          auth,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it("refuses two agreements on one meter point that overlap or leave a gap", async () => {
    const { supplier, auth } = await setup();
    const body = accountPayload(supplier.code) as any;
    body.supply_addresses[0].meter_points[1].agreements.push({
      tariff_code: "G-1R-VAR-22-11-01-C",
      effective_from: "2025-06-01",
    });
    const res = await call(stage, STAGE, { body, auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("account_failed_validation");
    expect(res.json.errors).toEqual([
      expect.objectContaining({
        code: "gaps_or_overlaps_in_agreement_dates",
        attr: "supply_addresses.0.meter_points.1.agreements.1.effective_from",
      }),
    ]);
    body.supply_addresses[0].meter_points[1].agreements[0].effective_to = "2025-07-01";
    const gap = await call(stage, STAGE, { body, auth });
    expect(gap.json.errors).toEqual([
      expect.objectContaining({
        code: "gaps_or_overlaps_in_agreement_dates",
        attr: "supply_addresses.0.meter_points.1.agreements.1.effective_from",
      }),
    ]);
    body.supply_addresses[0].meter_points[1].agreements[0].effective_to = "2025-06-01";
    expect((await call(stage, STAGE, { body, auth })).status).toBe(201);
  });
});
