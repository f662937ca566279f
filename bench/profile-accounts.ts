// Profiling harness, not a benchmark: create-or-update/ then process/ of production-shaped
// accounts (bench:import's account phase) called in-process (no HTTP, no Next server) by
// 8 concurrent clients, printing the rate and this process's CPU per account for each round.
// Run it under a profiler to see where the routes' own time goes:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch RUN_WORKERS=false NODE_ENV=production \
//     node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-accounts.ts
//
//   PROFILE_ACCOUNTS=200 accounts per round; PROFILE_ROUNDS=4; PROFILE_CLIENTS=8
import { getDb } from "@/db/client";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { obtainToken } from "@/server/auth/obtain-token";
import { setUpAccountBench } from "./lib/account-bench";
import { accountMaker, stageAndProcess } from "./lib/profile-setup";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const CLIENTS = benchEnv.PROFILE_CLIENTS;
const PER_ROUND = benchEnv.PROFILE_ACCOUNTS;
const ROUNDS = benchEnv.PROFILE_ROUNDS;

/** PROFILE_COUNT=1: count the statements drizzle sends per account, by their first words. */
async function countStatements() {
  const { PostgresJsSession } = await import("drizzle-orm/postgres-js");
  const proto = PostgresJsSession.prototype as unknown as {
    prepareQuery: (q: { sql: string }, ...rest: unknown[]) => unknown;
  };
  const original = proto.prepareQuery;
  const counts = new Map<string, number>();
  proto.prepareQuery = function (this: unknown, q, ...rest) {
    const key = q.sql.replace(/\s+/g, " ").trim().slice(0, 60);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.call(this, q, ...rest);
  };
  return counts;
}

async function main() {
  if (!env.DATABASE_URL) throw new Error("Set DATABASE_URL to a scratch PostgreSQL database.");
  const db = await getDb();
  const counts = benchEnv.PROFILE_COUNT ? await countStatements() : null;
  const setup = await setUpAccountBench(db);
  const { token } = await obtainToken(db, { APIKey: setup.apiKey }, "127.0.0.1");
  const headers = { "content-type": "application/json", authorization: `Token ${token}`, "x-kraken-peer": "127.0.0.1" };
  const call = async (route: typeof stage, path: string, body: string) => {
    const req = new Request(`http://localhost/v1/data-import/account-import-process/${path}/`, {
      method: "POST",
      headers,
      body,
    });
    const res = await route(req as never, { params: Promise.resolve({}) } as never);
    if (res.status !== 201) throw new Error(`${path} ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  };
  const next = accountMaker(setup.supplierCode, "PROF", { mpan: "13", mprn: "9" });
  for (let round = 0; round < ROUNDS; round++) {
    const perClient = Array.from({ length: CLIENTS }, () =>
      Array.from({ length: Math.ceil(PER_ROUND / CLIENTS) }, () => stageAndProcess(setup.supplierCode, next())),
    );
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      perClient.map(async (mine) => {
        for (const b of mine) {
          await call(stage, "create-or-update", b.stage);
          await call(processRoute, "process", b.process);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const n = perClient.flat().length;
    if (counts && round === 0) {
      console.log(
        [...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${(v / n).toFixed(2).padStart(6)}  ${k}`)
          .join("\n"),
      );
      console.log(`${([...counts.values()].reduce((a, b) => a + b, 0) / n).toFixed(1)} statements per account`);
      counts.clear();
    }
    console.log(
      `round ${round + 1}: ${(n / seconds).toFixed(1)} accounts/s; this process ${((used.user + used.system) / n).toFixed(0)} core-µs per account (sys ${(used.system / n).toFixed(0)})`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
