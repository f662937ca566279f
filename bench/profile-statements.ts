// Profiling harness, not a benchmark: where PostgreSQL's time goes per account, statement by
// statement, for each path of bench:import's account phase: the direct baseline (one account per
// transaction), REST (create-or-update/ then process/) and the console import job. It starts a
// private PostgreSQL cluster under /tmp with pg_stat_statements loaded (track = all, so the
// statements triggers run show up nested under the one that fired them, marked ↳; planning
// tracked too), a production server on it, and for each path warms up, resets the statistics,
// imports PROFILE_ACCOUNTS accounts with BENCH_ACCOUNT_CLIENTS clients and prints:
//   - the rate and the CPU per account of this database's backends (from /proc);
//   - the statements by time per account: calls, execution and planning µs (wall time inside
//     PostgreSQL, so it includes waits), rows;
//   - the top-level statements' execution + planning beside the backends' CPU: the difference is
//     what no statement counts (protocol, parse and bind of parameters, commits).
//
//   BENCH_SKIP_BUILD=1 npx tsx bench/profile-statements.ts      (needs `next build` without it)
//
//   PROFILE_ACCOUNTS=200 accounts per path; PROFILE_STATEMENTS=14 statements shown per path
import fs from "node:fs";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { postgresTarget } from "@/db/postgres-url";
import { benchEnv } from "@/bench/env.mjs";
import { accountsFor, check, setUpAccountBench, viaInsert, viaJob, viaRest } from "./lib/account-bench";
import { cpuBetween, cpuSnapshot } from "./lib/cpu";
import { startPostgres } from "./lib/fault-services";
import { obtainToken } from "./lib/rest-transactions";
import { ROOT, startProductionServer } from "./lib/server";

const N = benchEnv.PROFILE_ACCOUNTS;
const SHOWN = benchEnv.PROFILE_STATEMENTS;
// Enough for each of the server pool's connections to pass its first five calls of every statement (custom plans).
const WARM = 100;

type Stat = { toplevel: boolean; calls: number; exec_ms: number; plan_ms: number; rows: number; query: string };

async function main() {
  const root = fs.mkdtempSync("/tmp/km-statements-");
  const pg = await startPostgres(root, {
    settings: [
      "cluster_name=statements",
      "shared_preload_libraries=pg_stat_statements",
      "pg_stat_statements.track=all",
      "pg_stat_statements.track_planning=on",
    ],
  });
  const database = new URL(pg.url).pathname.slice(1);
  console.log(`private PostgreSQL ${pg.url} (under ${root}), pg_stat_statements loaded`);
  const handle = await openDatabase({ url: pg.url });
  const target = postgresTarget(pg.url);
  const raw = postgres(target.url, { ...target.options, max: benchEnv.BENCH_ACCOUNT_CLIENTS, onnotice: () => {} });
  await raw`create extension if not exists pg_stat_statements`;
  const server = await startProductionServer({
    name: "statements",
    port: benchEnv.BENCH_PORT ?? 3330,
    env: { DATABASE_URL: pg.url, RUN_WORKERS: "true", LOG_LEVEL: "warn" },
    probe: "/v1/openapi.json",
  });
  try {
    const setup = await setUpAccountBench(handle.db);
    const token = await obtainToken(server.base, setup.apiKey);
    const paths: [string, (bodies: ReturnType<typeof accountsFor>) => Promise<unknown>][] = [
      ["direct, one account per transaction", (b) => viaInsert(raw, setup, b, true)],
      ["REST, create-or-update/ then process/", (b) => viaRest(server.base, token, setup.supplierCode, b)],
      ["console import job", (b) => viaJob(handle.db, setup, b)],
    ];
    for (const [label, run] of paths) {
      await run(accountsFor(setup.supplierCode, `warm-${label.slice(0, 3)}`, WARM));
      const bodies = accountsFor(setup.supplierCode, `st-${label.slice(0, 3)}`, N);
      await raw`checkpoint`;
      await raw`select pg_stat_statements_reset()`;
      const before = cpuSnapshot({ database, serverCwd: ROOT });
      const t0 = performance.now();
      await run(bodies);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = cpuBetween(before, cpuSnapshot({ database, serverCwd: ROOT }));
      await check(handle.db, setup.supplierId, bodies);
      const stats = await raw<Stat[]>`
        select toplevel, calls::int, total_exec_time as exec_ms, total_plan_time as plan_ms, rows::int, regexp_replace(query, '\\s+', ' ', 'g') as query
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_statements%'`;
      const us = (ms: number) => ((ms * 1000) / N).toFixed(0);
      const top = stats.filter((s) => s.toplevel);
      const topExec = top.reduce((a, s) => a + s.exec_ms, 0);
      const topPlan = top.reduce((a, s) => a + s.plan_ms, 0);
      const backend = ((cpu.get("postgres") ?? 0) * 1e6) / N;
      console.log(
        `\n== ${label}: ${(N / seconds).toFixed(1)} accounts/s; backends ${backend.toFixed(0)} core-µs per account, server ${(((cpu.get("server") ?? 0) * 1e6) / N).toFixed(0)}`,
      );
      console.log(
        `   top-level statements per account: ${(top.reduce((a, s) => a + s.calls, 0) / N).toFixed(1)}, execution ${us(topExec)} µs + planning ${us(topPlan)} µs (wall time); counted by no statement: ~${Math.max(0, backend - ((topExec + topPlan) * 1000) / N).toFixed(0)} core-µs`,
      );
      console.log(`   calls/acct  exec µs  plan µs  rows/call  statement`);
      for (const s of stats.sort((a, b) => b.exec_ms + b.plan_ms - (a.exec_ms + a.plan_ms)).slice(0, SHOWN)) {
        const q = `${s.toplevel ? "" : "↳ "}${s.query}`.slice(0, 110);
        console.log(
          `   ${(s.calls / N).toFixed(2).padStart(10)} ${us(s.exec_ms).padStart(6)}   ${us(s.plan_ms).padStart(6)}  ${(s.rows / Math.max(1, s.calls)).toFixed(1).padStart(9)}  ${q}`,
        );
      }
    }
  } finally {
    server.stop();
    await raw.end();
    await handle.close();
    pg.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
