// @ts-check
// The tests' settings (vitest and Playwright's set-up): declared once, with a rule each, built from the kit the app's
// configuration uses (server/env-kit.mjs, ADR 0508). The deployment's variables are server/env.mjs's.
// `npm run docs:config` lists these in the README too.

import { num, optNum, text, optText, v, defineConfig } from "../server/env-kit.mjs";

export const VARIABLES = {
  // Tests (vitest and Playwright set-up)
  PROPERTY_RUNS: v("tests", optNum(), "property tests' runs (data-import 40, account-import 0: off)", {
    show: "per test",
  }),
  FUZZ_RUNS: v("tests", num(10), "runs per REST fuzz property (`test/fuzz`)"),
  FUZZ_SEED: v("tests", optNum(), "replays a fuzz run with this seed"),
  EVENTS_TEST_OUTAGE_SECONDS: v("tests", num(2), "how long the relay test keeps NATS down"),
  NATS_SERVER_BIN: v("tests", text("/usr/sbin/nats-server"), "the nats-server binary tests start"),
  VITEST_POOL_ID: v(
    "tests",
    optText(),
    "set by vitest in each worker (1 to its worker count); on PostgreSQL the worker's files use their own copy of `DATABASE_URL`'s database, `<name>_t<pid of the run>_w<id>` ([ADR 0503](docs/adr/0503-test-databases-migrated-once.md))",
    { show: "set by vitest" },
  ),
  E2E_STATE_DIR: v(
    "tests",
    text("e2e/artifacts/.state"),
    "where Playwright's global set-up keeps signed-in state (set by playwright.config.ts)",
  ),
  E2E_DATABASE_URL: v(
    "tests",
    optText(),
    "the PostgreSQL database Playwright's server uses (CI: a fresh one); unset, a fresh PGlite under the temp dir. `e2e/api/container-image.spec.ts` creates `<name>_image` beside it",
    { show: "PGlite" },
  ),
  E2E_METRICS_PORT: v(
    "tests",
    num(3191),
    "the e2e server's `METRICS_PORT`, which `e2e/api/metrics.spec.ts` has Prometheus scrape (set by playwright.config.ts)",
  ),
  E2E_METRICS_TOKEN: v(
    "tests",
    text("e2e-metrics-token"),
    "the e2e server's `METRICS_TOKEN` (set by playwright.config.ts)",
  ),
  PROMETHEUS_BIN: v(
    "tests",
    text("/usr/bin/prometheus"),
    "the Prometheus binary `e2e/api/metrics.spec.ts` runs (Debian's `prometheus`; `.ci/run` installs it); without it the spec is skipped outside CI",
  ),
  CI: v(
    "tests",
    optText(),
    "set by CI (`.ci/run`: `true`); Playwright then retries once, and the metrics spec fails instead of skipping without Prometheus",
  ),
};

const config = defineConfig(VARIABLES);
/** The tests' configuration: a typed, frozen view of process.env. */
export const testEnv = config.env;
export const { configErrors, assertConfig } = config;

// Checked when the module loads: a bad value stops a test run at once, naming the variable.
assertConfig();
