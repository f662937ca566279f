// @ts-check
// The process's Prometheus metrics (prom-client), one registry per process (ADR 0043). Plain JS
// with JSDoc, as server/env.mjs: `npm start`'s server (scripts/server.mjs) records its HTTP
// requests here without a build step, and the app's bundled code counts into the same objects:
// they live on globalThis, since Next gives each bundle its own copy of this module.
import http from "node:http";
import { timingSafeEqual } from "node:crypto";
import client from "prom-client";

const KEY = Symbol.for("kraken-migrate.metrics");

/** Seconds: from a fast cached read to a slow import; the route's p99 target is 50-100 ms. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** @param {client.Registry} registry */
function create(registry) {
  /** @type {<T extends string>(name: string, help: string, labelNames?: readonly T[]) => client.Counter<T>} */
  const counter = (name, help, labelNames = []) =>
    new client.Counter({ name, help, labelNames, registers: [registry] });
  /** @type {<T extends string>(name: string, help: string, labelNames?: readonly T[]) => client.Gauge<T>} */
  const gauge = (name, help, labelNames = []) => new client.Gauge({ name, help, labelNames, registers: [registry] });
  return {
    httpRequests: counter(
      "http_requests_total",
      "HTTP requests answered, by method, route template and status class (2xx..5xx, or aborted)",
      ["method", "route", "status_class"],
    ),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route template and status class",
      labelNames: ["method", "route", "status_class"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    accountImports: counter(
      "account_imports_total",
      "Account import processes finished in this process, by outcome (imported, failed, dry_run, dry_run_failed, cancelled) and error code",
      ["outcome", "code"],
    ),
    postImportWrites: counter(
      "post_import_writes_total",
      "Post-import write requests (notes, transactions, historical statements, payment instructions) answered, by kind, outcome (ok, error) and error code",
      ["kind", "outcome", "code"],
    ),
    eventsWritten: counter(
      "events_written_total",
      "Events written to the outbox by this process (in the writing transaction), by type",
      ["type"],
    ),
    eventsPublished: counter(
      "events_published_total",
      "Messages this process's relay published and JetStream acked (a row delivered as several versions is several)",
    ),
    eventsPublishFailures: counter("events_publish_failures_total", "Messages this process's relay failed to publish"),
    relayLeader: gauge("events_relay_leader", "1 while this process's relay holds the leader lock"),
    relayConfigured: gauge(
      "events_relay_configured",
      "1 when this process has NATS_URL (events are relayed to the bus); 0: the events table is the log and pending events are expected",
    ),
    eventsPending: gauge("events_pending", "Events not yet published, in the whole database (read at scrape time)"),
    eventsPendingRows: gauge(
      "events_pending_rows",
      "Outbox rows not yet published, in the whole database (a fan-out row stands for many events; read at scrape time, cheaply whatever the backlog)",
    ),
    relayLag: gauge(
      "events_relay_lag_seconds",
      "Age of the oldest unpublished event, in the whole database (0 when none; read at scrape time)",
    ),
    relayPublishedTotal: gauge(
      "events_relay_published_events",
      "Events the relays have published since the stream's state row was made (database-wide, read at scrape time)",
    ),
    relayHeartbeatAge: gauge(
      "events_relay_heartbeat_age_seconds",
      "Age of the leading relay's last heartbeat (read at scrape time; 0 when no relay ever led)",
    ),
    importJobs: gauge("import_jobs", "Console import jobs by status, database-wide (read at scrape time)", ["status"]),
    importJobRows: gauge(
      "import_job_rows",
      "Rows of console import jobs not yet ended (receiving, running, paused), by state, database-wide (read at scrape time)",
      ["state"],
    ),
    importJobLanes: gauge(
      "import_job_lanes",
      "Import-job lanes queued and running (busy), database-wide (read at scrape time)",
      ["state"],
    ),
    dbPoolMax: gauge("db_pool_max_connections", "DATABASE_POOL_SIZE: the most connections this process's pool opens"),
    dbPoolConnections: gauge(
      "db_pool_connections",
      "This process's pool connections by state: busy (running a query or reserved by a transaction), idle, connecting",
      ["state"],
    ),
    dbPoolWaiting: gauge("db_pool_waiting_queries", "Queries waiting for a free connection of this process's pool"),
    dbPoolConnectErrors: counter(
      "db_pool_connect_errors_total",
      "Connection attempts of this process's pool that failed (refused, timed out, closed while connecting)",
    ),
    scrapeErrors: counter(
      "metrics_scrape_errors_total",
      "Scrape-time readings that failed (the gauges they set keep their last values)",
      ["source"],
    ),
  };
}

/** @typedef {ReturnType<typeof create>} Metrics */
/** @typedef {{ registry: client.Registry, metrics: Metrics, scrapers: Map<string, () => Promise<void>>, httpChildren: Map<string, { count: client.Counter.Internal, duration: client.Histogram.Internal<string> }> }} State */

/** @returns {State} */
function state() {
  const g = /** @type {Record<symbol, State | undefined>} */ (/** @type {unknown} */ (globalThis));
  let s = g[KEY];
  if (!s) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    s = g[KEY] = { registry, metrics: create(registry), scrapers: new Map(), httpChildren: new Map() };
  }
  return s;
}

// Forgotten with the rest of the process's state (server/process-state.ts, whose set of resets
// lives on globalThis under this symbol; this plain-Node module cannot import its TypeScript):
// every count back to zero and no scrape-time reading of a database an earlier test file closed.
const RESETS = Symbol.for("kraken-migrate.process-state-resets");
const g = /** @type {Record<symbol, Set<() => void> | undefined>} */ (/** @type {unknown} */ (globalThis));
(g[RESETS] ??= new Set()).add(() => {
  const s = state();
  s.scrapers.clear();
  s.registry.resetMetrics();
});

/** The process's metric objects. */
export function metrics() {
  return state().metrics;
}

/** `2xx`..`5xx`; `aborted` for a request whose client went away before the answer ended. @param {number | null} status */
export function statusClass(status) {
  return status === null ? "aborted" : `${Math.floor(status / 100)}xx`;
}

/**
 * Counts one answered request. The children per label set are kept, so a request costs two
 * increments and no label hashing.
 * @param {string} method @param {string} route a route template, never a raw path @param {number | null} status @param {number} seconds
 */
export function observeRequest(method, route, status, seconds) {
  const s = state();
  const m = METHODS.has(method) ? method : "other";
  const cls = statusClass(status);
  const key = `${m} ${cls} ${route}`;
  let child = s.httpChildren.get(key);
  if (!child) {
    const labels = { method: m, route, status_class: cls };
    child = { count: s.metrics.httpRequests.labels(labels), duration: s.metrics.httpDuration.labels(labels) };
    s.httpChildren.set(key, child);
  }
  child.count.inc();
  child.duration.observe(seconds);
}

/**
 * Runs `read` on every scrape before the metrics are written (database-wide gauges). One per
 * name: registering again replaces it. A reading that fails or takes over 2 s is counted in
 * metrics_scrape_errors_total and leaves its gauges as they were.
 * @param {string} name @param {() => Promise<void>} read
 */
export function onScrape(name, read) {
  state().scrapers.set(name, read);
}

const SCRAPE_TIMEOUT_MS = 2000;

/** The exposition text of every metric, after the scrape-time readings. */
export async function renderMetrics() {
  const s = state();
  await Promise.all(
    [...s.scrapers].map(async ([name, read]) => {
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      try {
        await Promise.race([
          read(),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), SCRAPE_TIMEOUT_MS))),
        ]);
      } catch {
        s.metrics.scrapeErrors.inc({ source: name });
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { contentType: s.registry.contentType, body: await s.registry.metrics() };
}

/** @param {string | undefined} header @param {string} token */
function bearerMatches(header, token) {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * Serves GET /metrics on its own port (never the app's), behind `Authorization: Bearer <token>`
 * when a token is given. Resolves once listening, with the port and a close function.
 * @param {{ port: number, host?: string, token?: string }} opts
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export function startMetricsServer({ port, host, token }) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: GET /metrics\n");
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' })
        .end("Unauthorized\n");
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) =>
        res
          .writeHead(200, { "content-type": contentType, "cache-control": "no-store" })
          .end(req.method === "HEAD" ? undefined : body),
      (err) =>
        res
          .writeHead(500, { "content-type": "text/plain" })
          .end(`metrics failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      server.unref();
      resolve({
        port: typeof address === "object" && address ? address.port : port,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}
