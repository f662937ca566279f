// `npm run bench:import`: 20,000 transactions of mixed types in batches of 500 from 4
// concurrent clients through POST /v1/data-import/transactions/create/ of a production
// server, against the same rows inserted straight into the same database with the same
// driver (postgres-js, its own multi-row INSERT helper, no app code in between), in the same run.
//
//   DATABASE_URL        required: the server and this script must share one PostgreSQL database
//   BENCH_URL           reuse a running production server on that database (else build + start one)
//   BENCH_PORT=3300     port for the server this script starts; BENCH_SKIP_BUILD=1 reuses .next
//   BENCH_TOTAL=20000   BENCH_BATCH=500   BENCH_CLIENTS=4   BENCH_WARM=20000   BENCH_WARM_BATCH=10   BENCH_ROUNDS=5
//   BENCH_CLIENT=http  the HTTP client: Node's http module with keep-alive (default), or fetch
//   BENCH_WRITE=0 to skip BENCHMARKS.md
//   BENCH_ONLY=transactions | accounts   run one of the two measurements (default both)
//   BENCH_ACCOUNTS=400   BENCH_ACCOUNT_CLIENTS=8   BENCH_ACCOUNT_WARM=160   BENCH_ACCOUNT_ROUNDS=3   BENCH_ACCOUNT_RAW_BATCH=25
//
// The second measurement stages and processes production-shaped accounts through REST with
// 8 concurrent clients (accounts/s), beside raw multi-row INSERTs of the same rows and a
// console import job of the same accounts run by the server's workers (ADR 0404)
// (bench/lib/account-bench.ts); it gets its own BENCHMARKS.md section.
//
// Each round times every path once on fresh accounts (raw, drizzle, REST, each after a
// CHECKPOINT); the figures are the medians over the rounds, with the CPU each process used
// per row (this script, the server, PostgreSQL) read from /proc during the timed phases.
import { execSync } from "node:child_process";
import os from "node:os";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { type Db, execRows, openDatabase } from "@/db/client";
import { postgresTarget } from "@/db/postgres-url";
import { transactions } from "@/db/schema";
import { transactionRow } from "@/server/services/transactions/transaction-rows";
import { EnergyTransaction } from "@/server/services/transactions/transaction-schemas";
import { writeBenchmarkSection } from "./lib/benchmarks-md";
import { type Acc, makeAccounts, transactionsFor } from "./lib/import-fixtures";
import { perRowLine } from "./lib/cpu";
import { machineLine } from "./lib/machine";
import { chunks, clock, type Measured, obtainToken, viaRest } from "./lib/rest-transactions";
import { startProductionServer } from "./lib/server";
import { runAccountBench, setUpAccountBench } from "./lib/account-bench";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const TOTAL = benchEnv.BENCH_TOTAL;
const BATCH = benchEnv.BENCH_BATCH;
const CLIENTS = benchEnv.BENCH_CLIENTS;
const TARGET_RATIO = 0.5;
// Rows sent through each path (on spare accounts, untimed) before the clock: a migration
// sends millions, so the server is measured warm, not on its first requests. The server's
// CPU per row keeps falling for the first ~20,000 rows as V8 optimises the route
// (measured: ~50 core-µs per row after 4,000 warm rows, ~36 after 20,000).
const WARM = benchEnv.BENCH_WARM;
const WARM_BATCH = benchEnv.BENCH_WARM_BATCH;
const ROUNDS = Math.max(1, benchEnv.BENCH_ROUNDS ?? 5);
// The HTTP client: Node's http module with keep-alive (bench/lib/http-client.ts), or `fetch`.
const CLIENT = benchEnv.BENCH_CLIENT === "fetch" ? "fetch" : "http";
const RUN = Date.now().toString(36).toUpperCase();

/** The baseline's own driver connections, reaching the server as the app does (DATABASE_URL's ?host= socket included). */
function rawClient(url: string, max: number) {
  const target = postgresTarget(url);
  return postgres(target.url, { ...target.options, max, onnotice: () => {} });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The same rows the route writes, as snake_case column -> value objects. */
function rawRows(acc: Acc, items: Record<string, unknown>[]) {
  return items.map((raw) => {
    const t = EnergyTransaction.parse(raw);
    const r = transactionRow(
      acc.id,
      t,
      { postedDate: t.transaction_date, description: null },
      acc.periodStart,
      "bench-raw",
    );
    return Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v ?? null]),
    );
  });
}

/** Reference only: the same multi-row INSERT built by drizzle (the app's query builder) over the same driver. */
async function viaDrizzle(db: Db, accounts: Acc[], perClient: Record<string, unknown>[][]) {
  const rows = accounts.map((acc, c) =>
    perClient[c].map((raw) => {
      const t = EnergyTransaction.parse(raw);
      return transactionRow(
        acc.id,
        t,
        { postedDate: t.transaction_date, description: null },
        acc.periodStart,
        "bench-drizzle",
      );
    }),
  );
  return clock(() =>
    Promise.all(
      rows.map(async (clientRows) => {
        for (const batch of chunks(clientRows, BATCH)) await db.insert(transactions).values(batch);
      }),
    ),
  );
}

/** The baseline: the driver's own multi-row INSERT (postgres-js `sql(rows)`), no app code in between. */
async function viaInsert(
  client: postgres.Sql,
  accounts: Acc[],
  perClient: Record<string, unknown>[][],
  batchSize = BATCH,
) {
  const rows = accounts.map((acc, c) => rawRows(acc, perClient[c]));
  return clock(() =>
    Promise.all(
      rows.map(async (clientRows) => {
        for (const batch of chunks(clientRows, batchSize))
          await client`insert into transactions ${client(batch as never)}`;
      }),
    ),
  );
}

async function main() {
  if (!env.DATABASE_URL)
    throw new Error("Set DATABASE_URL: the server and the raw inserts must share one PostgreSQL database.");
  const loadAtStart = os.loadavg()[0];
  const handle = await openDatabase({ url: env.DATABASE_URL });
  const db = handle.db;
  const raw = rawClient(env.DATABASE_URL, CLIENTS);
  // Per round: one set of CLIENTS accounts for each path; plus one set to warm up on.
  const { apiKey, supplierCode, accounts } = await makeAccounts(db, CLIENTS * (3 * ROUNDS + 1));
  const set = (i: number) => accounts.slice(CLIENTS * i, CLIENTS * (i + 1));
  const server = await startProductionServer({
    name: "import",
    port: benchEnv.BENCH_PORT ?? 3300,
    env: {
      RUN_WORKERS: "true",
    } /* the import-job phase runs on the server's workers; the others only poll idle queues */,
    probe: "/v1/openapi.json",
  });
  try {
    if (benchEnv.BENCH_ONLY === "accounts") return await accountsPart(db, server.base, loadAtStart);
    const token = await obtainToken(server.base, apiKey);
    const perClient = Array.from({ length: CLIENTS }, (_, c) =>
      transactionsFor(`${RUN}-c${c}`, Math.floor(TOTAL / CLIENTS)),
    );
    const total = perClient.reduce((n, xs) => n + xs.length, 0);
    // Warm both paths (JIT, connection pools) on spare accounts before timing, as a server
    // that has been running would be: first in many small requests (V8 optimises code by how
    // often it runs, so per-request code, Next's and the driver's, needs requests, not rows),
    // then in full batches. The raw INSERT gets the same.
    const warm = set(3 * ROUNDS);
    const warmRows = (tag: string) =>
      warm.map((_, c) => transactionsFor(`${RUN}-${tag}-${c}`, Math.ceil(WARM / CLIENTS)));
    await viaRest(server.base, token, supplierCode, warm, warmRows("warm-small"), WARM_BATCH);
    await viaInsert(raw, warm, warmRows("warmraw-small"), WARM_BATCH);
    await viaRest(server.base, token, supplierCode, warm, warmRows("warm"));
    await viaInsert(raw, warm, warmRows("warmraw"));

    // Each timed phase starts from a checkpoint, so none pays for the previous one's dirty pages.
    const settle = () => raw`checkpoint`.catch(() => {});
    const runs: Record<"raw" | "drizzle" | "rest", Measured[]> = { raw: [], drizzle: [], rest: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const [restAccounts, rawAccounts, drizzleAccounts] = [set(3 * round), set(3 * round + 1), set(3 * round + 2)];
      await settle();
      runs.raw.push(await viaInsert(raw, rawAccounts, perClient));
      await settle();
      runs.drizzle.push(await viaDrizzle(db, drizzleAccounts, perClient));
      await settle();
      runs.rest.push(await viaRest(server.base, token, supplierCode, restAccounts, perClient));
      const [check] = await execRows<{ rows: number; events: number }>(
        db,
        sql`select (select count(*) from transactions where account_id in ${restAccounts.map((a) => a.id)})::int as rows,
                   (select coalesce(sum(coalesce(cardinality(fanout_ids), 1)), 0) from events where type = 'billing.ledger.entry_posted' and account_number in ${restAccounts.map((a) => a.number)})::int as events`,
      );
      if (Number(check.rows) !== total || Number(check.events) !== total)
        throw new Error(`REST wrote ${check.rows} rows and ${check.events} events; expected ${total} and ${total}`);
    }

    const rate = (m: Measured) => total / m.seconds;
    const restRate = median(runs.rest.map(rate));
    const rawRate = median(runs.raw.map(rate));
    const drizzleRate = median(runs.drizzle.map(rate));
    const ratio = restRate / rawRate;
    const ratios = runs.rest.map((m, i) => (rate(m) / rate(runs.raw[i])).toFixed(2)).join(", ");
    // CPU per row, summed over the rounds.
    const cpuOf = (ms: Measured[]) => {
      const sum = new Map<string, number>();
      for (const m of ms) for (const [k, v] of m.cpu) sum.set(k, (sum.get(k) ?? 0) + v);
      return sum;
    };
    const restCpu = runs.rest[0].cpu.size ? perRowLine(cpuOf(runs.rest), total * ROUNDS) : null;
    const rawCpu = runs.raw[0].cpu.size ? perRowLine(cpuOf(runs.raw), total * ROUNDS) : null;
    const [{ version }] = await execRows<{ version: string }>(
      db,
      sql`select current_setting('server_version') as version`,
    );
    const machine = machineLine([`PostgreSQL ${version}`]);
    const lines = [
      `${total} transactions per path per round, ${ROUNDS} rounds, medians:`,
      `REST route : ${restRate.toFixed(0)} rows/s (each with its ledger event); rounds: ${runs.rest.map((m) => rate(m).toFixed(0)).join(", ")}`,
      `raw INSERT : ${rawRate.toFixed(0)} rows/s; rounds: ${runs.raw.map((m) => rate(m).toFixed(0)).join(", ")}`,
      `ratio      : ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? "PASS" : "BELOW TARGET"}; per round: ${ratios}`,
      `reference  : the same INSERT built by drizzle: ${drizzleRate.toFixed(0)} rows/s (REST / drizzle = ${(restRate / drizzleRate).toFixed(2)})`,
      ...(restCpu && rawCpu ? [`CPU REST   : ${restCpu}`, `CPU raw    : ${rawCpu}`] : []),
    ];
    console.log(lines.join("\n"));
    console.log(`machine    : ${machine}`);
    if (benchEnv.BENCH_WRITE !== "0") {
      let commit = "unknown";
      try {
        commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
          .toString()
          .trim();
      } catch {}
      writeBenchmarkSection(
        "Data-import transactions",
        [
          "`npm run bench:import` (bench/import.ts): " +
            `${total.toLocaleString("en-GB")} transactions of all five types, batches of ${BATCH}, ${CLIENTS} concurrent clients, through ` +
            "`POST /v1/data-import/transactions/create/` of the production server (`npm start`'s scripts/server.mjs), " +
            (CLIENT === "fetch"
              ? "sent with Node's `fetch`, "
              : "sent with Node's `http` module over keep-alive connections (bench/lib/http-client.ts), ") +
            "against the same rows inserted " +
            "directly into the same database with the same driver (postgres-js, its own multi-row `insert ... ${sql(rows)}`), in the same run. " +
            `Both paths are first warmed on spare accounts (untimed): ${WARM.toLocaleString("en-GB")} rows in batches of ${WARM_BATCH}, then ${WARM.toLocaleString("en-GB")} in batches of ${BATCH}; then ${ROUNDS} rounds, each timing every path once ` +
            "on fresh accounts after a `CHECKPOINT`; figures are the medians. Request bodies are serialised before the clock (as the raw rows are built before theirs).",
          "",
          "| path | rows/s (median) | rounds |",
          "|---|---|---|",
          `| REST route (validation, dedup, a ledger event per row) | ${restRate.toFixed(0)} | ${runs.rest.map((m) => rate(m).toFixed(0)).join(", ")} |`,
          `| raw multi-row INSERT (postgres-js \`sql(rows)\`) | ${rawRate.toFixed(0)} | ${runs.raw.map((m) => rate(m).toFixed(0)).join(", ")} |`,
          `| reference: the same INSERT built by drizzle | ${drizzleRate.toFixed(0)} | ${runs.drizzle.map((m) => rate(m).toFixed(0)).join(", ")} |`,
          "",
          `Ratio REST / raw: **${ratio.toFixed(2)}** (target >= ${TARGET_RATIO}${ratio >= TARGET_RATIO ? ", met" : ", NOT met"}; per round ${ratios}); REST / drizzle-built INSERT: ${(restRate / drizzleRate).toFixed(2)}.`,
          "",
          ...(restCpu && rawCpu
            ? [
                "CPU per row while the clock ran (from /proc; this script, the server, PostgreSQL's backends, its background processes, anything else):",
                "",
                `- REST: ${restCpu}`,
                `- raw: ${rawCpu}`,
                "",
              ]
            : []),
          `Machine: ${machine}; the database, the server and this client on the same machine. Run ${new Date().toISOString().slice(0, 16)}Z at commit ${commit}${
            loadAtStart > 2
              ? `, load average ${loadAtStart.toFixed(1)} at the start (other work on the machine; figures vary run to run)`
              : ""
          }.`,
          "",
          "Where the REST time goes, and what moved it: docs/data-import.md, section Benchmark.",
        ].join("\n"),
      );
      console.log("BENCHMARKS.md updated (section: Data-import transactions)");
    }
    if (benchEnv.BENCH_ONLY !== "transactions") await accountsPart(db, server.base, loadAtStart);
  } finally {
    server.stop();
    await raw.end({ timeout: 5 });
    await handle.close();
  }
}

/** The second measurement: production-shaped accounts staged and processed through REST, beside raw INSERTs of their rows. */
async function accountsPart(db: Db, base: string, loadAtStart: number) {
  const setup = await setUpAccountBench(db);
  const raw = rawClient(env.DATABASE_URL!, benchEnv.BENCH_ACCOUNT_CLIENTS);
  try {
    const result = await runAccountBench({ db, raw, base, token: await obtainToken(base, setup.apiKey), setup });
    const [{ version }] = await execRows<{ version: string }>(
      db,
      sql`select current_setting('server_version') as version`,
    );
    const machine = machineLine([`PostgreSQL ${version}`]);
    console.log([...result.lines, `machine              : ${machine}`].join("\n"));
    if (benchEnv.BENCH_WRITE === "0") return;
    let commit = "unknown";
    try {
      commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    } catch {}
    const load =
      loadAtStart > 2
        ? `, load average ${loadAtStart.toFixed(1)} at the start (other work on the machine; figures vary run to run)`
        : "";
    writeBenchmarkSection(
      "Data-import accounts",
      [
        `\`npm run bench:import\` (bench/import.ts, bench/lib/account-bench.ts), second measurement: ${result.markdown[0]}`,
        ...result.markdown.slice(1),
        "",
        `Machine: ${machine}; the database, the server and this client on the same machine. Run ${new Date().toISOString().slice(0, 16)}Z at commit ${commit}${load}.`,
      ].join("\n"),
    );
    console.log("BENCHMARKS.md updated (section: Data-import accounts)");
  } finally {
    await raw.end({ timeout: 5 });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
