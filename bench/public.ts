// `npm run bench:public`: the public tariff API under 50 concurrent connections, beside the
// trivial /healthz route in the same run, so the ratio says what the API itself costs.
//
//   BENCH_URL=http://host:port   reuse a running server (it must have the demo products loaded)
//   otherwise: loads the demo products into DATABASE_URL (or PGLITE_DIR), runs `next build`
//   (skip with BENCH_SKIP_BUILD=1) and `next start` on BENCH_PORT (3200), and stops it after.
//   BENCH_DURATION=15 (seconds per route), BENCH_ROUNDS=3, BENCH_CONNECTIONS=50, BENCH_JSON=1.
// The routes take turns in short rounds (health, products, rates, consumption, health, ...) and
// each figure is the median over rounds, so a burst of other work on the machine hits them all.
// Each round waits until the server has drained the previous one's accepted requests (settle()).
// Consumption: one meter with ten years of half-hourly reads (175k rows, made once per
// database by bench/lib/consumption-fixtures.ts), basic auth with a fresh API key; a year
// grouped by day (target p99 < 100 ms; also measured alone on one connection, beside the
// health route the same way) and a first page of 25,000 intervals. With BENCH_URL
// the consumption routes need DATABASE_URL (the bench writes its meter there) and are skipped without it.
// GraphQL with a customer's key (bench/lib/customer-graphql-fixtures.ts): the Home Assistant
// integration's account document for an account with 4 meter points and 2 years of agreements,
// and its telemetry document for a day of half-hourly reads (target p99 < 50 ms each), on one
// connection beside the health route the same way. The bench server runs with a high
// GRAPHQL_RATE_LIMIT_PER_MINUTE; against BENCH_URL set it there too.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "@/db/client";
import { systemCtx } from "@/server/context";
import { addDays, londonToday } from "@/server/lib/time";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { setUpConsumptionBench } from "./lib/consumption-fixtures";
import { BENCH_DEVICE, BENCH_TELEMETRY_DAY, setUpCustomerGraphqlBench } from "./lib/customer-graphql-fixtures";
import { ACCOUNT_QUERY, API_TOKEN_QUERY, LIVE_CONSUMPTION_QUERY, pyFormat } from "../test/home-assistant-documents";
import { serverNodeOptions } from "../scripts/server-options.mjs";
import { env as config, isSet } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const PORT = benchEnv.BENCH_PORT ?? 3200;
const DURATION = benchEnv.BENCH_DURATION;
const ROUNDS = Math.max(1, benchEnv.BENCH_ROUNDS ?? 3);
const CONNECTIONS = benchEnv.BENCH_CONNECTIONS;
const TARGET_RATIO = 0.7;
const TARGET_P99_MS = 150;
const TARGET_CONSUMPTION_P99_MS = 100;
const TARGET_GRAPHQL_P99_MS = 50;
const LATENCY_SECONDS = benchEnv.BENCH_LATENCY_SECONDS;
const ROOT = path.resolve(import.meta.dirname, "..");

const ROUTES: Record<string, string> = {
  health: "/healthz",
  products: "/v1/products/",
  rates:
    "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-C/standard-unit-rates/" +
    // 34 days of half hours up to today (the demo keeps 30; the bench loads Agile as of 10 days ago too): a full page of 1,500.
    `?page_size=1500&period_from=${addDays(londonToday(), -34)}T00:00:00&period_to=${londonToday()}T00:00:00`,
};
type Route = string;
let consumptionAuth: string | undefined;
let customerBench: { accountNumber: string; key: string } | undefined;

/** Adds the consumption routes for the bench meter (ten years of half hours) to ROUTES. */
async function addConsumptionRoutes(db: Parameters<typeof setUpConsumptionBench>[0]) {
  console.log("setting up the consumption meter (175k half-hourly reads, first run only)...");
  const m = await setUpConsumptionBench(db);
  const base = `/v1/electricity-meter-points/${m.mpan}/meters/${m.serial}/consumption/`;
  ROUTES.consumption_day = `${base}?group_by=day&period_from=2025-11-01T00:00:00Z&period_to=2026-11-01T00:00:00Z&page_size=25000`;
  ROUTES.consumption_page = `${base}?page_size=25000`;
  consumptionAuth = m.authorization;
}
const headersOf = (route: Route): Record<string, string> =>
  route.startsWith("consumption") && consumptionAuth ? { authorization: consumptionAuth } : {};

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(log, "w");
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", out, out] });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (${code}); see ${log}`)),
    );
  });
}

async function startServer(): Promise<{ base: string; stop: () => void }> {
  // The V8 flags `npm start` gives the server (scripts/server-options.mjs), so the figures are what ships.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NODE_OPTIONS: serverNodeOptions(config.NODE_OPTIONS),
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: config.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    ...(isSet("GRAPHQL_RATE_LIMIT_PER_MINUTE") ? {} : { GRAPHQL_RATE_LIMIT_PER_MINUTE: "100000000" }),
    // The shared per-address and per-customer limits too (issue 37 item 6): this bench measures throughput.
    ...(isSet("API_ADDRESS_RATE_LIMIT_PER_MINUTE") ? {} : { API_ADDRESS_RATE_LIMIT_PER_MINUTE: "0" }),
    ...(isSet("API_CUSTOMER_RATE_LIMIT_PER_MINUTE") ? {} : { API_CUSTOMER_RATE_LIMIT_PER_MINUTE: "0" }),
  };
  if (!env.DATABASE_URL) env.PGLITE_DIR ??= "/tmp/km-bench-public-pglite";
  console.log(`loading demo products into ${env.DATABASE_URL ? "DATABASE_URL" : env.PGLITE_DIR}...`);
  const handle = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  await loadDemoProducts(systemCtx(handle.db, "bench"));
  await loadDemoProducts(systemCtx(handle.db, "bench"), {
    only: ["AGILE-24-10-01"],
    now: new Date(Date.now() - 10 * 86_400_000),
  });
  await addConsumptionRoutes(handle.db);
  customerBench = await setUpCustomerGraphqlBench(handle.db);
  await handle.close();
  const next = path.join(ROOT, "node_modules", ".bin", "next");
  if (!benchEnv.BENCH_SKIP_BUILD) {
    console.log("next build (log: /tmp/km-bench-public-build.log)...");
    await run(next, ["build"], env, "/tmp/km-bench-public-build.log");
  }
  const log = fs.openSync("/tmp/km-bench-public-server.log", "w");
  const child: ChildProcess = spawn(next, ["start", "-p", String(PORT)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", log, log],
    detached: true,
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error("next start exited; see /tmp/km-bench-public-server.log");
    if (
      await fetch(`${base}${ROUTES.health}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("server did not answer /healthz within 60 s");
}

/** Fails fast when a route does not answer what the benchmark assumes. */
async function check(base: string) {
  for (const [name, url] of Object.entries(ROUTES)) {
    const res = await fetch(base + url, { headers: headersOf(name) });
    if (!res.ok) throw new Error(`${name}: ${url} answered ${res.status}`);
    const body = (await res.json()) as { results?: unknown[] };
    if (name === "rates" && body.results?.length !== 1500)
      throw new Error(`rates page has ${body.results?.length} rows, expected 1500: load the demo products`);
    if (name === "consumption_day" && body.results?.length !== 365)
      throw new Error(`consumption_day has ${body.results?.length} days, expected 365`);
    if (name === "consumption_page" && body.results?.length !== 25_000)
      throw new Error(`consumption_page has ${body.results?.length} rows, expected 25000`);
  }
}

type Figures = {
  route: Route;
  rps: number;
  p50: number;
  p99: number;
  bytesPerReq: number;
  non2xx: number;
  errors: number;
};

/**
 * Waits until the server has finished what the previous route left in flight: autocannon stops
 * sending at the end of its time, but the server still renders the answers it had accepted (50
 * consumption pages of 2.7 MB take seconds), and the next route's round would meet that
 * backlog. Settled: three /healthz answers in a row within 20 ms (at most 15 s).
 */
async function settle(base: string) {
  const until = Date.now() + 15_000;
  for (let quick = 0; quick < 3 && Date.now() < until; ) {
    const t = performance.now();
    await (await fetch(`${base}${ROUTES.health}`)).arrayBuffer();
    quick = performance.now() - t < 20 ? quick + 1 : 0;
    if (quick < 3) await new Promise((r) => setTimeout(r, 50));
  }
}

async function measure(base: string, route: Route, duration: number, connections = CONNECTIONS): Promise<Figures> {
  await settle(base);
  const r = await autocannon({ url: base + ROUTES[route], connections, duration, headers: headersOf(route) });
  return {
    route,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerReq: Math.round(r.throughput.average / Math.max(r.requests.average, 1)),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** One GraphQL document posted with a customer's token, as the integration sends it. */
async function measureGraphql(base: string, query: string, token: string, duration: number): Promise<Figures> {
  const r = await autocannon({
    url: `${base}/v1/graphql/`,
    method: "POST",
    connections: 1,
    duration,
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ query }),
  });
  return {
    route: "graphql",
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerReq: Math.round(r.throughput.average / Math.max(r.requests.average, 1)),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** The account and telemetry documents with a customer's key, each checked once, then timed on one connection. */
async function graphqlFigures(base: string) {
  if (!customerBench) return console.log("GraphQL customer documents skipped (BENCH_URL without DATABASE_URL)");
  const post = async (query: string, auth?: string) =>
    (await fetch(`${base}/v1/graphql/`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify({ query }),
    }).then((r) => r.json())) as { data?: any; errors?: unknown[] };
  const token = (await post(pyFormat(API_TOKEN_QUERY, { api_key: customerBench.key }))).data?.obtainKrakenToken
    ?.token as string;
  const account = pyFormat(ACCOUNT_QUERY, { account_id: customerBench.accountNumber });
  const telemetry = pyFormat(LIVE_CONSUMPTION_QUERY, {
    device_id: BENCH_DEVICE,
    period_from: BENCH_TELEMETRY_DAY.from,
    period_to: BENCH_TELEMETRY_DAY.to,
  });
  const a = await post(account, token);
  const points = (a.data?.account?.electricityAgreements?.length ?? 0) + (a.data?.account?.gasAgreements?.length ?? 0);
  const agreements = [
    ...(a.data?.account?.electricityAgreements ?? []),
    ...(a.data?.account?.gasAgreements ?? []),
  ].reduce((n: number, x: any) => n + x.meterPoint.agreements.length, 0);
  if (a.errors || points !== 4 || agreements !== 32)
    throw new Error(`account document: ${JSON.stringify(a).slice(0, 300)}`);
  const tm = await post(telemetry, token);
  if (tm.errors || tm.data?.smartMeterTelemetry?.length !== 48)
    throw new Error(`telemetry document: ${JSON.stringify(tm).slice(0, 300)}`);
  await measureGraphql(base, account, token, 2); // warm-up
  const health = await measure(base, "health", LATENCY_SECONDS, 1);
  const acc = await measureGraphql(base, account, token, LATENCY_SECONDS);
  const tel = await measureGraphql(base, telemetry, token, LATENCY_SECONDS);
  const verdict = (f: Figures) =>
    `p50/p99 ${f.p50}/${f.p99} ms (target p99 < ${TARGET_GRAPHQL_P99_MS} ms) ${f.p99 < TARGET_GRAPHQL_P99_MS && !f.non2xx && !f.errors ? "PASS" : "FAIL"}`;
  console.log(
    `one connection, ${LATENCY_SECONDS} s each, customer token: health p50/p99 ${health.p50}/${health.p99} ms; GraphQL account (4 meter points, 32 agreements) ${verdict(acc)}; telemetry (a day, 48 reads) ${verdict(tel)}`,
  );
  if (benchEnv.BENCH_JSON)
    console.log(JSON.stringify({ graphql_single_connection: { health, account: acc, telemetry: tel } }));
  if (acc.non2xx || acc.errors || tel.non2xx || tel.errors) process.exitCode = 1;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const server = benchEnv.BENCH_URL
    ? { base: benchEnv.BENCH_URL.replace(/\/$/, ""), stop: () => {} }
    : await startServer();
  if (benchEnv.BENCH_URL && config.DATABASE_URL) {
    const handle = await openDatabase({ url: config.DATABASE_URL });
    await addConsumptionRoutes(handle.db);
    customerBench = await setUpCustomerGraphqlBench(handle.db);
    await handle.close();
  }
  try {
    await check(server.base);
    const routes = Object.keys(ROUTES) as Route[];
    for (const route of routes) await measure(server.base, route, 2); // warm-up
    const rounds: Figures[][] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round: Figures[] = [];
      for (const route of routes)
        round.push(await measure(server.base, route, Math.max(1, Math.round(DURATION / ROUNDS))));
      rounds.push(round);
    }
    const results = routes.map((route, j) => {
      const per = rounds.map((r) => r[j]);
      return {
        route,
        rps: median(per.map((f) => f.rps)),
        p50: median(per.map((f) => f.p50)),
        p99: median(per.map((f) => f.p99)),
        bytesPerReq: per[0].bytesPerReq,
        non2xx: per.reduce((n, f) => n + f.non2xx, 0),
        errors: per.reduce((n, f) => n + f.errors, 0),
      };
    });
    const ratios = rounds.map((r) => r[1].rps / r[0].rps);
    const ratio = median(ratios);
    const rates = results[2];
    const day = results.find((r) => r.route === "consumption_day");
    const summary = {
      connections: CONNECTIONS,
      duration_s: DURATION,
      rounds: ROUNDS,
      results,
      per_round_ratios: ratios.map((x) => Number(x.toFixed(3))),
      products_to_health_ratio: Number(ratio.toFixed(3)),
      rates_p99_ms: rates.p99,
      consumption_day_p99_ms: day?.p99 ?? null,
    };
    if (benchEnv.BENCH_JSON) console.log(JSON.stringify(summary));
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds x ${Math.round(DURATION / ROUNDS)} s per route, medians, ${server.base}`,
    );
    console.log("route              req/s     p50 ms  p99 ms  bytes/req  non-2xx  errors");
    for (const r of results) {
      console.log(
        `${r.route.padEnd(17)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(7)} ${String(r.bytesPerReq).padStart(10)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`,
      );
    }
    console.log(
      `products/health req/s: ${(ratio * 100).toFixed(1)}% (rounds: ${ratios.map((x) => `${(x * 100).toFixed(0)}%`).join(", ")}; target >= ${TARGET_RATIO * 100}%) ${ratio >= TARGET_RATIO ? "PASS" : "FAIL"}`,
    );
    console.log(
      `unit-rate page p99: ${rates.p99} ms (target < ${TARGET_P99_MS} ms) ${rates.p99 < TARGET_P99_MS ? "PASS" : "FAIL"}`,
    );
    if (day) {
      const health = results[0];
      console.log(
        `consumption, a year by day p99 at ${CONNECTIONS} connections: ${day.p99} ms beside health's ${health.p99} ms (queueing on the machine's cores; the target is the one-connection figure below)`,
      );
      // One request at a time: how long the answer itself takes, without 50-deep queueing on two cores.
      const single = {
        health: await measure(server.base, "health", LATENCY_SECONDS, 1),
        day: await measure(server.base, "consumption_day", LATENCY_SECONDS, 1),
      };
      console.log(
        `one connection, ${LATENCY_SECONDS} s each: health p50/p99 ${single.health.p50}/${single.health.p99} ms; consumption a year by day p50/p99 ${single.day.p50}/${single.day.p99} ms (target < ${TARGET_CONSUMPTION_P99_MS} ms) ${single.day.p99 < TARGET_CONSUMPTION_P99_MS ? "PASS" : "FAIL"}`,
      );
      if (benchEnv.BENCH_JSON) console.log(JSON.stringify({ single_connection: single }));
    } else console.log("consumption routes skipped (BENCH_URL without DATABASE_URL)");
    await graphqlFigures(server.base);
    if (results.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
  } finally {
    server.stop();
  }
}

await main();
