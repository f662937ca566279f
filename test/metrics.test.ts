import { describe, expect, it } from "vitest";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { env } from "@/server/env.mjs";
import { registerEventGauges } from "@/server/events/metrics";
import { metrics, renderMetrics } from "@/server/lib/metrics.mjs";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { registerImportJobGauges } from "@/server/services/import-jobs/metrics";
import { useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

// What the services count into the process's metrics (ADR 0043), read back as Prometheus would.
const t = useTestDb();

async function value(series: string): Promise<number> {
  const text = (await renderMetrics()).body;
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe("metrics counted by the services", () => {
  it("counts account imports by outcome and error code, whatever the entry point", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const imported = await value('account_imports_total{outcome="imported",code=""}');
    const written = await value('events_written_total{type="account.created"}');
    const account = await makeImportedAccount(org, supplier.code);
    expect(await value('account_imports_total{outcome="imported",code=""}')).toBe(imported + 1);
    expect(await value('events_written_total{type="account.created"}')).toBe(written + 1);
    // The same account again: refused, with its error code.
    await processAccountImport(org.ctx, {
      import_supplier: supplier.code,
      external_account_number: account.externalAccountNumber,
      dry_run: false,
    }).catch(() => undefined);
    const failed = (await metrics().accountImports.get()).values.filter((v) => v.labels.outcome === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((v) => typeof v.labels.code === "string" && v.labels.code !== "")).toBe(true);
  });

  it("counts post-import writes by kind, outcome and error code", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const account = await makeImportedAccount(org, supplier.code);
    const ok = 'post_import_writes_total{kind="note",outcome="ok",code=""}';
    const before = await value(ok);
    const body = {
      import_supplier: supplier.code,
      external_account_number: account.externalAccountNumber,
      notes: [{ body: "Metrics note." }],
    };
    expect(
      (await call(createNotes, "/v1/data-import/notes/create/", { auth: `Token ${org.apiKey}`, body })).status,
    ).toBe(201);
    expect(await value(ok)).toBe(before + 1);
    const refused = await call(createNotes, "/v1/data-import/notes/create/", {
      auth: `Token ${org.apiKey}`,
      body: { ...body, external_account_number: "NO-SUCH-ACCOUNT" },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(
      await value(`post_import_writes_total{kind="note",outcome="error",code="${refused.json.code}"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it("reads the database-wide gauges at scrape time", async () => {
    registerEventGauges(t.db);
    registerImportJobGauges(t.db);
    const text = (await renderMetrics()).body;
    expect(text).toMatch(/^events_pending \d+$/m);
    expect(text).toMatch(/^events_relay_lag_seconds [\d.e+-]+$/m);
    expect(await value("events_relay_configured")).toBe(env.NATS_URL ? 1 : 0);
    expect(text).toMatch(/^import_jobs\{status="running"\} \d+$/m);
    expect(text).toMatch(/^import_job_rows\{state="pending"\} \d+$/m);
    expect(text).toMatch(/^import_job_lanes\{state="busy"\} \d+$/m);
    expect(text).not.toMatch(/^metrics_scrape_errors_total/m);
    // Without NATS_URL nothing relays here: every written event is still pending.
    if (!env.NATS_URL) expect(await value("events_pending")).toBeGreaterThan(0);
    if (!env.NATS_URL) expect(await value("events_pending_rows")).toBeGreaterThan(0);
    expect(await value("events_pending_rows")).toBeLessThanOrEqual(await value("events_pending"));
  });

  it.runIf(Boolean(env.DATABASE_URL))("shows the PostgreSQL pool", async () => {
    const text = (await renderMetrics()).body;
    expect(await value("db_pool_max_connections")).toBe(env.DATABASE_POOL_SIZE);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_queries \d+$/m);
    expect(text).toMatch(/^db_pool_connect_errors_total \d+$/m);
  });
});
