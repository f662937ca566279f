// `npm run bench:scale`: the same figures on a fresh database and on a production-sized one,
// in one run: 100,000 imported accounts over 20 suppliers in 2 organisations, 5,000,000
// transactions (five accounts with 10,000 to 40,000), 10,000,000 event rows (20,000
// pending, the rest delivered), 1,000,000 notes (bench/lib/scale-build.ts; built once with
// set-based SQL and reused while the marker table says it is finished).
//
//   SCALE_DATABASE_URL  the scale database (default postgres://postgres@127.0.0.1:5432/km_scale)
//   FRESH_DATABASE_URL  the fresh one, made again each run (default .../km_scale_fresh)
//   SCALE=1             size factor for quick iterations (figures to record: 1)
//   NATS_URL            default nats://127.0.0.1:4222 (private streams, deleted after)
//   BENCH_READS=100     timed calls of each console read (after 3 untimed)
//   BENCH_RELAY=20000   events per relay round; BENCH_RELAY_ROUNDS=5
//   BENCH_TOTAL=20000   transactions per REST round (4 clients, batches of 500); BENCH_ROUNDS=5
//   BENCH_PUBLIC_SECONDS=5  per public route per database; BENCH_ONLY=reads|relay|rest (default all)
//   BENCH_SKIP_BUILD=1  reuse .next; BENCH_WRITE=0 to leave BENCHMARKS.md alone
import os from "node:os";
import { execSync } from "node:child_process";
import autocannon from "autocannon";
import postgres from "postgres";
import { type DbHandle, openDatabase } from "@/db/client";
import { writeBenchmarkSection } from "./lib/benchmarks-md";
import { makeAccounts, transactionsFor } from "./lib/import-fixtures";
import { machineLine } from "./lib/machine";
import { deleteStreams, relayThroughput, withBacklogAside } from "./lib/relay-throughput";
import { obtainToken, viaRest } from "./lib/rest-transactions";
import { ensureScaleDatabase } from "./lib/scale-build";
import { consoleReads, type ReadFigure, type ReadTarget, timeReads } from "./lib/scale-reads";
import { seedScaleDatabase } from "./lib/scale-template";
import { startProductionServer } from "./lib/server";
import { env, setEnv } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

setEnv({ LOG_LEVEL: env.LOG_LEVEL ?? "warn" });
const PG = "postgres://postgres@127.0.0.1:5432";
const SCALE_URL = benchEnv.SCALE_DATABASE_URL ?? `${PG}/km_scale`;
const FRESH_URL = benchEnv.FRESH_DATABASE_URL ?? `${PG}/km_scale_fresh`;
const SCALE = benchEnv.SCALE;
const NATS_URL = env.NATS_URL ?? "nats://127.0.0.1:4222";
const READS = benchEnv.BENCH_READS;
const RELAY_N = benchEnv.BENCH_RELAY;
const RELAY_ROUNDS = benchEnv.BENCH_RELAY_ROUNDS;
const REST_TOTAL = benchEnv.BENCH_TOTAL;
const REST_ROUNDS = benchEnv.BENCH_ROUNDS ?? 5;
const CLIENTS = 4;
const PUBLIC_SECONDS = benchEnv.BENCH_PUBLIC_SECONDS;
const ONLY = benchEnv.BENCH_ONLY;
const READ_TARGET_MS = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);

/** A fresh database: migrated, with the same seed the scale database starts from (its template account stands in for the hot one). */
async function freshDatabase(): Promise<ReadTarget> {
  const name = decodeURIComponent(new URL(FRESH_URL).pathname.slice(1));
  const adminUrl = new URL(FRESH_URL);
  adminUrl.pathname = "/postgres";
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const handle = await openDatabase({ url: FRESH_URL });
  try {
    const seed = await seedScaleDatabase(handle.db);
    return {
      seed,
      accountNumber: seed.template.accountNumber,
      mpan: seed.template.mpan,
      external: seed.template.external,
    };
  } finally {
    await handle.close();
  }
}

type Side = { name: "fresh" | "scale"; url: string; target: ReadTarget };

async function readsPhase(sides: Side[]) {
  const out = new Map<string, ReadFigure[]>();
  for (const side of sides) {
    const handle = await openDatabase({ url: side.url, migrate: false });
    try {
      out.set(side.name, await timeReads(consoleReads(handle.db, side.target), READS));
    } finally {
      await handle.close();
    }
  }
  return out;
}

async function relayPhase(sides: Side[]) {
  const runs = new Map<string, number[]>(sides.map((s) => [s.name, []]));
  const handles = new Map<string, DbHandle>();
  for (const s of sides) handles.set(s.name, await openDatabase({ url: s.url, migrate: false }));
  const streams: string[] = [];
  try {
    // Rounds alternate between the databases, so a burst of other work on the machine hits both.
    for (let round = 0; round < RELAY_ROUNDS; round++) {
      for (const s of sides) {
        const handle = handles.get(s.name)!;
        const stream = `BENCH_SCALE_${process.pid}_${s.name.toUpperCase()}_${round}`;
        streams.push(stream);
        const r = await withBacklogAside(handle.db, () =>
          relayThroughput(handle, {
            natsUrl: NATS_URL,
            stream,
            n: RELAY_N,
            accounts: 5000,
            organisationId: s.target.seed.organisations[0].id,
            tag: `${process.pid}${round}`,
          }),
        );
        runs.get(s.name)!.push(r.perSecond);
        console.log(`  relay round ${round + 1}, ${s.name}: ${f0(r.perSecond)} events/s`);
      }
    }
  } finally {
    await deleteStreams(NATS_URL, streams);
    for (const h of handles.values()) await h.close();
  }
  return runs;
}

type RestFigures = {
  rest: number[];
  publicRoutes: { route: string; rps: number; p50: number; p99: number; non2xx: number }[];
};

async function restPhase(sides: Side[]): Promise<Map<string, RestFigures>> {
  const servers: Awaited<ReturnType<typeof startProductionServer>>[] = [];
  const handles: DbHandle[] = [];
  try {
    // Both servers run at once and take turns, so a burst of other work on the machine hits both.
    for (const [i, s] of sides.entries()) {
      if (i > 0) setEnv({ BENCH_SKIP_BUILD: "1" }); // one build serves both
      servers.push(
        await startProductionServer({
          name: `scale-${s.name}`,
          port: 3310 + i,
          env: { DATABASE_URL: s.url, RUN_WORKERS: "false", RUN_RELAY: "false" },
          probe: "/v1/openapi.json",
        }),
      );
      handles.push(await openDatabase({ url: s.url, migrate: false }));
    }
    const rows = (tag: string, n: number) =>
      Array.from({ length: CLIENTS }, (_, c) =>
        transactionsFor(`S${process.pid}-${tag}-${c}`, Math.floor(n / CLIENTS)),
      );
    const setups = [];
    for (const [i] of sides.entries()) {
      const { apiKey, supplierCode, accounts } = await makeAccounts(handles[i].db, CLIENTS * (REST_ROUNDS + 1));
      const token = await obtainToken(servers[i].base, apiKey);
      const set = (r: number) => accounts.slice(CLIENTS * r, CLIENTS * (r + 1));
      await viaRest(servers[i].base, token, supplierCode, set(REST_ROUNDS), rows(`warm-small-${i}`, 4000), 10);
      await viaRest(servers[i].base, token, supplierCode, set(REST_ROUNDS), rows(`warm-${i}`, REST_TOTAL));
      setups.push({ token, supplierCode, set });
    }
    const out = new Map<string, RestFigures>(sides.map((s) => [s.name, { rest: [], publicRoutes: [] }]));
    for (let r = 0; r < REST_ROUNDS; r++) {
      for (const [i, s] of sides.entries()) {
        const m = await viaRest(
          servers[i].base,
          setups[i].token,
          setups[i].supplierCode,
          setups[i].set(r),
          rows(`r${r}-${i}`, REST_TOTAL),
        );
        out.get(s.name)!.rest.push(REST_TOTAL / m.seconds);
        console.log(`  REST round ${r + 1}, ${s.name}: ${f0(REST_TOTAL / m.seconds)} rows/s`);
      }
    }
    for (const [route, path] of [
      ["GET /v1/accounts/<largest>/", (s: Side) => `/v1/accounts/${s.target.accountNumber}/`],
      ["GET /v1/products/", () => "/v1/products/"],
      ["GET /v1/products/VAR-22-11-01/", () => "/v1/products/VAR-22-11-01/"],
    ] as const) {
      const runs = sides.map(() => [] as autocannon.Result[]);
      for (let round = 0; round < 2; round++) {
        for (const [i, s] of sides.entries()) {
          const headers = route.includes("accounts")
            ? { authorization: `Basic ${Buffer.from(`${s.target.seed.organisations[0].apiKey}:`).toString("base64")}` }
            : {};
          runs[i].push(
            await autocannon({ url: servers[i].base + path(s), connections: 10, duration: PUBLIC_SECONDS, headers }),
          );
        }
      }
      for (const [i, s] of sides.entries()) {
        const best = runs[i].reduce((a, b) => (b.requests.average > a.requests.average ? b : a));
        out.get(s.name)!.publicRoutes.push({
          route,
          rps: best.requests.average,
          p50: best.latency.p50,
          p99: best.latency.p99,
          non2xx: runs[i].reduce((n, x) => n + x.non2xx, 0),
        });
      }
    }
    return out;
  } finally {
    for (const h of handles) await h.close();
    for (const s of servers) s.stop();
  }
}

async function main() {
  const loadAtStart = os.loadavg();
  const info = await ensureScaleDatabase(SCALE_URL, SCALE);
  const fresh = await freshDatabase();
  const sides: Side[] = [
    { name: "fresh", url: FRESH_URL, target: fresh },
    {
      name: "scale",
      url: SCALE_URL,
      target: { seed: info, accountNumber: info.hot.accountNumber, mpan: info.hot.mpan, external: info.hot.external },
    },
  ];
  const reads = !ONLY || ONLY === "reads" ? await readsPhase(sides) : null;
  if (reads) {
    console.log(`\nconsole reads (${READS} calls each; ms p50 / p99):`);
    const [f, s] = [reads.get("fresh")!, reads.get("scale")!];
    for (const [i, r] of s.entries())
      console.log(
        `  ${r.name.padEnd(48)} fresh ${f1(f[i].p50)} / ${f1(f[i].p99)}   scale ${f1(r.p50)} / ${f1(r.p99)}${r.p99 >= READ_TARGET_MS ? "   OVER 100 ms" : ""}`,
      );
  }
  const relay = !ONLY || ONLY === "relay" ? await relayPhase(sides) : null;
  const rest = !ONLY || ONLY === "rest" ? await restPhase(sides) : null;
  const loadAtEnd = os.loadavg();
  const lines = table(reads, relay, rest);
  console.log(`\n${lines.join("\n")}`);
  const load = `load average ${loadAtStart.map(f1).join(" ")} at the start, ${loadAtEnd.map(f1).join(" ")} at the end`;
  console.log(load);
  if (benchEnv.BENCH_WRITE !== "0" && !ONLY && SCALE === 1) {
    let commit = "unknown";
    try {
      commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    } catch {}
    const [{ version }] = await postgresVersion(SCALE_URL);
    writeBenchmarkSection(
      "At scale (`npm run bench:scale`)",
      [
        "`npm run bench:scale` (bench/scale.ts): each figure on a fresh database (migrated, two organisations, 20 suppliers, one imported account) and, in the same run, on a production-sized one: " +
          `${info.sizes.accounts.toLocaleString("en-GB")} imported accounts (plus 5% staged or failed) over 20 suppliers in 2 organisations, ${info.sizes.transactions.toLocaleString("en-GB")} transactions ` +
          `(five accounts with 10,000 to 40,000), ${info.sizes.events.toLocaleString("en-GB")} event rows over a year (${info.sizes.pending.toLocaleString("en-GB")} pending, the rest delivered in stamps of 500), ` +
          `${info.sizes.notes.toLocaleString("en-GB")} notes. The large database is built with set-based SQL from a template account the services wrote (bench/lib/scale-build.ts) in ${f0(info.buildSeconds ?? 0)} s, and reused by later runs.`,
        "",
        ...lines,
        "",
        `Machine: ${machineLine([`PostgreSQL ${version}`])}; shared with other work: ${load}. Run ${new Date().toISOString().slice(0, 16)}Z at commit ${commit}.`,
      ].join("\n"),
    );
    console.log("BENCHMARKS.md updated (section: At scale)");
  }
}

async function postgresVersion(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql<{ version: string }[]>`select current_setting('server_version') as version`;
  } finally {
    await sql.end();
  }
}

function table(
  reads: Map<string, ReadFigure[]> | null,
  relay: Map<string, number[]> | null,
  rest: Map<string, RestFigures> | null,
): string[] {
  const out = ["| figure | fresh | at scale | target |", "|---|---|---|---|"];
  if (reads) {
    const [f, s] = [reads.get("fresh")!, reads.get("scale")!];
    for (const [i, r] of s.entries()) {
      out.push(
        `| console: ${r.name} (p50 / p99 ms, ${READS} calls) | ${f1(f[i].p50)} / ${f1(f[i].p99)} | ${f1(r.p50)} / ${f1(r.p99)}${r.p99 < READ_TARGET_MS ? "" : " **over**"} | p99 < ${READ_TARGET_MS} ms |`,
      );
    }
  }
  if (relay) {
    const [f, s] = [median(relay.get("fresh")!), median(relay.get("scale")!)];
    out.push(
      `| relay throughput, events/s (median of ${RELAY_ROUNDS}; ${RELAY_N.toLocaleString("en-GB")} events over 5,000 accounts) | ${f0(f)} (${relay.get("fresh")!.map(f0).join(", ")}) | ${f0(s)} (${relay.get("scale")!.map(f0).join(", ")}); ${(s / f).toFixed(2)} × fresh | ≥ 0.9 × fresh |`,
    );
  }
  if (rest) {
    const [f, s] = [rest.get("fresh")!, rest.get("scale")!];
    const [fr, sr] = [median(f.rest), median(s.rest)];
    out.push(
      `| bench:import's REST transactions, rows/s (median of ${REST_ROUNDS}; ${REST_TOTAL.toLocaleString("en-GB")} rows, ${CLIENTS} clients, batches of 500) | ${f0(fr)} (${f.rest.map(f0).join(", ")}) | ${f0(sr)} (${s.rest.map(f0).join(", ")}); ${(sr / fr).toFixed(2)} × fresh | ≥ 0.9 × fresh |`,
    );
    for (const [i, p] of s.publicRoutes.entries()) {
      const q = f.publicRoutes[i];
      out.push(
        `| ${p.route} (10 connections, the better of 2 × ${PUBLIC_SECONDS} s, turns alternating): req/s, p50 / p99 ms | ${f0(q.rps)}, ${q.p50} / ${q.p99} | ${f0(p.rps)}, ${p.p50} / ${p.p99}${p.non2xx || q.non2xx ? ` (non-2xx: ${q.non2xx} / ${p.non2xx})` : ""} | unchanged |`,
      );
    }
  }
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
