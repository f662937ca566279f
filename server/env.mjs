// @ts-check
// Every environment variable a deployment sets, declared once: its type, default, meaning and
// the rule its text must pass (ADR 0501, amended by ADR 0508). Every one is checked at start
// (`npm start`, scripts/server.mjs, the relay, the CLI's database variables): a bad value stops
// the process with one message naming each bad variable, never a NaN further on. The tests' and
// the benches' settings live in test/env.mjs and bench/env.mjs, built from the same kit
// (server/env-kit.mjs). Nothing else reads process.env (server/env.test.ts walks the sources).
// Plain JS with JSDoc, as create-t3-app's env.js: `node scripts/start.mjs` imports it before any
// build, and TypeScript (allowJs) infers the types from it.
// The README's configuration tables are generated from here: `npm run docs:config`.

import {
  wholeNumber,
  numberAtLeast,
  oneOf,
  databaseUrl,
  httpUrl,
  natsUrl,
  num,
  optNum,
  text,
  optText,
  onUnlessFalse,
  optBool,
  v,
  defineConfig,
} from "./env-kit.mjs";

export { envWith, isSet, redactUrl, setEnv } from "./env-kit.mjs";

const vendor = /** @param {string} who */ (who) => `payment vendor ${who}: base URL and token (both needed)`;

export const VARIABLES = {
  // The HTTP server `npm start` runs (scripts/server.mjs, scripts/http-edge.mjs)
  PORT: v("server", num(3000), "`npm start`'s port (it listens on every interface)", { rule: wholeNumber(1, 65535) }),
  KEEP_ALIVE_TIMEOUT: v(
    "server",
    optNum(),
    "`npm start`: ms an idle keep-alive connection stays open; set it above your load balancer's idle timeout",
    { rule: wholeNumber(1), show: "Node's `5000`" },
  ),
  REQUEST_TIMEOUT: v(
    "server",
    num(60),
    "`npm start`: seconds a whole request (headers and body) may take to arrive; a slower one gets a JSON 408 `request_timeout` and its connection is closed (checked every second, so a stalled body no longer holds a connection for minutes)",
    { rule: wholeNumber(1, 3600) },
  ),
  HEADERS_TIMEOUT: v(
    "server",
    num(10),
    "`npm start`: seconds a request's headers may take (at most `REQUEST_TIMEOUT`; raised above `KEEP_ALIVE_TIMEOUT` when that is set)",
    { rule: wholeNumber(1, 3600) },
  ),
  TRUST_PROXY_HOPS: v(
    "server",
    num(0),
    "proxies in front of the app that append to `X-Forwarded-For`; the client address for per-address limits is the entry this many from the right after the TCP peer (0: the peer itself). Only `npm start` knows the peer; under a bare `next start` the header is trusted as sent and a warning is logged ([ADR 0009](docs/adr/0009-client-address-from-the-socket.md)). With 1 or more, `X-Forwarded-Proto` is read the same way: `https` there turns on HSTS and `Secure` console cookies; with 0 it is ignored ([ADR 0403](docs/adr/0403-console-sessions-and-headers.md))",
    { rule: wholeNumber(0) },
  ),
  MAX_BODY_BYTES: v(
    "server",
    num(10 * 1024 * 1024),
    "request body limit (413 above it), read before anything parses it: REST, and the console's tRPC calls with a session cookie (64 KiB without one)",
    { rule: wholeNumber(1) },
  ),
  AUTH_MAX_BODY_BYTES: v(
    "server",
    num(16 * 1024),
    "body limit of the console's sign-in and sign-out posts (`/api/auth/*`), read before Auth.js parses it (413 above it)",
    { rule: wholeNumber(1) },
  ),
  DIRECT_ROUTES: v(
    "server",
    onUnlessFalse(),
    "`npm start`: the data-import API's POST routes go straight to their handlers in the REST route table (ADR 0505), past Next's per-request pipeline (a third less server CPU per account imported); `false` sends them through Next like every other route ([ADR 0037](docs/adr/0037-data-import-routes-past-next-pipeline.md))",
    { rule: oneOf("true", "false") },
  ),
  API_RATE_LIMIT_PER_MINUTE: v(
    "server",
    num(60_000),
    "REST and GraphQL requests per minute per organisation API key (or its tokens) and per console user's token, counted together in PostgreSQL across instances (in batches: each instance adds its count every 200 ms); above it 429 `throttled` with `Retry-After`; 0 = no limit ([ADR 0111](docs/adr/0111-one-request-rate-limiter.md))",
    { rule: wholeNumber(0) },
  ),
  API_CUSTOMER_RATE_LIMIT_PER_MINUTE: v(
    "server",
    num(300),
    "REST and GraphQL requests per minute per customer key (or its tokens), counted exactly per request; 0 = no limit",
    { rule: wholeNumber(0) },
  ),
  API_ADDRESS_RATE_LIMIT_PER_MINUTE: v(
    "server",
    num(1_200),
    "requests per minute per client address without valid credentials (public routes, missing or bad keys); an IPv6 address counts as its /64; 0 = no limit",
    { rule: wholeNumber(0) },
  ),
  GRAPHQL_RATE_LIMIT_PER_MINUTE: v(
    "server",
    num(300),
    "GraphQL operations per minute per key (organisation or customer; console user; else per client address), counted in PostgreSQL across instances; each operation of a batch counts; above it `KT-CT-1199` ([ADR 0209](docs/adr/0209-graphql-abuse-limits.md))",
  ),
  NODE_ENV: v(
    "server",
    optText(),
    "set by Next.js and `npm start` (`production`); `development` under `next dev` lets the console's CSP allow `eval` for hot reload",
  ),
  HOSTNAME: v(
    "server",
    text("local"),
    "names this instance in the event relay's instance id (set by the OS or orchestrator)",
  ),
  LOG_LEVEL: v(
    "server",
    optText(),
    "`info`, `warn`, `error` or `silent`; logs are JSON lines with the request id (errors on stderr, the rest on stdout; the CLI logs only to stderr)",
    { rule: oneOf("info", "warn", "error", "silent"), show: "`info`" },
  ),
  RUN_WORKERS: v(
    "server",
    onUnlessFalse(),
    "`false` hands the registration and scheduled-import workers, the import-job workers, the retention jobs and the daily demo-catalogue job to separate processes",
    { rule: oneOf("true", "false") },
  ),
  NODE_OPTIONS: v(
    "server",
    optText(),
    "Node's own options; `npm start`, `npm run relay` and the benches' servers add their V8 flags to it",
  ),
  NEXT_BUILD_TYPECHECK: v(
    "server",
    optBool(),
    "`true`: `next build` runs its own TypeScript check too. Off by default: type-checking is CI's `tsc --noEmit`, not the first start's ([ADR 0504](docs/adr/0504-first-start-without-type-check.md))",
  ),

  // The database (db/client.ts)
  DATABASE_URL: v(
    "database",
    optText(),
    "PostgreSQL server, e.g. `postgres://user@host:5432/db`; on the same machine a Unix socket is cheaper per statement: `postgres://user@localhost/db?host=/var/run/postgresql` (ADR 0032). Required for several instances or `npm run relay`",
    { rule: databaseUrl, show: "unset: embedded PGlite" },
  ),
  PGLITE_DIR: v("database", optText(), "where the embedded database lives (`memory://` for a throwaway one)", {
    show: "`./.data/pglite`",
  }),
  DATABASE_POOL_SIZE: v("database", num(10), "postgres-js connections per process", { rule: wholeNumber(1) }),
  DATABASE_UNAVAILABLE_WAIT_MS: v(
    "database",
    num(1000),
    "a REST request still waiting this long while the pool's connection attempts fail (the server is down, or a multi-host `DATABASE_URL` finds no primary during a failover) answers the documented 503 `service_unavailable` with `Retry-After` at once; its work, if it ever runs, is a resend's to repeat (every data-import call is safe to resend) ([ADR 0045](docs/adr/0045-postgres-failover-multi-host-url.md))",
    { rule: wholeNumber(100) },
  ),

  // The console and the credentials (server/auth)
  AUTH_SECRET: v("console", optText(), "signs console session cookies; set it (same value) on every instance", {
    show: "generated into `./.data/auth-secret` by `npm start`",
  }),
  CONSOLE_SESSION_MAX_AGE: v(
    "console",
    num(8 * 60 * 60),
    "console session length in seconds, counted from sign-in; the session's row in `console_sessions` expires then whatever the cookie says ([sessions](#console-sign-in-sessions-and-lockout))",
    { rule: wholeNumber(1) },
  ),
  CONSOLE_PASSWORD: v(
    "console",
    optText(),
    "`cli user create|password` reads the password from here when `--password` is not given (keeps it out of the shell history)",
  ),
  JWT_SECRET: v("console", optText(), "signs API access tokens; every instance reads the same one", {
    show: "random, stored once in the `settings` table",
  }),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: v(
    "console",
    num(900),
    "failed password / key attempts are counted in windows of this many seconds ([ADR 0016](docs/adr/0016-password-attempt-limits.md))",
  ),
  AUTH_RATE_LIMIT_MAX_FAILURES: v(
    "console",
    num(10),
    "failures allowed per (e-mail, address) pair, and per API key or refresh token, in a window",
  ),
  AUTH_RATE_LIMIT_MAX_FAILURES_PER_USER: v(
    "console",
    num(100),
    "failures allowed per e-mail from every address together (the account lock)",
  ),
  AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS: v(
    "console",
    num(30),
    "failures allowed per client address (an IPv6 address counts as its /64)",
  ),

  // Events: the outbox, the relay to NATS JetStream, retention (docs/events.md)
  NATS_URL: v(
    "events",
    optText(),
    "NATS server(s) with JetStream, comma-separated; the app then relays events to stream `EVENTS`",
    { rule: natsUrl, show: "unset: the `events` table is the log" },
  ),
  RUN_RELAY: v(
    "events",
    onUnlessFalse(),
    "`false`: the app process does not run the event relay (run `npm run relay` instead)",
    { rule: oneOf("true", "false") },
  ),
  EVENT_SOURCE: v("events", optText(), "CloudEvents `source`", { show: "`urn:kraken-migrate`" }),
  EVENTS_STREAM: v("events", text("EVENTS"), "JetStream stream name"),
  EVENTS_SUBJECT_PREFIX: v("events", optText(), "subject prefix (`<prefix>.<type>`, stream subjects `<prefix>.>`)", {
    show: "`events`",
  }),
  EVENTS_RELAY_BATCH_SIZE: v("events", num(1000), "relay: rows per batch", { rule: numberAtLeast(1) }),
  EVENTS_RELAY_POLL_MS: v("events", num(50), "relay: idle poll interval", { rule: numberAtLeast(5) }),
  EVENTS_PUBLISH_TIMEOUT_MS: v("events", num(5000), "relay: wait for one JetStream ack", { rule: numberAtLeast(100) }),
  EVENTS_DUPLICATE_WINDOW_SECONDS: v("events", num(900), "stream duplicate window", { rule: numberAtLeast(1) }),
  EVENTS_STREAM_REPLICAS: v("events", num(1), "stream replicas (3 on a NATS cluster)", { rule: numberAtLeast(1) }),
  EVENTS_STREAM_MAX_AGE_SECONDS: v(
    "events",
    num(0),
    "message age limit (0 = keep); otherwise at least `EVENTS_DUPLICATE_WINDOW_SECONDS` (JetStream refuses a shorter one, so the relay refuses to start)",
    { rule: numberAtLeast(0) },
  ),
  EVENTS_RELAY_MAX_LAG_SECONDS: v("events", num(60), "`/v1/events/relay-status/` answers 503 above this lag", {
    rule: numberAtLeast(1),
  }),
  EVENT_RETENTION_DAYS: v(
    "events",
    num(400),
    "days delivered events stay in PostgreSQL (the console's log); a daily job deletes older delivered ones, never pending ones; the bus keeps its own history; `0` keeps all ([ADR 0021](docs/adr/0021-event-log-disk-and-retention.md))",
    { rule: wholeNumber(0) },
  ),

  // Account imports and console import jobs
  IMPORT_CONCURRENCY: v(
    "imports",
    num(8),
    "account imports running at once across all instances (429 above); console import jobs share the same slots",
    { rule: wholeNumber(1) },
  ),
  IMPORT_JOB_WORKERS: v(
    "imports",
    num(4),
    "per instance, loops running console import jobs ([ADR 0404](docs/adr/0404-server-side-import-jobs.md))",
  ),
  IMPORT_JOB_WORKER_POLL_MS: v(
    "imports",
    num(500),
    "how often an idle import-job loop looks for work; starting or resuming a job wakes the loops of every instance at once ([ADR 0042](docs/adr/0042-import-job-workers-woken-by-notify.md))",
  ),
  IMPORT_JOB_LANES: v("imports", optNum(), "per import job, lanes queued", { show: "`IMPORT_CONCURRENCY`" }),
  IMPORT_JOB_MAX_ROWS: v("imports", num(500_000), "accounts one uploaded file may hold"),
  IMPORT_JOB_SLICE_MS: v("imports", num(10_000), "how long a lane works before it hands its slot back"),
  IMPORT_JOB_ROWS_PER_TRANSACTION: v("imports", num(10), "rows a lane imports per database transaction"),
  IMPORT_JOB_SUPPLIER_WAIT_SECONDS: v(
    "imports",
    num(2),
    "how long a lane waits for a supplier's lock before moving on",
  ),
  IMPORT_JOB_ROW_RETENTION_DAYS: v(
    "imports",
    num(30),
    "days a finished import job keeps the uploaded records of its imported rows (failures are kept until the job is deleted); `0` keeps them all ([ADR 0415](docs/adr/0415-import-job-end-and-retention.md))",
    { rule: wholeNumber(0) },
  ),
  ACCOUNT_IMPORT_WORKERS: v("imports", num(2), "scheduled-import (v2) workers per instance (0: none here)", {
    rule: wholeNumber(0),
  }),
  ACCOUNT_IMPORT_WORKER_POLL_MS: v("imports", num(1000), "scheduled-import workers' polling", { rule: wholeNumber(1) }),
  CATALOGUE_VERSION_TTL_MS: v(
    "imports",
    num(1000),
    "how long an instance reuses the product catalogue version before re-reading it (0 = every request)",
    { rule: wholeNumber(0) },
  ),
  CATALOGUE_CACHE_MAX_BYTES: v(
    "imports",
    num(64 * 1024 * 1024),
    "bytes of product catalogue responses an instance keeps cached",
  ),

  // Metrics and traces (server/lib/metrics.mjs, server/lib/tracing.ts; README, Operations)
  METRICS_PORT: v(
    "observability",
    optNum(),
    "port of this process's Prometheus endpoint, `GET /metrics` (its own server, never the app's port); unset: no endpoint. Each process serves its own (app instances, `npm run relay`): give processes on one host different ports ([ADR 0043](docs/adr/0043-prometheus-metrics-on-their-own-port.md))",
    { rule: wholeNumber(1, 65535), show: "unset: no endpoint" },
  ),
  METRICS_HOST: v("observability", optText(), "the address the metrics endpoint listens on", {
    show: "every interface",
  }),
  METRICS_TOKEN: v(
    "observability",
    optText(),
    "when set, a scrape must send `Authorization: Bearer <token>` (401 otherwise)",
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: v(
    "observability",
    optText(),
    "OTLP/HTTP collector, e.g. `http://collector:4318`: traces are exported to `<url>/v1/traces`; unset: no tracing at all (the SDK is not loaded). Other `OTEL_*` variables (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, …) are read by the OpenTelemetry SDK itself ([ADR 0044](docs/adr/0044-opentelemetry-traces.md))",
    { rule: httpUrl, show: "unset: no tracing" },
  ),
  OTEL_SERVICE_NAME: v(
    "observability",
    text("kraken-migrate"),
    "`service.name` of this process's spans (the relay and CLI add `-relay` / `-cli` when unset)",
    { show: "`kraken-migrate`" },
  ),

  // Payment vendors (docs/data-import.md)
  PAYMENT_VENDOR_STRIPE_URL: v("payments", optText(), vendor("STRIPE (card processor, e.g. https://api.stripe.com)")),
  PAYMENT_VENDOR_STRIPE_TOKEN: v("payments", optText(), vendor("STRIPE")),
  PAYMENT_VENDOR_BOTTOMLINE_URL: v(
    "payments",
    optText(),
    `${vendor("BOTTOMLINE (direct-debit bureau)")}, used by all three BOTTOMLINE_* vendors unless one has its own`,
  ),
  PAYMENT_VENDOR_BOTTOMLINE_TOKEN: v("payments", optText(), vendor("BOTTOMLINE")),
  PAYMENT_VENDOR_BOTTOMLINE_GLOBAL_PAYMENTS_HUB_URL: v(
    "payments",
    optText(),
    vendor("BOTTOMLINE_GLOBAL_PAYMENTS_HUB's own"),
  ),
  PAYMENT_VENDOR_BOTTOMLINE_GLOBAL_PAYMENTS_HUB_TOKEN: v(
    "payments",
    optText(),
    vendor("BOTTOMLINE_GLOBAL_PAYMENTS_HUB's own"),
  ),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_URL: v("payments", optText(), vendor("BOTTOMLINE_PTX's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_TOKEN: v("payments", optText(), vendor("BOTTOMLINE_PTX's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_URL: v("payments", optText(), vendor("BOTTOMLINE_PTX_BATCHED's own")),
  PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_TOKEN: v("payments", optText(), vendor("BOTTOMLINE_PTX_BATCHED's own")),
  PAYMENT_VENDOR_MAX_ATTEMPTS: v("payments", num(3), "attempts per vendor request"),
  PAYMENT_VENDOR_TIMEOUT_MS: v("payments", num(3000), "timeout per vendor attempt"),
  PAYMENT_VENDOR_BACKOFF_MS: v("payments", num(200), "first backoff between vendor attempts"),
  PAYMENT_VENDOR_PERSISTENT_AFTER: v(
    "payments",
    num(3),
    "consecutive failed requests for one reference before 500 turns into 400",
  ),
  PAYMENT_VENDOR_FAILURE_WINDOW_SECONDS: v(
    "payments",
    num(600),
    "a failure counts towards `PAYMENT_VENDOR_PERSISTENT_AFTER` only within this long of the previous one",
  ),

  // Documents
  DEMO_DOCUMENT_ROOT: v(
    "documents",
    optText(),
    "the platform's own document folder, split per organisation: an organisation's suppliers may use only `<folder>/<organisation number>` and below (the demo suppliers use `<folder>/ORG-DEMO`)",
    { show: "`file://…/.data/documents`" },
  ),
  DOCUMENT_ROOT_ALLOWLIST: v(
    "documents",
    optText(),
    "comma-separated stores a supplier's document root may point into: `file:///dir` entries and `s3://bucket[/prefix]` (`s3://` alone: any bucket). The platform's own folder (`DEMO_DOCUMENT_ROOT`, else `.data/documents`) is always allowed. Set it to use other local folders (e.g. `file:///srv/docs`); roots and stored documents outside it are refused (`document_root_not_allowed`) or answer as missing ([ADR 0104](docs/adr/0104-document-store.md)). Within it each root belongs to the organisation that first used it ([ADR 0106](docs/adr/0106-document-roots-owned-per-organisation.md))",
    { show: "`s3://`" },
  ),
  S3_ENDPOINT: v("documents", optText(), "an S3-compatible document store (path-style by default when set)", {
    show: "unset: AWS S3",
  }),
  S3_REGION: v("documents", optText(), "the store's region", { show: "`AWS_REGION`, else `eu-west-2`" }),
  AWS_REGION: v("documents", optText(), "the region when `S3_REGION` is unset"),
  S3_FORCE_PATH_STYLE: v("documents", optBool(), "`true` / `false`: path-style bucket addressing", {
    show: "true when `S3_ENDPOINT` is set",
  }),
  AWS_ACCESS_KEY_ID: v("documents", optText(), "S3 credentials (read by the AWS SDK itself)"),
  AWS_SECRET_ACCESS_KEY: v("documents", optText(), "S3 credentials (read by the AWS SDK itself)"),

  // Registration flows
  SUPPLIER_MPID: v("registration", text("KMIG"), "our market participant id in registration events and flows"),
  REGISTRATION_MIN_LEAD_DAYS: v("registration", num(1), "earliest supply start = today + this"),
  REGISTRATION_GATEWAY_URL: v(
    "registration",
    optText(),
    "where flows are POSTed (`<url>/flows`); unset = recorded on the row for export",
  ),
  REGISTRATION_GATEWAY_TOKEN: v("registration", optText(), "bearer token for the registration gateway"),
  REGISTRATION_GATEWAY_TIMEOUT_MS: v("registration", num(5000), "timeout of one POST to the gateway"),
  REGISTRATION_WORKER_POLL_MS: v("registration", num(1000), "registration worker polling"),
  REGISTRATION_RETRY_BACKOFF_SECONDS: v("registration", num(30), "first retry delay (doubles, 5 attempts)"),
};

/** @typedef {keyof typeof VARIABLES} VariableName */

const config = defineConfig(VARIABLES);
/** @typedef {ReturnType<typeof config.configFrom>} Config */

/** The process's configuration: the one typed, frozen view of process.env. */
export const env = config.env;
export const { configFrom, configErrors, assertConfig, loadConfig } = config;

/** The variables checked at start (`npm start`, scripts/server.mjs, the app's background start; ADR 0010): all of them, in the order errors are listed. */
export const START_VARS = /** @type {VariableName[]} */ (Object.keys(VARIABLES));

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

/** The rules, by variable. */
export const CONFIG_RULES = /** @type {Record<VariableName, import("zod").ZodType>} */ (
  Object.fromEntries(Object.entries(VARIABLES).map(([name, variable]) => [name, variable.rule]))
);
