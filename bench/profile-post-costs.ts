// Profiling harness, not a benchmark: what one data-import post costs, one request at a time,
// so nothing queues: the wall time of each request, the CPU each kind of process spent on it
// (the server, PostgreSQL's backends, NATS, this client; from /proc) and the statements
// PostgreSQL ran for it (pg_stat_statements, top level). It starts a private PostgreSQL cluster
// and NATS under /tmp and a production server on them, then for each kind (bench:faults'
// light posts: 2 transactions, 2 notes; and a production-shaped account, staged and
// processed) warms up on 100 requests and measures the next ones.
//
//   BENCH_SKIP_BUILD=1 npx tsx bench/profile-post-costs.ts      (needs `next build` without it)
//
// ADR 0040 has the figures before and after the account lookup was built once.
import fs from "node:fs";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { cpuBetween, cpuSnapshot } from "./lib/cpu";
import { accountBodies } from "./lib/fault-accounts";
import { createAccounts, notesBody, transactionsBody } from "./lib/fault-fixtures";
import { sparePort, startNats, startPostgres } from "./lib/fault-services";
import { startProductionServer } from "./lib/server";

const WARM = 100;
const SHOWN = 8;

const root = fs.mkdtempSync("/tmp/km-post-costs-");
const pg = await startPostgres(root, {
  settings: ["cluster_name=post-costs", "shared_preload_libraries=pg_stat_statements", "pg_stat_statements.track=top"],
});
const nats = await startNats(root);
const database = new URL(pg.url).pathname.slice(1);
console.log(`private PostgreSQL ${pg.url}, NATS ${nats.url} (under ${root})`);
const handle = await openDatabase({ url: pg.url });
const { apiKey, supplierCode, accounts } = await createAccounts(handle.db, 4);
const server = await startProductionServer({
  name: "post-costs",
  port: await sparePort(),
  env: { DATABASE_URL: pg.url, NATS_URL: nats.url, LOG_LEVEL: "warn" },
  probe: "/healthz/ready",
});
const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
await sql`create extension if not exists pg_stat_statements`;
const headers = { authorization: `Token ${apiKey}`, "content-type": "application/json" };
async function post(path: string, body: string) {
  const r = await fetch(`${server.base}/v1/data-import${path}`, { method: "POST", headers, body });
  await r.text();
  if (r.status !== 200 && r.status !== 201) throw new Error(`${path} answered ${r.status}`);
}

async function measure(name: string, n: number, one: (i: number) => Promise<void>) {
  for (let i = 0; i < WARM; i++) await one(n + i);
  await sql`select pg_stat_statements_reset()`;
  const cpu0 = cpuSnapshot({ database });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await one(i);
  const wall = (performance.now() - t0) / n;
  const cpu = cpuBetween(cpu0, cpuSnapshot({ database }));
  const rows = await sql<
    { calls: string; query: string }[]
  >`select calls::text, query from pg_stat_statements where query not like '%pg_stat_statements%' order by pg_stat_statements.calls desc`;
  const perRequest = (x: number) => (x / n).toFixed(2);
  const statements = rows.reduce((a, r) => a + Number(r.calls), 0);
  const byKind = ["server", "postgres", "nats", "client"]
    .map((k) => `${k} ${perRequest((cpu.get(k) ?? 0) * 1000)}`)
    .join(" · ");
  console.log(
    `\n${name} (${n} requests, one at a time): ${wall.toFixed(2)} ms each; CPU ms per request: ${byKind}; ${perRequest(statements)} statements per request:`,
  );
  for (const r of rows.slice(0, SHOWN))
    console.log(`  ${perRequest(Number(r.calls))}  ${r.query.replace(/\s+/g, " ").slice(0, 110)}`);
}

await measure("transactions/create/, 2 transactions", 600, (i) =>
  post("/transactions/create/", transactionsBody(supplierCode, accounts[i % 4], `T${i}`, 2).body),
);
await measure("notes/create/, 2 notes", 600, (i) =>
  post("/notes/create/", notesBody(supplierCode, accounts[i % 4], `N${i}`, 2).body),
);
await measure("account staged and processed (create-or-update/ + process/)", 100, async () => {
  const a = accountBodies(supplierCode);
  await post("/account-import-process/create-or-update/", a.stage);
  await post("/account-import-process/process/", a.process);
});
await sql.end();
server.stop();
process.exit(0);
