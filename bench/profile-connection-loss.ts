// Profiling harness, not a benchmark: what losing every database connection costs a running
// server, without restarting PostgreSQL. FAULTS_CLIENTS clients pace bench:faults's mix
// (2 transactions, 2 notes, 2 transactions, then an account staged and processed) at
// FAULTS_CLIENT_RATE requests/s each; after 20 s every backend the server holds on its
// database is terminated, and the per-second p99 of the transaction and note posts is printed
// for 12 s after. Set beside bench:faults's figures, it tells the pool's reconnection and new
// backends apart from a cluster restart's cold caches (BENCHMARKS.md, ADR 0033).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch PORT=3411 node scripts/server.mjs &
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch BENCH_URL=http://127.0.0.1:3411 npx tsx bench/profile-connection-loss.ts
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";
import { accountBodies } from "./lib/fault-accounts";
import { createAccounts, notesBody, transactionsBody } from "./lib/fault-fixtures";
import { quantile, timedClient } from "./lib/fault-load";

const CLIENTS = benchEnv.FAULTS_CLIENTS;
const RATE = benchEnv.FAULTS_CLIENT_RATE; // 0: closed loop, as in bench:faults
const LOSS_AT_S = 20;
const AFTER_S = 20;
const DATA_IMPORT = "/v1/data-import";

type Row = { at: number; ms: number; kind: string; status: number };

async function main() {
  if (!env.DATABASE_URL || !benchEnv.BENCH_URL)
    throw new Error("Set DATABASE_URL and BENCH_URL (a running server on that database).");
  const base = benchEnv.BENCH_URL.replace(/\/+$/, "");
  const handle = await openDatabase({ url: env.DATABASE_URL });
  const { apiKey, supplierCode, accounts } = await createAccounts(handle.db, 16);
  await handle.close();
  const headers = { authorization: `Token ${apiKey}` };
  const t0 = performance.now();
  const now = () => (performance.now() - t0) / 1000;
  const sleep = (s: number) => new Promise((r) => setTimeout(r, Math.max(0, s) * 1000));
  const rows: Row[] = [];
  let stopping = false;

  // Paced as bench:faults's clients are: request n is due at n / RATE, a late client catches up at most 1 s.
  const client = async (w: number) => {
    const http = timedClient(base, 1, 30_000);
    const post = async (kind: string, path: string, body: string) => {
      const at = now();
      const a = await http.post(path, body, headers);
      rows.push({ at, ms: a.ms, kind, status: a.status });
    };
    let due = now() + w / (CLIENTS * Math.max(RATE, 1));
    for (let i = 0; !stopping; i++) {
      if (RATE > 0) {
        if (now() - due > 1) due = now() - 1;
        await sleep(due - now());
        due += (i % 4 === 3 ? 2 : 1) / RATE;
      }
      if (i % 4 === 3) {
        const a = accountBodies(supplierCode);
        await post("stage", `${DATA_IMPORT}/account-import-process/create-or-update/`, a.stage);
        await post("process", `${DATA_IMPORT}/account-import-process/process/`, a.process);
      } else {
        const acc = accounts[(w + i * CLIENTS) % accounts.length];
        const kind = i % 4 === 1 ? "notes" : "transactions";
        const { body } =
          kind === "notes"
            ? notesBody(supplierCode, acc, `C${w}-${i}`, 2)
            : transactionsBody(supplierCode, acc, `C${w}-${i}`, 2);
        await post(kind, `${DATA_IMPORT}/${kind}/create/`, body);
      }
    }
    http.close();
  };

  const admin = postgres(env.DATABASE_URL, {
    max: 1,
    connection: { application_name: "profile-connection-loss" },
    onnotice: () => {},
  });
  const running = Array.from({ length: CLIENTS }, (_, w) => client(w));
  await sleep(LOSS_AT_S);
  const [killed] = await admin<{ n: number }[]>`
    select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and application_name = 'kraken-migrate'`;
  const lostAt = now();
  await sleep(AFTER_S);
  stopping = true;
  await Promise.all(running);
  await admin.end();

  const small = (from: number, to: number) =>
    rows.filter((r) => (r.kind === "transactions" || r.kind === "notes") && r.at >= from && r.at < to);
  const p = (xs: Row[], q = 0.99) =>
    `${Math.round(
      quantile(
        xs.map((x) => x.ms),
        q,
      ),
    )} ms`;
  const failed = rows.filter((r) => r.status < 200 || r.status >= 300);
  console.log(
    `${CLIENTS} clients ${RATE > 0 ? `at ${RATE} requests/s each` : "in a closed loop"} against ${base}; ${rows.length} requests, ${failed.length} not 2xx (${[...new Set(failed.map((r) => r.status))].join(", ") || "none"})`,
  );
  console.log(
    `before (5-${LOSS_AT_S} s): transactions+notes p50 ${p(small(5, LOSS_AT_S), 0.5)}, p99 ${p(small(5, LOSS_AT_S))}`,
  );
  console.log(
    `${killed.n} backends terminated at ${lostAt.toFixed(1)} s; transactions+notes p99 per second after: ${Array.from({ length: 12 }, (_, k) => p(small(lostAt + k, lostAt + k + 1))).join(", ")}`,
  );
  console.log(`p99 5-10 s after: ${p(small(lostAt + 5, lostAt + 10))}`);
}

await main();
