import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Evaluated by the runner and by every worker: anything random must be decided once, in env.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
process.env.E2E_STATE_DIR ??= path.resolve("e2e/artifacts/.state");
// E2E_DATABASE_URL (CI's fresh database) or DATABASE_URL; else a fresh PGlite under the temp dir.
const databaseUrl = process.env.E2E_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) process.env.E2E_PGLITE_DIR ??= path.join(os.tmpdir(), `km-e2e-pglite-${process.pid}-${Date.now()}`);
process.env.E2E_AUTH_SECRET ??= `e2e-${process.pid}-${Date.now()}-not-a-production-secret`;

const build = process.env.E2E_SKIP_BUILD === "1" ? "" : "npx next build && ";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // One server on an embedded database, on a two-core machine: one worker keeps runs steady.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]] : [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  // CI records a trace only when it retries a failed test: recording every test's actions cost
  // about a sixth of the suite's CPU (ADR 0513). A local run, with no retries, keeps a failure's.
  use: { baseURL, trace: process.env.CI ? "on-first-retry" : "retain-on-failure" },
  projects: [
    { name: "api", testDir: "e2e/api" },
    {
      name: "ui",
      testDir: "e2e/ui",
      use: {
        browserName: "chromium",
        viewport: { width: 1360, height: 900 },
        screenshot: "only-on-failure",
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    // Seed a fresh database through the service verbs, then a production build and the
    // production server `npm start` runs (scripts/server.mjs: Next behind the peer-address stamp).
    command: `npx tsx e2e/global-setup.ts seed && ${build}node scripts/server.mjs`,
    url: `${baseURL}/signin`,
    timeout: 15 * 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: process.env.E2E_PGLITE_DIR! }),
      AUTH_SECRET: process.env.E2E_AUTH_SECRET!,
      PORT: String(PORT),
      E2E_STATE_DIR: process.env.E2E_STATE_DIR!,
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      // One test runner at one address makes more public calls a minute than a person would.
      API_ADDRESS_RATE_LIMIT_PER_MINUTE: "0",
      // The seeded suppliers' roots (e2e/global-setup.ts) and the s3:// roots tests create.
      DOCUMENT_ROOT_ALLOWLIST: "s3://,file:///srv/legacy",
      // Scraped by Prometheus in e2e/api/metrics.spec.ts (ADR 0043).
      METRICS_PORT: process.env.E2E_METRICS_PORT ?? "3191",
      METRICS_TOKEN: process.env.E2E_METRICS_TOKEN ?? "e2e-metrics-token",
    },
  },
});
