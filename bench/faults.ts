// `npm run bench:faults`: the production server under load while its PostgreSQL is restarted,
// on a private PostgreSQL 15 cluster and NATS server of its own (nothing shared is touched).
//
//   FAULTS_CLIENTS=8      concurrent clients posting transactions (2 per request) and notes, closed loop
//   FAULTS_ACCOUNTS=16    accounts they post to (created with the shared fixture helpers)
//   FAULTS_PRE_S=15       seconds of load before the first restart (the pre-fault p99); 5 s of warm-up come first
//   FAULTS_GAP_S=20       seconds between the fast and the immediate restart, and after the last
//   FAULTS_PORT           port of the server (default: a spare one); BENCH_SKIP_BUILD=1 reuses .next
//   BENCH_WRITE=0         do not write BENCHMARKS.md
//
// Faults: `pg_ctl restart -m fast` at FAULTS_PRE_S, `-m immediate` FAULTS_GAP_S later. From
// 10 s after each restart, five bursts of 50 identical transaction posts, one every 2 s.
// /healthz/ready is polled every 0.5 s throughout. Passes when every burst adds its transaction
// once with no 503 and nothing over 2 s; p99 of the load from 5 to 10 s after each restart is
// within 1.5 x the pre-fault p99; every answer came within 2 s and every non-2xx was the
// documented 503 (service_unavailable, Retry-After); every 2xx is stored exactly once with its
// event and nothing is half stored; the server logged no uncaught exception. Exits 1 otherwise.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { writeBenchmarkSection } from "./lib/benchmarks-md";
import { checkStored, createAccounts, notesBody, transactionsBody } from "./lib/fault-fixtures";
import { type Answer, isServiceUnavailable, ms, quantile, type Sent, sentBetween, timedClient } from "./lib/fault-load";
import { sparePort, startNats, startPostgres } from "./lib/fault-services";
import { machineLine } from "./lib/machine";
import { startProductionServer } from "./lib/server";

const CLIENTS = Number(process.env.FAULTS_CLIENTS ?? 8);
const ACCOUNTS = Number(process.env.FAULTS_ACCOUNTS ?? 16);
const WARM_S = 5;
const PRE_S = Number(process.env.FAULTS_PRE_S ?? 15);
const GAP_S = Number(process.env.FAULTS_GAP_S ?? 20);
const BURST = { after: 10, count: 5, every: 2, size: 50 };
const LIMIT_MS = 2000;
const DATA_IMPORT = "/v1/data-import";

const loadBefore = os.loadavg()[0];
const root = fs.mkdtempSync(path.join(os.tmpdir(), "km-faults-"));
const pg = await startPostgres(root);
const nats = await startNats(root);
console.log(`private PostgreSQL ${pg.url}, NATS ${nats.url} (under ${root})`);
const handle = await openDatabase({ url: pg.url });
const { apiKey, supplierCode, accounts } = await createAccounts(handle.db, ACCOUNTS + 1);
await handle.close();
const burstAccount = accounts.pop()!;
const port = Number(process.env.FAULTS_PORT || (await sparePort()));
const server = await startProductionServer({ name: "faults", port, env: { DATABASE_URL: pg.url, NATS_URL: nats.url, LOG_LEVEL: "warn" }, probe: "/healthz/ready" });
const headers = { authorization: `Token ${apiKey}` };

const t0 = performance.now() + WARM_S * 1000;
const now = () => (performance.now() - t0) / 1000;
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, (t - now()) * 1000)));
const sent: Sent[] = [];
const polls: (Answer & { at: number })[] = [];
let stopping = false;

async function client(w: number) {
  const http = timedClient(server.base, 1, 40_000);
  for (let i = 0; !stopping; i++) {
    const acc = accounts[(w + i * CLIENTS) % accounts.length];
    const kind = i % 2 ? "notes" : "transactions";
    const prefix = `L${w}-${i}`;
    const { body, ids } = kind === "notes" ? notesBody(supplierCode, acc, prefix, 2) : transactionsBody(supplierCode, acc, prefix, 2);
    const at = now();
    const a = await http.post(`${DATA_IMPORT}/${kind}/create/`, body, headers);
    sent.push({ ...a, kind, at, ids, account: acc.external }); // warm-up (at < 0) too: the store check needs every request
    if (a.status < 200 || a.status >= 300) await new Promise((r) => setTimeout(r, 100)); // a script's pause before resending
  }
  http.close();
}

async function poller(end: number) {
  const http = timedClient(server.base, 1, 10_000);
  for (let t = 0; t < end; t += 0.5) {
    await sleepUntil(t);
    polls.push({ ...(await http.get("/healthz/ready")), at: now() });
  }
  http.close();
}

type Burst = { at: number; answers: Answer[]; added: number };
async function burst(label: string): Promise<Burst> {
  const http = timedClient(server.base, BURST.size, 40_000);
  const { body, ids } = transactionsBody(supplierCode, burstAccount, label, 1);
  const at = now();
  const answers = await Promise.all(Array.from({ length: BURST.size }, () => http.post(`${DATA_IMPORT}/transactions/create/`, body, headers)));
  http.close();
  for (const a of answers) sent.push({ ...a, kind: "transactions", at, ids, account: burstAccount.external });
  const added = answers.filter((a) => (a.json as { results?: { status?: string }[] } | undefined)?.results?.[0]?.status === "TRANSACTION_ADDED_TO_ACCOUNT").length;
  return { at, answers, added };
}

const restarts = [
  { mode: "fast" as const, at: PRE_S, took: 0, bursts: [] as Burst[] },
  { mode: "immediate" as const, at: PRE_S + GAP_S, took: 0, bursts: [] as Burst[] },
];
// The same bursts with no fault, at the end: what the machine gives them anyway.
const steady = { at: restarts[1].at + GAP_S, bursts: [] as Burst[] };
const END = steady.at + BURST.count * BURST.every + 2;
console.log(`${CLIENTS} clients for ${WARM_S} s warm-up + ${END} s; restarts at ${restarts.map((r) => `${r.at} s (${r.mode})`).join(", ")}`);
const clients = Array.from({ length: CLIENTS }, (_, w) => client(w));
await sleepUntil(0);
const polling = poller(END);
for (const [r, restart] of restarts.entries()) {
  await sleepUntil(restart.at);
  restart.took = await pg.restart(restart.mode);
  for (let b = 0; b < BURST.count; b++) {
    await sleepUntil(restart.at + BURST.after + b * BURST.every);
    restart.bursts.push(await burst(`B${r}-${b}`));
  }
}
for (let b = 0; b < BURST.count; b++) {
  await sleepUntil(steady.at + b * BURST.every);
  steady.bursts.push(await burst(`S-${b}`));
}
await sleepUntil(END);
stopping = true;
await Promise.all([...clients, polling]);

// Figures.
const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const measured = sent.filter((s) => s.at >= 0);
const load = measured.filter((s) => s.account !== burstAccount.external);
const pre = sentBetween(load, 0, PRE_S).filter(ok).map((s) => s.ms);
const preP99 = quantile(pre, 0.99);
const lines: string[] = [];
const out = (s: string) => (console.log(s), lines.push(s));
const failures: string[] = [];
const check = (cond: boolean, what: string) => (cond ? true : (failures.push(what), false));

out(`load average (1 min) before the run ${loadBefore.toFixed(1)}, after ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} cores; other work on the machine slows every figure)`);
out(`pre-fault (0-${PRE_S} s): ${pre.length} requests answered 2xx, p50 ${ms(quantile(pre, 0.5))}, p99 ${ms(preP99)}`);
for (const r of restarts) {
  const during = sentBetween(load, r.at, r.at + 5);
  const after = sentBetween(load, r.at + 5, r.at + 10).map((s) => s.ms);
  const p99 = quantile(after, 0.99);
  const perSecond = Array.from({ length: 10 }, (_, k) => ms(quantile(sentBetween(load, r.at + k, r.at + k + 1).map((s) => s.ms), 0.99))).join(", ");
  out(`restart -m ${r.mode} at ${r.at} s (pg_ctl took ${ms(r.took)}): first 5 s ${during.length} requests, ${during.filter(ok).length} 2xx, ${during.filter((s) => s.status === 503).length} 503, slowest ${ms(Math.max(0, ...during.map((s) => s.ms)))}`);
  out(`  p99 per second after the restart: ${perSecond}`);
  out(`  p99 from 5 to 10 s after: ${ms(p99)} = ${(p99 / preP99).toFixed(2)} x pre-fault (limit 1.5)`);
  check(after.length > 0 && p99 <= 1.5 * preP99, `p99 5-10 s after the ${r.mode} restart ${ms(p99)} > 1.5 x ${ms(preP99)}`);
  reportBursts(r.bursts, `after the ${r.mode} restart`);
}
out(`no fault, from ${steady.at} s:`);
reportBursts(steady.bursts, "with no fault");

function reportBursts(bursts: Burst[], when: string) {
  for (const [b, x] of bursts.entries()) {
    const statuses = [...new Set(x.answers.map((a) => a.status))].join("/");
    const slowest = Math.max(...x.answers.map((a) => a.ms));
    out(`  burst ${b + 1} at ${x.at.toFixed(1)} s: ${x.answers.filter((a) => a.status === 201).length}/${BURST.size} 201 (${statuses}), added ${x.added}, 503 ${x.answers.filter((a) => a.status === 503).length}, median ${ms(quantile(x.answers.map((a) => a.ms), 0.5))}, slowest ${ms(slowest)}`);
    check(x.answers.every((a) => a.status === 201) && x.added === 1 && slowest < LIMIT_MS, `burst ${b + 1} ${when}`);
  }
}
const slowest = measured.reduce((m, s) => (s.ms > m.ms ? s : m), measured[0]);
const badErrors = sent.filter((s) => !ok(s) && !isServiceUnavailable(s));
const unavailable = measured.filter((s) => s.status === 503);
out(`all ${measured.length} requests after the warm-up: ${measured.filter(ok).length} 2xx, ${unavailable.length} documented 503 (max ${ms(Math.max(0, ...unavailable.map((s) => s.ms)))}), ${badErrors.length} other; slowest ${ms(slowest.ms)} (${slowest.status} at ${slowest.at.toFixed(1)} s)`);
check(Math.max(...sent.map((s) => s.ms)) < LIMIT_MS, `a request took ${ms(Math.max(...sent.map((s) => s.ms)))}`);
check(badErrors.length === 0, `${badErrors.length} answers neither 2xx nor the documented 503: ${[...new Set(badErrors.map((s) => `${s.status} ${s.code}`))].join(", ")}`);

const notReady = polls.filter((p) => p.status !== 200);
out(`readiness: ${polls.length} polls, ${notReady.length} answered 503 (at ${notReady.map((p) => `${p.at.toFixed(1)} s`).join(", ") || "-"}), slowest ${ms(Math.max(...polls.map((p) => p.ms)))}, last ${polls.at(-1)?.status}`);
check(polls.every((p) => p.status === 200 || p.status === 503) && polls.at(-1)?.status === 200 && Math.max(...polls.map((p) => p.ms)) < LIMIT_MS, "readiness answered something other than 200/503, slowly, or not 200 at the end");

const stored = await checkStored(pg.url, supplierCode, sent);
out(`stored: ${stored.transactions} transactions, ${stored.notes} notes; ${stored.stored2xx} 2xx answers stored exactly once, ${stored.storedDespite503} answers without 2xx stored whole (committed as the connection dropped), ${stored.problems.length} problems`);
for (const p of stored.problems) console.log(`  ${p}`);
check(stored.problems.length === 0, "stored rows");
const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
const [{ n: backends }] = await admin<{ n: number }[]>`select count(*)::int n from pg_stat_activity where application_name = 'kraken-migrate'`;
await admin.end();
const log = fs.readFileSync("/tmp/km-bench-faults-server.log", "utf8");
const crashes = (log.match(/uncaughtException|Cannot read properties of null/g) ?? []).length;
out(`server: ${backends} pool connections connected at the end, ${crashes} uncaught exceptions logged`);
check(crashes === 0, "uncaught exceptions in the server log");

server.stop();
pg.stop();
await nats.stop();
fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
console.log(failures.length ? `\nFAIL: ${failures.join("; ")}` : "\nPASS");

if (process.env.BENCH_WRITE !== "0" && failures.length === 0) {
  writeBenchmarkSection(
    "Fault recovery (`npm run bench:faults`)",
    [
      "`npm run bench:faults` (bench/faults.ts): the production server (`npm start`'s scripts/server.mjs) on a private PostgreSQL 15 cluster and NATS server, " +
        `${CLIENTS} closed-loop clients posting transactions (2 per request) and notes (2 per request) to ${ACCOUNTS} accounts; ` +
        `\`pg_ctl restart -m fast\` at ${restarts[0].at} s and \`-m immediate\` at ${restarts[1].at} s; from 10 s after each, five bursts of 50 identical transaction posts 2 s apart; ` +
        "`/healthz/ready` polled every 0.5 s (ADR 0013).",
      "",
      `Machine: ${machineLine(["PostgreSQL 15 (private cluster, default settings)"])}. Run ${new Date().toISOString().slice(0, 10)}.`,
      "",
      "```",
      ...lines,
      "```",
    ].join("\n"),
  );
}
process.exit(failures.length ? 1 : 0);
