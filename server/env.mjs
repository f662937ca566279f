// @ts-check
// Every environment variable the app, the CLI, the jobs, the relay, the scripts, the benches
// and the tests read, declared once: its type, default and meaning (ADR 0501). Nothing else
// reads process.env (server/env.test.ts walks the sources). Plain JS with JSDoc, as
// create-t3-app's env.js: `node scripts/start.mjs` imports it before any build, and
// TypeScript (allowJs) infers the types from it. It imports nothing but zod.
// The README's configuration table is generated from here: `npm run docs:config`.

import { z } from "zod";

// Start-up rules (ADR 0010): a zod schema of the variable's text; the first issue's message says what is wrong.

/** @param {number} min @param {number} [max] */
const wholeNumber = (min, max = Number.MAX_SAFE_INTEGER) => {
  const message = max === Number.MAX_SAFE_INTEGER ? `must be a whole number >= ${min}` : `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\s*\d+\s*$/, message)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, message);
};

/** The relay's settings accept any number (1.5, 1e3) at or above `min`. @param {number} min */
const numberAtLeast = (min) => z.string().refine((raw) => Number.isFinite(Number(raw)) && Number(raw) >= min, `must be a number >= ${min}`);

/** @param {[string, ...string[]]} allowed */
const oneOf = (...allowed) => z.enum(allowed, { error: `must be one of ${allowed.join(", ")}` });

/** A PostgreSQL URL with its host list (`h1:5432,h2:5432`, libpq's several servers) cut to the first host, which `URL` parses. @param {string} raw */
const firstHostUrl = (raw) => raw.replace(/^([a-z]+:\/\/(?:[^/?#@]*@)?)([^/?#,]*)(?:,[^/?#]*)?/i, "$1$2");

const databaseUrl = z
  .string()
  .refine((raw) => URL.canParse(firstHostUrl(raw)), { error: "is not a URL; expected postgres://user:password@host:5432/database (several hosts: host1:5432,host2:5432)", abort: true })
  .refine((raw) => ["postgres:", "postgresql:"].includes(new URL(firstHostUrl(raw)).protocol), { error: (i) => `must start with postgres:// or postgresql:// (got ${new URL(firstHostUrl(String(i.input))).protocol}//)` })
  .refine((raw) => [null, "read-write", "read-only", "primary", "standby", "prefer-standby"].includes(new URL(firstHostUrl(raw)).searchParams.get("target_session_attrs")), "has a target_session_attrs that is not one of read-write, read-only, primary, standby, prefer-standby");

const NATS_SCHEMES = ["nats:", "tls:", "ws:", "wss:"];

const httpUrl = z
  .string()
  .refine((raw) => URL.canParse(raw) && ["http:", "https:"].includes(new URL(raw).protocol), "must be an http:// or https:// URL, e.g. http://collector:4318");

/** A comma-separated list of NATS servers; a bare host:port means nats://. */
const natsUrl = z.string().superRefine((raw, ctx) => {
  for (const entry of raw.split(",").map((e) => e.trim())) {
    const full = /^[a-z]+:\/\//i.test(entry) ? entry : `nats://${entry}`;
    if (!URL.canParse(full)) return void ctx.addIssue({ code: "custom", message: `has an entry that is not a server address: "${redactUrl(entry)}" (expected nats://host:4222, comma-separated)` });
    const url = new URL(full);
    if (!entry || !url.hostname) return void ctx.addIssue({ code: "custom", message: "has an empty server address (expected nats://host:4222, comma-separated)" });
    if (!NATS_SCHEMES.includes(url.protocol)) return void ctx.addIssue({ code: "custom", message: `entry "${redactUrl(entry)}" must use nats://, tls://, ws:// or wss://` });
  }
});

// Values: how a variable's text becomes what the code uses. They never throw: a malformed
// value is refused by the start-up rules, and otherwise keeps the conversion each reader made
// before this module (Number(raw), so "abc" is NaN and the reader's own fallback applies).
// An empty value counts as unset.

/** @param {number} fallback */
const num = (fallback) => /** @param {string | undefined} raw */ (raw) => (raw === undefined ? fallback : Number(raw));
const optNum = () => /** @param {string | undefined} raw */ (raw) => (raw === undefined ? undefined : Number(raw));
/** @param {string} fallback */
const text = (fallback) => /** @param {string | undefined} raw */ (raw) => raw ?? fallback;
const optText = () => /** @param {string | undefined} raw */ (raw) => raw;
/** `true` unless the value is exactly "false". */
const onUnlessFalse = () => /** @param {string | undefined} raw */ (raw) => raw !== "false";
/** `true` only for exactly "1". */
const onIfOne = () => /** @param {string | undefined} raw */ (raw) => raw === "1";
/** `undefined` when unset, else whether it is exactly "true". */
const optBool = () => /** @param {string | undefined} raw */ (raw) => (raw === undefined ? undefined : raw === "true");

/**
 * @typedef {"server" | "database" | "console" | "events" | "imports" | "observability" | "payments" | "documents" | "registration" | "tests" | "benches"} Group
 */

/**
 * One variable. `show` is the default as the README prints it (else derived from the value of unset).
 * @template T
 * @param {Group} group
 * @param {(raw: string | undefined) => T} parse
 * @param {string} doc
 * @param {{ rule?: z.ZodType, show?: string }} [more]
 * @returns {{ group: Group, parse: (raw: string | undefined) => T, doc: string, rule?: z.ZodType, show?: string }}
 */
const v = (group, parse, doc, more = {}) => ({ group, parse, doc, ...more });

const vendor = /** @param {string} who */ (who) => `payment vendor ${who}: base URL and token (both needed)`;

export const VARIABLES = {
  // The HTTP server `npm start` runs (scripts/server.mjs, scripts/http-edge.mjs)
  PORT: v("server", num(3000), "`npm start`'s port (it listens on every interface)", { rule: wholeNumber(1, 65535) }),
  KEEP_ALIVE_TIMEOUT: v("server", optNum(), "`npm start`: ms an idle keep-alive connection stays open; set it above your load balancer's idle timeout", { rule: wholeNumber(1), show: "Node's `5000`" }),
  REQUEST_TIMEOUT: v("server", num(60), "`npm start`: seconds a whole request (headers and body) may take to arrive; a slower one gets a JSON 408 `request_timeout` and its connection is closed (checked every second, so a stalled body no longer holds a connection for minutes)", { rule: wholeNumber(1, 3600) }),
  HEADERS_TIMEOUT: v("server", num(10), "`npm start`: seconds a request's headers may take (at most `REQUEST_TIMEOUT`; raised above `KEEP_ALIVE_TIMEOUT` when that is set)", { rule: wholeNumber(1, 3600) }),
  TRUST_PROXY_HOPS: v("server", num(0), "proxies in front of the app that append to `X-Forwarded-For`; the client address for per-address limits is the entry this many from the right after the TCP peer (0: the peer itself). Only `npm start` knows the peer; under a bare `next start` the header is trusted as sent and a warning is logged ([ADR 0009](docs/adr/0009-client-address-from-the-socket.md)). With 1 or more, `X-Forwarded-Proto` is read the same way: `https` there turns on HSTS and `Secure` console cookies; with 0 it is ignored ([ADR 0403](docs/adr/0403-console-sessions-and-headers.md))", { rule: wholeNumber(0) }),
  MAX_BODY_BYTES: v("server", num(10 * 1024 * 1024), "request body limit (413 above it), read before anything parses it: REST, and the console's tRPC calls with a session cookie (64 KiB without one)", { rule: wholeNumber(1) }),
  AUTH_MAX_BODY_BYTES: v("server", num(16 * 1024), "body limit of the console's sign-in and sign-out posts (`/api/auth/*`), read before Auth.js parses it (413 above it)", { rule: wholeNumber(1) }),
  DIRECT_ROUTES: v("server", onUnlessFalse(), "`npm start`: the data-import API's POST routes go straight to their compiled handlers, past Next's per-request pipeline (a third less server CPU per account imported); `false` sends them through Next like every other route ([ADR 0037](docs/adr/0037-data-import-routes-past-next-pipeline.md))", { rule: oneOf("true", "false") }),
  API_RATE_LIMIT_PER_MINUTE: v("server", num(60_000), "REST and GraphQL requests per minute per organisation API key (or its tokens) and per console user's token, counted together in PostgreSQL across instances (in batches: each instance adds its count every 200 ms); above it 429 `throttled` with `Retry-After`; 0 = no limit ([ADR 0111](docs/adr/0111-one-request-rate-limiter.md))", { rule: wholeNumber(0) }),
  API_CUSTOMER_RATE_LIMIT_PER_MINUTE: v("server", num(300), "REST and GraphQL requests per minute per customer key (or its tokens), counted exactly per request; 0 = no limit", { rule: wholeNumber(0) }),
  API_ADDRESS_RATE_LIMIT_PER_MINUTE: v("server", num(1_200), "requests per minute per client address without valid credentials (public routes, missing or bad keys); an IPv6 address counts as its /64; 0 = no limit", { rule: wholeNumber(0) }),
  GRAPHQL_RATE_LIMIT_PER_MINUTE: v("server", num(300), "GraphQL operations per minute per key (organisation or customer; console user; else per client address), counted in PostgreSQL across instances; each operation of a batch counts; above it `KT-CT-1199` ([ADR 0209](docs/adr/0209-graphql-abuse-limits.md))"),
  NODE_ENV: v("server", optText(), "set by Next.js and `npm start` (`production`); `development` under `next dev` lets the console's CSP allow `eval` for hot reload"),
  HOSTNAME: v("server", text("local"), "names this instance in the event relay's instance id (set by the OS or orchestrator)"),
  LOG_LEVEL: v("server", optText(), "`info`, `warn`, `error` or `silent`; logs are JSON lines with the request id (errors on stderr, the rest on stdout; the CLI logs only to stderr)", { rule: oneOf("info", "warn", "error", "silent"), show: "`info`" }),
  RUN_WORKERS: v("server", onUnlessFalse(), "`false` hands the registration and scheduled-import workers, the import-job workers, the retention jobs and the daily demo-catalogue job to separate processes", { rule: oneOf("true", "false") }),

  // The database (db/client.ts)
  DATABASE_URL: v("database", optText(), "PostgreSQL server, e.g. `postgres://user@host:5432/db`; on the same machine a Unix socket is cheaper per statement: `postgres://user@localhost/db?host=/var/run/postgresql` (ADR 0032). Required for several instances or `npm run relay`", { rule: databaseUrl, show: "unset: embedded PGlite" }),
  PGLITE_DIR: v("database", optText(), "where the embedded database lives (`memory://` for a throwaway one)", { show: "`./.data/pglite`" }),
  DATABASE_POOL_SIZE: v("database", num(10), "postgres-js connections per process", { rule: wholeNumber(1) }),
  DATABASE_UNAVAILABLE_WAIT_MS: v("database", num(1000), "a REST request still waiting this long while the pool's connection attempts fail (the server is down, or a multi-host `DATABASE_URL` finds no primary during a failover) answers the documented 503 `service_unavailable` with `Retry-After` at once; its work, if it ever runs, is a resend's to repeat (every data-import call is safe to resend) ([ADR 0045](docs/adr/0045-postgres-failover-multi-host-url.md))", { rule: wholeNumber(100) }),

  // The console and the credentials (server/auth)
  AUTH_SECRET: v("console", optText(), "signs console session cookies; set it (same value) on every instance", { show: "generated into `./.data/auth-secret` by `npm start`" }),
  CONSOLE_SESSION_MAX_AGE: v("console", num(8 * 60 * 60), "console session length in seconds, counted from sign-in; the session's row in `console_sessions` expires then whatever the cookie says ([sessions](#console-sign-in-sessions-and-lockout))", { rule: wholeNumber(1) }),
  CONSOLE_PASSWORD: v("console", optText(), "`cli user create|password` reads the password from here when `--password` is not given (keeps it out of the shell history)"),
  JWT_SECRET: v("console", optText(), "signs API access tokens; every instance reads the same one", { show: "random, stored once in the `settings` table" }),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: v("console", num(900), "failed password / key attempts are counted in windows of this many seconds ([ADR 0016](docs/adr/0016-password-attempt-limits.md))"),
  AUTH_RATE_LIMIT_MAX_FAILURES: v("console", num(10), "failures allowed per (e-mail, address) pair, and per API key or refresh token, in a window"),
  AUTH_RATE_LIMIT_MAX_FAILURES_PER_USER: v("console", num(100), "failures allowed per e-mail from every address together (the account lock)"),
  AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS: v("console", num(30), "failures allowed per client address (an IPv6 address counts as its /64)"),

  // Events: the outbox, the relay to NATS JetStream, retention (docs/events.md)
  NATS_URL: v("events", optText(), "NATS server(s) with JetStream, comma-separated; the app then relays events to stream `EVENTS`", { rule: natsUrl, show: "unset: the `events` table is the log" }),
  RUN_RELAY: v("events", onUnlessFalse(), "`false`: the app process does not run the event relay (run `npm run relay` instead)", { rule: oneOf("true", "false") }),
  EVENT_SOURCE: v("events", optText(), "CloudEvents `source`", { show: "`urn:kraken-migrate`" }),
  EVENTS_STREAM: v("events", text("EVENTS"), "JetStream stream name"),
  EVENTS_SUBJECT_PREFIX: v("events", optText(), "subject prefix (`<prefix>.<type>`, stream subjects `<prefix>.>`)", { show: "`events`" }),
  EVENTS_RELAY_BATCH_SIZE: v("events", num(1000), "relay: rows per batch", { rule: numberAtLeast(1) }),
  EVENTS_RELAY_POLL_MS: v("events", num(50), "relay: idle poll interval", { rule: numberAtLeast(5) }),
  EVENTS_PUBLISH_TIMEOUT_MS: v("events", num(5000), "relay: wait for one JetStream ack", { rule: numberAtLeast(100) }),
  EVENTS_DUPLICATE_WINDOW_SECONDS: v("events", num(900), "stream duplicate window", { rule: numberAtLeast(1) }),
  EVENTS_STREAM_REPLICAS: v("events", num(1), "stream replicas (3 on a NATS cluster)", { rule: numberAtLeast(1) }),
  EVENTS_STREAM_MAX_AGE_SECONDS: v("events", num(0), "message age limit (0 = keep); otherwise at least `EVENTS_DUPLICATE_WINDOW_SECONDS` (JetStream refuses a shorter one, so the relay refuses to start)", { rule: numberAtLeast(0) }),
  EVENTS_RELAY_MAX_LAG_SECONDS: v("events", num(60), "`/v1/events/relay-status/` answers 503 above this lag", { rule: numberAtLeast(1) }),
  EVENT_RETENTION_DAYS: v("events", num(400), "days delivered events stay in PostgreSQL (the console's log); a daily job deletes older delivered ones, never pending ones; the bus keeps its own history; `0` keeps all ([ADR 0021](docs/adr/0021-event-log-disk-and-retention.md))", { rule: wholeNumber(0) }),

  // Account imports and console import jobs
  IMPORT_CONCURRENCY: v("imports", num(8), "account imports running at once across all instances (429 above); console import jobs share the same slots", { rule: wholeNumber(1) }),
  IMPORT_JOB_WORKERS: v("imports", num(4), "per instance, loops running console import jobs ([ADR 0404](docs/adr/0404-server-side-import-jobs.md))"),
  IMPORT_JOB_WORKER_POLL_MS: v("imports", num(500), "how often an idle import-job loop looks for work; starting or resuming a job wakes the loops of every instance at once ([ADR 0042](docs/adr/0042-import-job-workers-woken-by-notify.md))"),
  IMPORT_JOB_LANES: v("imports", optNum(), "per import job, lanes queued", { show: "`IMPORT_CONCURRENCY`" }),
  IMPORT_JOB_MAX_ROWS: v("imports", num(500_000), "accounts one uploaded file may hold"),
  IMPORT_JOB_SLICE_MS: v("imports", num(10_000), "how long a lane works before it hands its slot back"),
  IMPORT_JOB_ROWS_PER_TRANSACTION: v("imports", num(10), "rows a lane imports per database transaction"),
  IMPORT_JOB_SUPPLIER_WAIT_SECONDS: v("imports", num(2), "how long a lane waits for a supplier's lock before moving on"),
  IMPORT_JOB_ROW_RETENTION_DAYS: v("imports", num(30), "days a finished import job keeps the uploaded records of its imported rows (failures are kept until the job is deleted); `0` keeps them all ([ADR 0415](docs/adr/0415-import-job-end-and-retention.md))", { rule: wholeNumber(0) }),
  ACCOUNT_IMPORT_WORKERS: v("imports", num(2), "scheduled-import (v2) workers per instance (0: none here)", { rule: wholeNumber(0) }),
  ACCOUNT_IMPORT_WORKER_POLL_MS: v("imports", num(1000), "scheduled-import workers' polling", { rule: wholeNumber(1) }),
  CATALOGUE_VERSION_TTL_MS: v("imports", num(1000), "how long an instance reuses the product catalogue version before re-reading it (0 = every request)", { rule: wholeNumber(0) }),
  CATALOGUE_CACHE_MAX_BYTES: v("imports", num(64 * 1024 * 1024), "bytes of product catalogue responses an instance keeps cached"),

  // Metrics and traces (server/lib/metrics.mjs, server/lib/tracing.ts; README, Operations)
  METRICS_PORT: v("observability", optNum(), "port of this process's Prometheus endpoint, `GET /metrics` (its own server, never the app's port); unset: no endpoint. Each process serves its own (app instances, `npm run relay`): give processes on one host different ports ([ADR 0043](docs/adr/0043-prometheus-metrics-on-their-own-port.md))", { rule: wholeNumber(1, 65535), show: "unset: no endpoint" }),
  METRICS_HOST: v("observability", optText(), "the address the metrics endpoint listens on", { show: "every interface" }),
  METRICS_TOKEN: v("observability", optText(), "when set, a scrape must send `Authorization: Bearer <token>` (401 otherwise)"),
  OTEL_EXPORTER_OTLP_ENDPOINT: v("observability", optText(), "OTLP/HTTP collector, e.g. `http://collector:4318`: traces are exported to `<url>/v1/traces`; unset: no tracing at all (the SDK is not loaded). Other `OTEL_*` variables (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, …) are read by the OpenTelemetry SDK itself ([ADR 0044](docs/adr/0044-opentelemetry-traces.md))", { rule: httpUrl, show: "unset: no tracing" }),
  OTEL_SERVICE_NAME: v("observability", text("kraken-migrate"), "`service.name` of this process's spans (the relay and CLI add `-relay` / `-cli` when unset)", { show: "`kraken-migrate`" }),

  // Payment vendors (docs/data-import.md)
  PAYMENT_VENDOR_STRIPE_URL: v("payments", optText(), vendor("STRIPE (card processor, e.g. https://api.stripe.com)")),
  PAYMENT_VENDOR_STRIPE_TOKEN: v("payments", optText(), vendor("STRIPE")),
  PAYMENT_VENDOR_BOTTOMLINE_URL: v("payments", optText(), `${vendor("BOTTOMLINE (direct-debit bureau)")}, used by all three BOTTOMLINE_* vendors unless one has its own`),
  PAYMENT_VENDOR_BOTTOMLINE_TOKEN: v("payments", optText(), vendor("BOTTOMLINE")),
  PAYMENT_VENDOR_BOTTOMLINE_GLOBAL_PAYMENTS_HUB_URL: v("payments", optText(), vendor("BOTTOMLINE_GLOBAL_PAYMENTS_HUB's own")),
  PAYMENT_VENDOR_BOTTOMLINE_GLOBAL_PAYMENTS_HUB_TOKEN: v("payments", optText(), vendor("BOTTOMLINE_GLOBAL_PAYMENTS_HUB's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_URL: v("payments", optText(), vendor("BOTTOMLINE_PTX's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_TOKEN: v("payments", optText(), vendor("BOTTOMLINE_PTX's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_URL: v("payments", optText(), vendor("BOTTOMLINE_PTX_BATCHED's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_TOKEN: v("payments", optText(), vendor("BOTTOMLINE_PTX_BATCHED's own")),
  PAYMENT_VENDOR_MAX_ATTEMPTS: v("payments", num(3), "attempts per vendor request"),
  PAYMENT_VENDOR_TIMEOUT_MS: v("payments", num(3000), "timeout per vendor attempt"),
  PAYMENT_VENDOR_BACKOFF_MS: v("payments", num(200), "first backoff between vendor attempts"),
  PAYMENT_VENDOR_PERSISTENT_AFTER: v("payments", num(3), "consecutive failed requests for one reference before 500 turns into 400"),
  PAYMENT_VENDOR_FAILURE_WINDOW_SECONDS: v("payments", num(600), "a failure counts towards `PAYMENT_VENDOR_PERSISTENT_AFTER` only within this long of the previous one"),

  // Documents
  DEMO_DOCUMENT_ROOT: v("documents", optText(), "the platform's own document folder, split per organisation: an organisation's suppliers may use only `<folder>/<organisation number>` and below (the demo suppliers use `<folder>/ORG-DEMO`)", { show: "`file://…/.data/documents`" }),
  DOCUMENT_ROOT_ALLOWLIST: v("documents", optText(), "comma-separated stores a supplier's document root may point into: `file:///dir` entries and `s3://bucket[/prefix]` (`s3://` alone: any bucket). The platform's own folder (`DEMO_DOCUMENT_ROOT`, else `.data/documents`) is always allowed. Set it to use other local folders (e.g. `file:///srv/docs`); roots and stored documents outside it are refused (`document_root_not_allowed`) or answer as missing ([ADR 0104](docs/adr/0104-document-store.md)). Within it each root belongs to the organisation that first used it ([ADR 0106](docs/adr/0106-document-roots-owned-per-organisation.md))", { show: "`s3://`" }),
  S3_ENDPOINT: v("documents", optText(), "an S3-compatible document store (path-style by default when set)", { show: "unset: AWS S3" }),
  S3_REGION: v("documents", optText(), "the store's region", { show: "`AWS_REGION`, else `eu-west-2`" }),
  AWS_REGION: v("documents", optText(), "the region when `S3_REGION` is unset"),
  S3_FORCE_PATH_STYLE: v("documents", optBool(), "`true` / `false`: path-style bucket addressing", { show: "true when `S3_ENDPOINT` is set" }),
  AWS_ACCESS_KEY_ID: v("documents", optText(), "S3 credentials (read by the AWS SDK itself)"),
  AWS_SECRET_ACCESS_KEY: v("documents", optText(), "S3 credentials (read by the AWS SDK itself)"),

  // Registration flows
  SUPPLIER_MPID: v("registration", text("KMIG"), "our market participant id in registration events and flows"),
  REGISTRATION_MIN_LEAD_DAYS: v("registration", num(1), "earliest supply start = today + this"),
  REGISTRATION_GATEWAY_URL: v("registration", optText(), "where flows are POSTed (`<url>/flows`); unset = recorded on the row for export"),
  REGISTRATION_GATEWAY_TOKEN: v("registration", optText(), "bearer token for the registration gateway"),
  REGISTRATION_GATEWAY_TIMEOUT_MS: v("registration", num(5000), "timeout of one POST to the gateway"),
  REGISTRATION_WORKER_POLL_MS: v("registration", num(1000), "registration worker polling"),
  REGISTRATION_RETRY_BACKOFF_SECONDS: v("registration", num(30), "first retry delay (doubles, 5 attempts)"),

  // Tests (vitest and Playwright set-up)
  PROPERTY_RUNS: v("tests", optNum(), "property tests' runs (data-import 40, account-import 0: off)", { show: "per test" }),
  FUZZ_RUNS: v("tests", num(10), "runs per REST fuzz property (`test/fuzz`)"),
  FUZZ_SEED: v("tests", optNum(), "replays a fuzz run with this seed"),
  EVENTS_TEST_OUTAGE_SECONDS: v("tests", num(2), "how long the relay test keeps NATS down"),
  NATS_SERVER_BIN: v("tests", text("/usr/sbin/nats-server"), "the nats-server binary tests start"),
  VITEST_POOL_ID: v("tests", optText(), "set by vitest in each worker (1 to its worker count); on PostgreSQL the worker's files use their own copy of `DATABASE_URL`'s database, `<name>_t<pid of the run>_w<id>` ([ADR 0503](docs/adr/0503-test-databases-migrated-once.md))", { show: "set by vitest" }),
  NEXT_BUILD_TYPECHECK: v("tests", onUnlessFalse(), "`false`: `next build` skips its own TypeScript check; CI sets it for the Playwright build, having run `tsc --noEmit` over the same files already ([ADR 0503](docs/adr/0503-test-databases-migrated-once.md))"),
  E2E_STATE_DIR: v("tests", text("e2e/artifacts/.state"), "where Playwright's global set-up keeps signed-in state (set by playwright.config.ts)"),
  E2E_METRICS_PORT: v("tests", num(3191), "the e2e server's `METRICS_PORT`, which `e2e/api/metrics.spec.ts` has Prometheus scrape (set by playwright.config.ts)"),
  E2E_METRICS_TOKEN: v("tests", text("e2e-metrics-token"), "the e2e server's `METRICS_TOKEN` (set by playwright.config.ts)"),
  PROMETHEUS_BIN: v("tests", text("/usr/bin/prometheus"), "the Prometheus binary `e2e/api/metrics.spec.ts` runs (Debian's `prometheus`; `.ci/run` installs it); without it the spec is skipped outside CI"),
  CI: v("tests", optText(), "set by CI (`.ci/run`: `true`); Playwright then retries once, and the metrics spec fails instead of skipping without Prometheus"),

  // Benchmarks (bench/, BENCHMARKS.md)
  BENCH_WRITE: v("benches", optText(), "`0`: do not write figures to BENCHMARKS.md (`bench:support` writes only with `1`)"),
  BENCH_SKIP_BUILD: v("benches", onIfOne(), "`1` reuses `.next` instead of running `next build`"),
  BENCH_URL: v("benches", optText(), "benchmark a running server at this URL instead of starting one"),
  BENCH_ONLY: v("benches", optText(), "run one part only (`bench:scale`: a part name; `bench:import`: `accounts` or `transactions`)"),
  BENCH_JSON: v("benches", onIfOne(), "`1`: `bench:public` also prints its figures as JSON"),
  BENCH_KEEP: v("benches", onIfOne(), "`1`: `bench:support` keeps its databases"),
  BENCH_DEBUG: v("benches", optText(), "`bench:events`: print the relay's progress"),
  BENCH_PORT: v("benches", optNum(), "port of the server a bench starts", { show: "public 3200, import 3300" }),
  BENCH_ROUNDS: v("benches", optNum(), "measured rounds", { show: "scale 5, public 3, import 5, events 3" }),
  BENCH_ACCOUNTS: v("benches", optNum(), "accounts per run", { show: "support 100000, events and profile-relay 5000, account rounds 400" }),
  BENCH_TOTAL: v("benches", num(20_000), "transactions posted per round (`bench:import`, `bench:scale`)"),
  BENCH_BATCH: v("benches", num(500), "transactions per request"),
  BENCH_CLIENTS: v("benches", num(4), "`bench:import`: concurrent clients"),
  BENCH_CLIENT: v("benches", text("http"), "`fetch` or `http`: the client the import bench posts with"),
  BENCH_WARM: v("benches", num(20_000), "`bench:import`: transactions posted to warm up"),
  BENCH_WARM_BATCH: v("benches", num(10), "`bench:import`: transactions per warm-up request"),
  BENCH_ACCOUNT_CLIENTS: v("benches", num(8), "account-import rounds: concurrent clients"),
  BENCH_ACCOUNT_WARM: v("benches", num(800), "account-import rounds: accounts sent through each path before the clock starts (the server's CPU per account falls for its first ~800)"),
  BENCH_ACCOUNT_ROUNDS: v("benches", num(3), "account-import rounds"),
  BENCH_ACCOUNT_RAW_BATCH: v("benches", num(25), "account-import rounds: accounts per raw insert"),
  BENCH_DURATION: v("benches", num(15), "`bench:public`: seconds per load round"),
  BENCH_CONNECTIONS: v("benches", num(50), "`bench:public`: connections"),
  BENCH_LATENCY_SECONDS: v("benches", num(10), "`bench:public`: seconds of single-connection latency"),
  BENCH_RATE: v("benches", num(1000), "`bench:events`: events per second offered"),
  BENCH_SECONDS: v("benches", num(10), "`bench:events`: seconds at that rate"),
  BENCH_BULK: v("benches", num(30_000), "`bench:events`: events in the bulk round"),
  BENCH_HOT: v("benches", num(5000), "`bench:events`: events for one hot account"),
  BENCH_EVENTS_PER_TX: v("benches", num(1), "`bench:events`: events per transaction"),
  BENCH_PRODUCER_POOL: v("benches", num(32), "`bench:events`: the producer's `DATABASE_POOL_SIZE`"),
  BENCH_SMALL: v("benches", num(1000), "`bench:support`: accounts in the small database"),
  BENCH_QUERIES: v("benches", num(300), "`bench:support`: queries per kind"),
  BENCH_TRANSACTIONS: v("benches", num(10_000), "`bench:support`: ledger transactions of the large account"),
  BENCH_READS: v("benches", num(100), "`bench:scale`: reads per kind"),
  BENCH_RELAY: v("benches", num(20_000), "`bench:scale`: events relayed per round"),
  BENCH_RELAY_ROUNDS: v("benches", num(5), "`bench:scale`: relay rounds"),
  BENCH_PUBLIC_SECONDS: v("benches", num(5), "`bench:scale`: seconds per public-route round"),
  SCALE: v("benches", num(1), "`bench:scale`: multiple of the production-scale data set"),
  SCALE_DATABASE_URL: v("benches", optText(), "`bench:scale`: the scale database", { show: "`…/km_scale`" }),
  FRESH_DATABASE_URL: v("benches", optText(), "`bench:scale`: the empty comparison database", { show: "`…/km_scale_fresh`" }),
  FAULTS_CLIENTS: v("benches", num(8), "`bench:faults`, `bench/profile-connection-loss.ts`: clients"),
  FAULTS_CLIENT_RATE: v("benches", num(8), "`bench:faults`, `bench/profile-connection-loss.ts`: requests per second each client sends (a paced script; a late one catches up at most 1 s); 0: closed loop, each client as fast as answers come ([ADR 0033](docs/adr/0033-fault-harness-paced-load.md))", { rule: wholeNumber(0) }),
  FAULTS_ACCOUNTS: v("benches", num(16), "`bench:faults`: accounts"),
  FAULTS_WARM_S: v("benches", num(15), "`bench:faults`: seconds of load before the measured run (the servers' code warms up; its requests are checked like the rest)", { rule: wholeNumber(0) }),
  FAULTS_PRE_S: v("benches", num(15), "`bench:faults`: seconds before the first fault"),
  FAULTS_GAP_S: v("benches", num(20), "`bench:faults`: seconds between faults"),
  FAULTS_PG_DOWN_S: v("benches", num(4), "`bench:faults`: seconds PostgreSQL stays down"),
  FAULTS_NATS_DOWN_S: v("benches", num(30), "`bench:faults`: seconds NATS stays down"),
  FAULTS_KILL_DOWN_S: v("benches", num(10), "`bench:faults`: seconds a killed server stays down"),
  HA_SCENARIOS: v("benches", text("postgres,nats"), "`bench:ha`: which scenarios run, comma-separated: `postgres` (primary lost, standby promoted), `nats` (a node of a 3-node JetStream cluster killed and restarted)"),
  HA_WARM_S: v("benches", num(10), "`bench:ha`: seconds of load before each scenario's clock starts", { rule: wholeNumber(0) }),
  HA_PRE_S: v("benches", num(10), "`bench:ha`: seconds of load before the fault", { rule: wholeNumber(1) }),
  HA_PROMOTE_AFTER_S: v("benches", num(3), "`bench:ha` postgres: seconds from the primary's stop to the standby's promotion (no primary meanwhile)", { rule: wholeNumber(0) }),
  HA_NATS_DOWN_S: v("benches", num(10), "`bench:ha` nats: seconds the killed node (the stream's leader) stays down", { rule: wholeNumber(1) }),
  HA_AFTER_S: v("benches", num(20), "`bench:ha`: seconds of load after the fault is over", { rule: wholeNumber(5) }),
  FAULTS_DUMP: v("benches", optText(), "`bench:faults`: write the raw timeline to this file"),
  FAULTS_PG_BIN: v("benches", text("/usr/lib/postgresql/15/bin"), "`bench:faults`: PostgreSQL's binaries"),
  FAULTS_NATS_BIN: v("benches", text("/usr/sbin/nats-server"), "`bench:faults`: the nats-server binary"),
  CHAOS_SEED: v("benches", num(1), "resend-chaos: random seed"),
  CHAOS_PORT: v("benches", num(3581), "resend-chaos: server port"),
  CHAOS_ACCOUNTS: v("benches", num(300), "resend-chaos: accounts"),
  CHAOS_WORKERS: v("benches", num(8), "resend-chaos: concurrent senders"),
  CHAOS_KILLS: v("benches", num(2), "resend-chaos: server kills"),
  CHAOS_ABORT: v("benches", num(0.2), "resend-chaos: share of requests aborted"),
  CHAOS_ABORT_MS: v("benches", num(250), "resend-chaos: abort after this many ms"),
  CHAOS_DUP: v("benches", num(0.25), "resend-chaos: share of requests sent twice"),
  CHAOS_TX_BATCHES: v("benches", num(3), "resend-chaos: transaction batches per account"),
  CHAOS_VENDOR_DELAY_MS: v("benches", num(150), "resend-chaos: fake vendor's delay"),
  CHAOS_REGISTRATION_WAIT_S: v("benches", num(90), "resend-chaos: seconds to wait for registrations"),
  CHAOS_REQUEST_TIMEOUT_MS: v("benches", num(30_000), "resend-chaos: request timeout"),
  CHAOS_REBATCH: v("benches", num(0.5), "resend-chaos: share of resends split differently"),
  STAGES_ITERATIONS: v("benches", num(400), "cpu-stages: iterations"),
  STAGES_PASSES: v("benches", num(5), "cpu-stages: passes"),
  PROFILE_CLIENTS: v("benches", num(8), "profile-accounts, profile-rest-accounts: clients"),
  PROFILE_ACCOUNTS: v("benches", num(200), "profile-accounts, profile-rest-accounts: accounts per round; profile-request-costs: requests per kind; profile-statements: accounts per path"),
  PROFILE_STATEMENTS: v("benches", num(14), "profile-statements: statements shown per path"),
  PROFILE_ROUNDS: v("benches", num(4), "profile-accounts, profile-rest-accounts, profile-import: rounds"),
  PROFILE_COUNT: v("benches", onIfOne(), "profile-accounts: `1` counts statements"),
  PROFILE_PER_CLIENT: v("benches", num(10_000), "profile-import: transactions per client"),
  PROFILE_OUT: v("benches", optText(), "profile-relay: write the CPU profile here"),
  PROFILE_TOP: v("benches", num(40), "profile-relay: functions listed"),
  NODE_OPTIONS: v("benches", optText(), "passed on to the servers benches start, to `npm run relay` and to bench:events, with `npm start`'s V8 flags added"),
};

/** @typedef {keyof typeof VARIABLES} VariableName */
/** @typedef {{ readonly [K in VariableName]: ReturnType<(typeof VARIABLES)[K]["parse"]> }} Config */

/** The variables `npm start`, `scripts/server.mjs` and the app's background start check (ADR 0010), in the order errors are listed. */
export const START_VARS = /** @type {const} */ ([
  "PORT",
  "KEEP_ALIVE_TIMEOUT",
  "REQUEST_TIMEOUT",
  "HEADERS_TIMEOUT",
  "TRUST_PROXY_HOPS",
  "MAX_BODY_BYTES",
  "AUTH_MAX_BODY_BYTES",
  "API_RATE_LIMIT_PER_MINUTE",
  "API_CUSTOMER_RATE_LIMIT_PER_MINUTE",
  "API_ADDRESS_RATE_LIMIT_PER_MINUTE",
  "DIRECT_ROUTES",
  "IMPORT_CONCURRENCY",
  "IMPORT_JOB_ROW_RETENTION_DAYS",
  "EVENT_RETENTION_DAYS",
  "ACCOUNT_IMPORT_WORKERS",
  "ACCOUNT_IMPORT_WORKER_POLL_MS",
  "CATALOGUE_VERSION_TTL_MS",
  "CONSOLE_SESSION_MAX_AGE",
  "DATABASE_URL",
  "DATABASE_POOL_SIZE",
  "DATABASE_UNAVAILABLE_WAIT_MS",
  "NATS_URL",
  "RUN_RELAY",
  "RUN_WORKERS",
  "LOG_LEVEL",
  "METRICS_PORT",
  "OTEL_EXPORTER_OTLP_ENDPOINT",
]);

/** The variables the database connection reads (the CLI and the relay need only these). */
export const DATABASE_VARS = /** @type {VariableName[]} */ (["DATABASE_URL", "DATABASE_POOL_SIZE"]);

/** The relay's own settings, checked wherever a relay starts (and at start-up when it will run). */
export const RELAY_VARS = /** @type {VariableName[]} */ ([
  "EVENTS_RELAY_BATCH_SIZE",
  "EVENTS_PUBLISH_TIMEOUT_MS",
  "EVENTS_DUPLICATE_WINDOW_SECONDS",
  "EVENTS_STREAM_REPLICAS",
  "EVENTS_STREAM_MAX_AGE_SECONDS",
  "EVENTS_RELAY_POLL_MS",
]);

/** @typedef {Record<string, string | undefined>} Source */

/** A variable's text; empty counts as unset. @param {Source} source @param {string} name */
const rawOf = (source, name) => {
  const raw = source[name];
  return raw === "" ? undefined : raw;
};

/**
 * The typed configuration over `source` (tests pass their own). Each property converts its
 * variable when read and keeps the result until the variable's text changes, so a test that
 * sets a variable (setEnv, vi.stubEnv) is seen at once while a server converts each value once.
 * @param {Source} source
 * @returns {Config}
 */
export function configFrom(source) {
  /** @type {Record<string, { raw: string | undefined, value: unknown }>} */
  const memo = {};
  const config = {};
  for (const [name, variable] of Object.entries(VARIABLES)) {
    Object.defineProperty(config, name, {
      enumerable: true,
      get() {
        const raw = rawOf(source, name);
        const seen = memo[name];
        if (seen && seen.raw === raw) return seen.value;
        const value = /** @type {(raw: string | undefined) => unknown} */ (variable.parse)(raw);
        memo[name] = { raw, value };
        return value;
      },
    });
  }
  return /** @type {Config} */ (Object.freeze(config));
}

/** The process's configuration: the one typed, frozen view of process.env. */
export const env = configFrom(process.env);

/**
 * Checks `source` once (every rule, or those of `names`) and returns a frozen snapshot of
 * every value; throws one error naming every bad variable.
 * @param {Source} [source]
 * @param {readonly VariableName[]} [names]
 * @returns {Config}
 */
export function loadConfig(source = process.env, names) {
  assertConfig(source, names);
  const live = configFrom(source);
  return /** @type {Config} */ (Object.freeze(Object.fromEntries(Object.keys(VARIABLES).map((name) => [name, live[/** @type {VariableName} */ (name)]]))));
}

/**
 * The process's variables with some replaced, as a source for configFrom or assertConfig.
 * @param {Source} values
 * @returns {Source}
 */
export function envWith(values) {
  return { ...process.env, ...values };
}

/** Whether a variable is set (to a non-empty value). @param {VariableName} name */
export function isSet(name) {
  return rawOf(process.env, name) !== undefined;
}

/**
 * Sets variables (undefined removes one) for code running in this process and the processes
 * it starts; returns a function that puts the previous values back. For tests, benches and
 * the start scripts: the one place that writes process.env.
 * @param {Record<string, string | undefined>} values
 * @returns {() => void}
 */
export function setEnv(values) {
  /** @type {Record<string, string | undefined>} */
  const before = {};
  for (const [name, value] of Object.entries(values)) {
    before[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return () => void setEnv(before);
}

/** The start-up rules, by variable: every variable that has one. */
export const CONFIG_RULES = /** @type {Record<string, z.ZodType>} */ (Object.fromEntries(Object.entries(VARIABLES).flatMap(([name, variable]) => ("rule" in variable && variable.rule ? [[name, variable.rule]] : []))));

/** Hides passwords in a URL (or a comma-separated list of them) for messages and logs. @param {unknown} raw */
export function redactUrl(raw) {
  return String(raw).replace(/(\/\/[^:@/\s,]*:)[^@/\s,]*@/g, "$1***@");
}

/**
 * One message per invalid variable among `names` (the start-up set when omitted).
 * @param {Source} [source]
 * @param {readonly string[]} [names]
 * @returns {string[]}
 */
export function configErrors(source = process.env, names = START_VARS) {
  const errors = [];
  for (const name of names) {
    const raw = rawOf(source, name);
    const rule = CONFIG_RULES[name];
    if (raw === undefined || !rule) continue;
    const checked = rule.safeParse(raw);
    if (!checked.success) errors.push(`${name}="${redactUrl(raw)}" ${checked.error.issues[0].message}`);
  }
  return errors;
}

/**
 * Throws one error listing every invalid variable among `names`.
 * @param {Source} [source]
 * @param {readonly string[]} [names]
 */
export function assertConfig(source = process.env, names) {
  const errors = configErrors(source, names);
  if (errors.length) throw new Error(`invalid configuration:\n  ${errors.join("\n  ")}\n(see README.md, Configuration)`);
}
