// Profiling harness, not a benchmark: bench:import's account phase over HTTP only (stage then
// process, 8 keep-alive clients) against a running server, printing the rate and the server's
// CPU per account for each round. Start the server under a profiler, then point this at it:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch PORT=3401 node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/server.mjs &
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch BENCH_URL=http://127.0.0.1:3401 npx tsx bench/profile-rest-accounts.ts
//
//   PROFILE_ACCOUNTS=200 accounts per round; PROFILE_ROUNDS=4; PROFILE_CLIENTS=8
import { cpuBetween, cpuSnapshot } from "./lib/cpu";
import { accountMaker, restProfileSetup, stageAndProcess } from "./lib/profile-setup";
import { ROOT } from "./lib/server";
import { benchEnv } from "@/bench/env.mjs";

const CLIENTS = benchEnv.PROFILE_CLIENTS;
const PER_ROUND = benchEnv.PROFILE_ACCOUNTS;
const ROUNDS = benchEnv.PROFILE_ROUNDS;

async function main() {
  const { setup, client, auth: headers } = await restProfileSetup(CLIENTS);
  const next = accountMaker(setup.supplierCode, "PRR", { mpan: "14", mprn: "7" });
  for (let round = 0; round < ROUNDS; round++) {
    const perClient = Array.from({ length: CLIENTS }, () =>
      Array.from({ length: Math.ceil(PER_ROUND / CLIENTS) }, () => stageAndProcess(setup.supplierCode, next())),
    );
    const before = cpuSnapshot({ serverCwd: ROOT });
    const started = performance.now();
    await Promise.all(
      perClient.map(async (mine) => {
        for (const b of mine) {
          const s = await client.post("/v1/data-import/account-import-process/create-or-update/", b.stage, headers);
          if (s.status !== 201) throw new Error(`stage ${s.status} ${s.text.slice(0, 300)}`);
          const p = await client.post("/v1/data-import/account-import-process/process/", b.process, headers);
          if (p.status !== 201) throw new Error(`process ${p.status} ${p.text.slice(0, 300)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const n = perClient.flat().length;
    const cpu = cpuBetween(before, cpuSnapshot({ serverCwd: ROOT }));
    const per = (k: string) => (((cpu.get(k) ?? 0) * 1e6) / n).toFixed(0);
    console.log(
      `round ${round + 1}: ${(n / seconds).toFixed(1)} accounts/s; server ${per("server")} · postgres ${per("postgres")} core-µs per account`,
    );
  }
  client.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
