import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sparePort } from "../fixtures";
import { testEnv } from "@/test/env.mjs";
import { readSeed } from "../global-setup";

// Debian's real Prometheus scrapes the running production server's metrics endpoint (its own
// port, behind a bearer token: playwright.config.ts), and PromQL over Prometheus's HTTP API
// sees exactly the workload this test sends (ADR 0043). `.ci/run` installs `prometheus`.
const PROMETHEUS = testEnv.PROMETHEUS_BIN;
const METRICS_PORT = testEnv.E2E_METRICS_PORT;
const METRICS_TOKEN = testEnv.E2E_METRICS_TOKEN;
const seed = readSeed();
const run = Date.now().toString(36).toUpperCase();

test.describe("metrics scraped by Prometheus", () => {
  test.skip(!fs.existsSync(PROMETHEUS) && !testEnv.CI, `no ${PROMETHEUS} (apt-get install -y prometheus)`);
  let prometheus: ChildProcess | undefined;
  let dir = "";
  let api = "";

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "km-e2e-prometheus-"));
    const port = await sparePort();
    api = `http://127.0.0.1:${port}`;
    fs.writeFileSync(
      path.join(dir, "prometheus.yml"),
      [
        "global: { scrape_interval: 1s, evaluation_interval: 1s }",
        "scrape_configs:",
        "  - job_name: kraken-migrate",
        `    authorization: { type: Bearer, credentials: ${JSON.stringify(METRICS_TOKEN)} }`,
        `    static_configs: [{ targets: ["127.0.0.1:${METRICS_PORT}"] }]`,
        "",
      ].join("\n"),
    );
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: "ignore" },
    );
    await expect
      .poll(async () => (await fetch(`${api}/-/ready`).catch(() => null))?.status, { timeout: 30_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    prometheus?.kill("SIGTERM");
    await new Promise((resolve) =>
      prometheus && prometheus.exitCode === null ? prometheus.once("exit", resolve) : resolve(undefined),
    );
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A PromQL instant query's single value, or null when it has none. */
  async function query(promql: string): Promise<number | null> {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; data: { result: { value: [number, string] }[] } };
    expect(body.status).toBe("success");
    return body.data.result.length ? Number(body.data.result[0].value[1]) : null;
  }

  const notes2xx =
    'sum(http_requests_total{job="kraken-migrate",method="POST",route="/v1/data-import/notes/create",status_class="2xx"}) or vector(0)';
  const notes4xx =
    'sum(http_requests_total{job="kraken-migrate",method="POST",route="/v1/data-import/notes/create",status_class="4xx"}) or vector(0)';
  const notesOk = 'sum(post_import_writes_total{kind="note",outcome="ok"}) or vector(0)';
  const notesRefused =
    'sum(post_import_writes_total{kind="note",outcome="error",code="account_not_found"}) or vector(0)';
  const written = 'sum(events_written_total{type="data_import.import_process.post_import.completed"}) or vector(0)';

  test("counts a known workload per route template and status class, per outcome and code", async ({ request }) => {
    await expect
      .poll(() => query('up{job="kraken-migrate"}'), {
        timeout: 30_000,
        message: "Prometheus scrapes the metrics endpoint with its token",
      })
      .toBe(1);
    // The suite's earlier requests are counted too: measure from what Prometheus holds now.
    await expect
      .poll(async () => (await query("scrape_samples_scraped")) ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(50);
    const before = {
      ok2xx: (await query(notes2xx))!,
      bad4xx: (await query(notes4xx))!,
      ok: (await query(notesOk))!,
      refused: (await query(notesRefused))!,
      written: (await query(written))!,
    };

    // The third seeded account: the console's tests read the first two's notes and events.
    const account = seed.accounts[2];
    const auth = { authorization: `Token ${seed.apiKey}` };
    const ref = { import_supplier: account.importSupplier, external_account_number: account.externalAccountNumber };
    for (let i = 0; i < 3; i++) {
      const res = await request.post("/v1/data-import/notes/create/", {
        headers: auth,
        data: {
          ...ref,
          notes: [{ body: `metrics ${run} ${i}`, external_id: `M-${run}-${i}` }, { body: `metrics ${run} ${i} b` }],
        },
      });
      expect(res.status()).toBe(201);
    }
    for (let i = 0; i < 2; i++) {
      const res = await request.post("/v1/data-import/notes/create/", {
        headers: auth,
        data: { ...ref, external_account_number: `NOPE-${run}-${i}`, notes: [{ body: "x" }] },
      });
      expect(res.status()).toBe(404);
      expect((await res.json()).code).toBe("account_not_found");
    }

    await expect.poll(async () => (await query(notes2xx))! - before.ok2xx, { timeout: 30_000 }).toBe(3);
    await expect.poll(async () => (await query(notes4xx))! - before.bad4xx, { timeout: 30_000 }).toBe(2);
    await expect.poll(async () => (await query(notesOk))! - before.ok, { timeout: 30_000 }).toBe(3);
    await expect.poll(async () => (await query(notesRefused))! - before.refused, { timeout: 30_000 }).toBe(2);
    // Two notes per accepted request, one post_import.completed event each.
    await expect.poll(async () => (await query(written))! - before.written, { timeout: 30_000 }).toBe(6);
    // Never a series per raw path: the refused requests' made-up account numbers are nowhere.
    expect(await query(`count(http_requests_total{route=~".*NOPE-${run}.*"})`)).toBeNull();
    // Latency histogram, default collectors and the database-wide gauges, as the dashboards and alerts read them.
    // (Over the buckets as they stand: a rate needs the series to have grown between two scrapes.)
    const p99 = await query(
      'histogram_quantile(0.99, sum by (le) (http_request_duration_seconds_bucket{route="/v1/data-import/notes/create"}))',
    );
    expect(p99).toBeGreaterThan(0);
    expect(p99).toBeLessThanOrEqual(10);
    expect(await query("max(nodejs_eventloop_lag_seconds)")).not.toBeNull();
    expect(await query("count(nodejs_gc_duration_seconds_count)")).toBeGreaterThan(0);
    expect(await query("max(events_pending)")).not.toBeNull();
    expect(await query("max(events_relay_lag_seconds)")).not.toBeNull();
    expect(await query('count(import_job_rows{state="pending"})')).toBe(1);
    expect(await query("sum(metrics_scrape_errors_total) or vector(0)")).toBe(0);
  });

  test("the endpoint is off the public port and refuses a scrape without the token", async ({ request, baseURL }) => {
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).status).toBe(401);
    expect(
      (
        await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).status,
    ).toBe(200);
    expect((await request.get(`${baseURL}/metrics`)).status()).toBe(404);
  });
});
