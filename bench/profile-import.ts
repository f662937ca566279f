// Profiling harness, not a benchmark: the transactions route's handler called in-process
// (no HTTP, no Next server) by 4 concurrent clients, batches of 500, printing the rate and
// this process's CPU per transaction for each round. Run it under a profiler to see where
// the route's own time goes:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch RUN_WORKERS=false NODE_ENV=production \
//     node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-import.ts
//
//   PROFILE_PER_CLIENT=10000 transactions per client per round; PROFILE_ROUNDS=4
import { getDb } from "@/db/client";
import { createTransactionsHandler as POST } from "@/server/rest/routes/data-import";
import { obtainToken } from "@/server/auth/obtain-token";
import { makeAccounts, transactionsFor } from "./lib/import-fixtures";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const CLIENTS = 4;
const BATCH = 500;
const PER_CLIENT = benchEnv.PROFILE_PER_CLIENT;
const ROUNDS = benchEnv.PROFILE_ROUNDS;

async function main() {
  if (!env.DATABASE_URL) throw new Error("Set DATABASE_URL to a scratch PostgreSQL database.");
  const db = await getDb();
  const { apiKey, supplierCode, accounts } = await makeAccounts(db, CLIENTS * ROUNDS);
  const { token } = await obtainToken(db, { APIKey: apiKey }, "127.0.0.1");
  const headers = { "content-type": "application/json", authorization: `Token ${token}`, "x-kraken-peer": "127.0.0.1" };
  for (let round = 0; round < ROUNDS; round++) {
    const bodies = accounts.slice(round * CLIENTS, (round + 1) * CLIENTS).map((acc, c) => {
      const items = transactionsFor(`P${round}-${Date.now().toString(36)}-${c}`, PER_CLIENT);
      return Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) =>
        JSON.stringify({
          import_supplier: supplierCode,
          external_account_number: acc.external,
          transactions: items.slice(i * BATCH, (i + 1) * BATCH),
        }),
      );
    });
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      bodies.map(async (client) => {
        for (const body of client) {
          const req = new Request("http://localhost/v1/data-import/transactions/create/", {
            method: "POST",
            headers,
            body,
          });
          const res = await POST(req as never, { params: Promise.resolve({}) } as never);
          if (res.status !== 201) throw new Error(`${res.status} ${(await res.text()).slice(0, 300)}`);
          await res.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const n = CLIENTS * PER_CLIENT;
    console.log(
      `round ${round + 1}: ${(n / seconds).toFixed(0)} transactions/s; this process ${((used.user + used.system) / n).toFixed(1)} core-µs per transaction (sys ${(used.system / n).toFixed(1)})`,
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
