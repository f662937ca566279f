// `npm run bench:faults`: two production servers behind a load balancer, under load, while
// their PostgreSQL, their NATS and one of them fail in turn; on a private PostgreSQL 15
// cluster and NATS server of its own (nothing shared is touched, loopback only).
//
//   FAULTS_CLIENTS=8      clients; each in turn imports 2 transactions, 2 notes, 2 transactions,
//                         then stages and processes a production-shaped account (both fuels, meters, readings)
//   FAULTS_CLIENT_RATE=8  requests per second per client (paced; one late catches up at most 1 s);
//                         0: closed loop, every client sending as fast as answers come (ADR 0033)
//   FAULTS_ACCOUNTS=16    existing accounts the transactions and notes go to
//   FAULTS_WARM_S=15      seconds of load before the clock starts (the servers' code warms up)
//   FAULTS_PRE_S=15       seconds of load before the first fault (the pre-fault figures)
//   FAULTS_GAP_S=20       seconds from one fault to the next
//   FAULTS_PG_DOWN_S=4    how long PostgreSQL stays down after `stop -m immediate`
//   FAULTS_NATS_DOWN_S=30 how long NATS stays stopped
//   FAULTS_KILL_DOWN_S=10 how long the SIGKILLed instance stays down before its "supervisor" starts it again
//   BENCH_SKIP_BUILD=1    reuses .next; BENCH_WRITE=0 does not write BENCHMARKS.md
//   FAULTS_DUMP=<file>    writes every answer, poll and load sample as JSON, for a closer look
// Logs: /tmp/km-bench-faults-<instance><run>-server.log, and the private cluster's own log
// (statements over 100 ms, checkpoints, restarts) copied to /tmp/km-bench-faults-postgres.log.
//
// Faults, one after another: `pg_ctl restart -m fast`; `pg_ctl stop -m immediate`, down
// FAULTS_PG_DOWN_S, `start`; NATS stopped (SIGTERM) for FAULTS_NATS_DOWN_S, started again on
// the same store; the instance whose relay leads killed with SIGKILL (the other's relay must
// take over), started again FAULTS_KILL_DOWN_S later, as a supervisor would.
// From 12 s after each PostgreSQL fault (2 s after the window whose p99 is measured), and
// after the no-fault window, three bursts of 50 identical transaction posts.
// A client resends a request that got no answer, a 5xx or a 429 (after 200 ms) until it is
// answered otherwise, as a migration script would; `account_already_imported` for a resent
// process/ means an earlier attempt did it. Each instance's /healthz/ready and /healthz are
// polled every 0.5 s, directly. Checks at the end (exit 1 on any failure):
// - every request answered 2xx is stored exactly once, nothing not answered 2xx is stored in
//   part (transactions, notes, accounts with all their rows and events);
// - after the load, the relay delivers everything; the whole EVENTS stream, read back, holds
//   every stored event's every message once, nothing else, in seq order per account;
// - every answer came within 2 s; every non-2xx was the documented 503 (service_unavailable,
//   Retry-After), or a dropped connection while the killed instance was going;
// - while PostgreSQL was away the instances answered the documented 503 and readiness 503;
//   within 5 s of it accepting connections both answer 2xx again (no restart), and p99 of the
//   transaction and note posts from 5 to 10 s after is under 100 ms (printed beside the
//   machine's load average, /healthz's own p99 and this process's event-loop lag in that window,
//   to tell contention from a defect);
// - while NATS was away every answer was 2xx and /v1/events/relay-status/ (the alarm) answered
//   503 at least once, and 200 once everything is delivered; bursts all 201 adding their transaction once;
//   the relay leader changed after the kill; no uncaught exception in any server log.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { execRows, openDatabase } from "@/db/client";
import { writeBenchmarkSection } from "./lib/benchmarks-md";
import { accountBodies, alreadyImported, checkAccounts } from "./lib/fault-accounts";
import { startBalancer } from "./lib/fault-balancer";
import { checkStored, createAccounts, notesBody, transactionsBody } from "./lib/fault-fixtures";
import { type Answer, isServiceUnavailable, ms, quantile, type Sent, sentBetween, timedClient } from "./lib/fault-load";
import { sparePort, startNats, startPostgres } from "./lib/fault-services";
import { checkStream, waitDrained } from "./lib/fault-stream";
import { machineLine } from "./lib/machine";
import { type RunningServer, startProductionServer } from "./lib/server";
import { benchEnv } from "@/bench/env.mjs";

const CLIENTS = benchEnv.FAULTS_CLIENTS;
const RATE = benchEnv.FAULTS_CLIENT_RATE;
const ACCOUNTS = benchEnv.FAULTS_ACCOUNTS;
const WARM_S = benchEnv.FAULTS_WARM_S;
const PRE_S = benchEnv.FAULTS_PRE_S;
const GAP_S = benchEnv.FAULTS_GAP_S;
const PG_DOWN_S = benchEnv.FAULTS_PG_DOWN_S;
const NATS_DOWN_S = benchEnv.FAULTS_NATS_DOWN_S;
const KILL_DOWN_S = benchEnv.FAULTS_KILL_DOWN_S;
const LIMIT_MS = 2000;
/** Seconds after the database is back whose light posts' p99 is held to P99_LIMIT_MS. */
const WINDOW = { from: 5, to: 10 };
// The bursts start LIMIT_MS (the bound on any answer) after the window whose p99 is measured
// (WINDOW after a fault; the 10 s before `steady.at`): a request sent late in the window was
// otherwise answered after the first burst of 50 had landed on the instances, and counted its wait there.
const BURST = { clear: LIMIT_MS / 1000, count: 3, every: 2, size: 50 };
const P99_LIMIT_MS = 100;
const DATA_IMPORT = "/v1/data-import";
const RELAY_STATUS = "/v1/events/relay-status/";

// Whatever happens, the private cluster, NATS and the servers go (their own exit handlers).
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, () => process.exit(130));
process.on("unhandledRejection", (err) => (console.error(err), process.exit(1)));

const safely = (step: () => void) => {
  try {
    step();
  } catch (err) {
    console.error(`cleaning up: ${(err as Error).message}`);
  }
};
const loadBefore = os.loadavg()[0];
const root = fs.mkdtempSync(path.join(os.tmpdir(), "km-faults-"));
const pg = await startPostgres(root);
const nats = await startNats(root);
const running: RunningServer[] = [];
let finished = false;
// Runs after the cluster's and NATS's own exit handlers (registered first, they stop them) and
// before the servers': the servers killed outright when the run did not finish, then the folder removed.
// Each step on its own: one that throws must not leave the rest running.
process.on("exit", () => {
  if (!finished) for (const s of running) safely(() => s.kill?.("SIGKILL"));
  // PostgreSQL's log (slow statements, checkpoints) kept beside the servers' logs.
  safely(() => fs.copyFileSync(path.join(root, "pg.log"), "/tmp/km-bench-faults-postgres.log"));
  safely(() => fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 }));
});
console.log(`private PostgreSQL ${pg.url}, NATS ${nats.url} (under ${root})`);
const handle = await openDatabase({ url: pg.url });
const { apiKey, supplierCode, accounts } = await createAccounts(handle.db, ACCOUNTS + 1);
const burstAccount = accounts.pop()!;
// KEEP_ALIVE_TIMEOUT above the balancer's idle timeout, as README asks: otherwise an instance
// closes an idle connection just as the balancer reuses it, and a request is dropped for nothing.
const env = { DATABASE_URL: pg.url, NATS_URL: nats.url, LOG_LEVEL: "warn", KEEP_ALIVE_TIMEOUT: "65000" };
const ports = { a: await sparePort(), b: await sparePort() };
const logs: string[] = [];
const startInstance = async (name: "a" | "b", run: number) => {
  logs.push(`/tmp/km-bench-faults-${name}${run}-server.log`);
  const server = await startProductionServer({
    name: `faults-${name}${run}`,
    port: ports[name],
    env,
    probe: "/healthz/ready",
    skipBuild: run > 1 || name === "b",
  });
  running.push(server);
  return server;
};
const servers: Record<"a" | "b", RunningServer> = { a: await startInstance("a", 1), b: await startInstance("b", 1) };
const lb = await startBalancer(
  [
    { name: "a", port: ports.a },
    { name: "b", port: ports.b },
  ],
  await sparePort(),
);
const headers = { authorization: `Token ${apiKey}` };

const t0 = performance.now() + WARM_S * 1000;
const now = () => (performance.now() - t0) / 1000;
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));
const sleepUntil = (t: number) => sleep(Math.max(0, t - now()));
const sent: Sent[] = [];
type Poll = Answer & { at: number; instance: string; path: string };
const polls: Poll[] = [];
const loads: { at: number; load: number }[] = [];
let stopping = false;
const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const resend = (a: Answer) => a.status === 0 || a.status === 429 || a.status >= 500;

/** Sends one request until it is answered with something other than no answer, a 5xx or a 429. */
async function send(
  http: ReturnType<typeof timedClient>,
  url: string,
  body: string,
  kind: string,
  account: string,
  ids: string[],
) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const at = now();
    const a = await http.post(url, body, headers);
    sent.push({ ...a, kind, at, ids, account }); // warm-up (at < 0) too: the store check needs every request
    if (!resend(a)) return a;
    await sleep(0.2); // a script's pause before resending
  }
  throw new Error(`${url} for ${account} never answered`);
}

/**
 * One client. Paced (RATE > 0): request n of this client is due at start + n / RATE, staggered
 * across clients; a client that falls behind (waiting out an outage) sends its late requests at
 * once, but never more than 1 s of them: a script with a rate limiter, not an unbounded backlog.
 */
async function client(w: number) {
  const http = timedClient(lb.base, 1, 40_000);
  let due = now() + w / (CLIENTS * Math.max(RATE, 1));
  const paced = async (requests: number) => {
    if (!(RATE > 0)) return;
    if (now() - due > 1) due = now() - 1;
    await sleepUntil(due);
    due += requests / RATE;
  };
  for (let i = 0; !stopping; i++) {
    const acc = accounts[(w + i * CLIENTS) % accounts.length];
    const prefix = `L${w}-${i}`;
    await paced(i % 4 === 3 ? 2 : 1);
    if (i % 4 === 3) {
      const a = accountBodies(supplierCode);
      const staged = await send(
        http,
        `${DATA_IMPORT}/account-import-process/create-or-update/`,
        a.stage,
        "stage",
        a.external,
        [],
      );
      if (ok(staged))
        await send(http, `${DATA_IMPORT}/account-import-process/process/`, a.process, "process", a.external, []);
    } else {
      const kind = i % 4 === 1 ? "notes" : "transactions";
      const { body, ids } =
        kind === "notes" ? notesBody(supplierCode, acc, prefix, 2) : transactionsBody(supplierCode, acc, prefix, 2);
      await send(http, `${DATA_IMPORT}/${kind}/create/`, body, kind, acc.external, ids);
    }
  }
  http.close();
}

/**
 * This process's own event-loop lag, per second: the clients, balancer and poller share one
 * loop, and time a request waits here counts in its measured latency as if the app took it.
 */
const harnessLag: { at: number; max: number }[] = [];
async function lagMonitor() {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  for (let t = 1; !stopping; t++) {
    await sleepUntil(t);
    harnessLag.push({ at: t - 1, max: h.max / 1e6 });
    h.reset();
  }
  h.disable();
}
const lagIn = (from: number, to: number) => {
  const xs = harnessLag.filter((l) => l.at >= from && l.at < to);
  return xs.length ? `harness lag max ${ms(Math.max(...xs.map((l) => l.max)))}` : "harness lag n/a";
};

async function poller() {
  const direct = {
    a: timedClient(`http://127.0.0.1:${ports.a}`, 2, 10_000),
    b: timedClient(`http://127.0.0.1:${ports.b}`, 2, 10_000),
  };
  const balanced = timedClient(lb.base, 1, 10_000);
  for (let t = 0; !stopping; t += 0.5) {
    await sleepUntil(t);
    loads.push({ at: t, load: os.loadavg()[0] });
    // Stamped when sent, not with the schedule's t: a round that waited on a slow answer makes
    // the next ones late, and a poll sent after the database came back must not count as before.
    const at = now();
    await Promise.all([
      ...(["a", "b"] as const).flatMap((instance) =>
        ["/healthz/ready", "/healthz"].map(async (p) =>
          polls.push({ ...(await direct[instance].get(p)), at, instance, path: p }),
        ),
      ),
      // The alarm for events not reaching the bus (either instance: it reads the shared relay state).
      (async () => polls.push({ ...(await balanced.get(RELAY_STATUS)), at, instance: "lb", path: RELAY_STATUS }))(),
    ]);
  }
  direct.a.close();
  direct.b.close();
  balanced.close();
}

type Burst = { at: number; answers: Answer[]; added: number };
async function burst(label: string): Promise<Burst> {
  const http = timedClient(lb.base, BURST.size, 40_000);
  const { body, ids } = transactionsBody(supplierCode, burstAccount, label, 1);
  const at = now();
  const answers = await Promise.all(
    Array.from({ length: BURST.size }, () => http.post(`${DATA_IMPORT}/transactions/create/`, body, headers)),
  );
  http.close();
  for (const a of answers) sent.push({ ...a, kind: "transactions", at, ids, account: burstAccount.external });
  const added = answers.filter(
    (a) =>
      (a.json as { results?: { status?: string }[] } | undefined)?.results?.[0]?.status ===
      "TRANSACTION_ADDED_TO_ACCOUNT",
  ).length;
  return { at, answers, added };
}

type Fault = { name: string; at: number; back: number; bursts: Burst[] };
const pgFaults: Fault[] = [
  { name: "PostgreSQL restart -m fast", at: PRE_S, back: 0, bursts: [] },
  { name: `PostgreSQL stop -m immediate, ${PG_DOWN_S} s down, start`, at: PRE_S + GAP_S, back: 0, bursts: [] },
];
const natsFault = { at: PRE_S + 2 * GAP_S, back: 0 };
const killFault = { at: natsFault.at + NATS_DOWN_S + 10, back: 0, ready: 0 };
const steady = { at: killFault.at + KILL_DOWN_S + GAP_S, bursts: [] as Burst[] };
console.log(
  `${CLIENTS} clients through the balancer (${RATE > 0 ? `${RATE} requests/s each` : "closed loop"}), ${WARM_S} s warm-up; faults from ${pgFaults[0].at} s, about ${steady.at + 10} s in all`,
);
const clients = Array.from({ length: CLIENTS }, (_, w) => client(w));
await sleepUntil(0);
const polling = poller();
const lagging = lagMonitor();
for (const [r, f] of pgFaults.entries()) {
  await sleepUntil(f.at);
  f.at = now();
  const took = await pg.restart(r === 0 ? "fast" : "immediate", r === 0 ? undefined : PG_DOWN_S * 1000);
  f.back = f.at + took / 1000;
  for (let b = 0; b < BURST.count; b++) {
    await sleepUntil(f.back + WINDOW.to + BURST.clear + b * BURST.every);
    f.bursts.push(await burst(`B${r}-${b}`));
  }
}
natsFault.at = Math.max(natsFault.at, pgFaults[1].back + GAP_S);
await sleepUntil(natsFault.at);
natsFault.at = now();
await nats.stop();
await sleepUntil(natsFault.at + NATS_DOWN_S);
await nats.start();
natsFault.back = now();
killFault.at = Math.max(killFault.at, natsFault.back + 10);
await sleepUntil(killFault.at);
// The instance whose relay leads (its pid is in the leader's id), so the relay must fail over too.
const [relay] = await execRows<{ leader: string | null }>(
  handle.db,
  sql`select leader from event_relay_state where stream = 'EVENTS'`,
);
const victim: "a" | "b" = relay?.leader?.split(":")[1] === String(servers.a.pid) ? "a" : "b";
const leaderBefore = relay?.leader ?? "none";
killFault.at = now();
servers[victim].kill!("SIGKILL");
await sleepUntil(killFault.at + KILL_DOWN_S);
killFault.back = now();
servers[victim] = await startInstance(victim, 2);
killFault.ready = now();
const [relayAfter] = await execRows<{ leader: string | null }>(
  handle.db,
  sql`select leader from event_relay_state where stream = 'EVENTS'`,
);
steady.at = Math.max(steady.at, killFault.ready + 10);
for (let b = 0; b < BURST.count; b++) {
  await sleepUntil(steady.at + BURST.clear + b * BURST.every);
  steady.bursts.push(await burst(`S-${b}`));
}
stopping = true;
await Promise.all([...clients, polling, lagging]);

// Figures. FAULTS_DUMP=<file> keeps every answer and poll for a closer look.
if (benchEnv.FAULTS_DUMP)
  fs.writeFileSync(
    benchEnv.FAULTS_DUMP,
    JSON.stringify({
      startedAt: Date.now() - now() * 1000,
      pgFaults,
      natsFault,
      killFault,
      sent: sent.map(({ json: _j, ...s }) => s),
      polls: polls.map(({ json: _j, ...p }) => p),
      loads,
    }),
  );
const lines: string[] = [];
const out = (s: string) => (console.log(s), lines.push(s));
const failures: string[] = [];
const slowFailures: string[] = [];
/** A failed check; `latency` ones depend on the machine, the others on the app alone. */
const check = (cond: boolean, what: string, latency = false) =>
  cond ? true : ((latency ? slowFailures : failures).push(what), false);
const measured = sent.filter((s) => s.at >= 0);
const small = (xs: Sent[]) =>
  xs.filter((s) => (s.kind === "transactions" || s.kind === "notes") && s.account !== burstAccount.external);
const heavy = (xs: Sent[]) => xs.filter((s) => s.kind === "stage" || s.kind === "process");
const p99 = (xs: { ms: number }[]) =>
  quantile(
    xs.map((x) => x.ms),
    0.99,
  );
const loadAt = (from: number, to: number) => {
  const xs = loads.filter((l) => l.at >= from && l.at < to).map((l) => l.load);
  return xs.length ? `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}` : "n/a";
};
const health = (from: number, to: number) =>
  polls.filter((p) => p.path === "/healthz" && p.at >= from && p.at < to && p.status === 200);
const slowest = (xs: Answer[]) => Math.max(0, ...xs.map((a) => a.ms));

out(
  `load average (1 min) before the run ${loadBefore.toFixed(1)}, after ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} cores; other work on the machine slows every figure)`,
);
const pre = sentBetween(measured, 0, PRE_S).filter(ok);
out(
  `pre-fault (0-${PRE_S} s, load ${loadAt(0, PRE_S)}): ${pre.length} requests 2xx; transactions+notes p50 ${ms(
    quantile(
      small(pre).map((s) => s.ms),
      0.5,
    ),
  )}, p99 ${ms(p99(small(pre)))}; stage+process p99 ${ms(p99(heavy(pre)))}; /healthz p99 ${ms(p99(health(0, PRE_S)))}; ${lagIn(0, PRE_S)}`,
);

for (const f of pgFaults) {
  const away = sentBetween(measured, f.at, f.back);
  const documented = away.filter(isServiceUnavailable);
  out(`${f.name} at ${f.at.toFixed(1)} s, accepting again at ${f.back.toFixed(1)} s:`);
  out(
    `  while away: ${away.length} requests, ${away.filter(ok).length} 2xx, ${documented.length} documented 503, ${away.length - away.filter(ok).length - documented.length} other, slowest ${ms(slowest(away))}`,
  );
  check(slowest(away) < LIMIT_MS, `${f.name}: a request took ${ms(slowest(away))} while the database was away`, true);
  // Polls sent and answered while the database was away: `back` is when pg_ctl saw it accept
  // again, a little after it did, so a poll sent just before and answered after may rightly be 200.
  const readyAway = polls.filter(
    (p) => p.path === "/healthz/ready" && p.at >= f.at + 0.5 && p.at + p.ms / 1000 < f.back - 0.5,
  );
  if (f.back - f.at > 2) {
    check(documented.length > 0, `${f.name}: no documented 503 while the database was away`);
    const notUnavailable = readyAway
      .filter((p) => p.status !== 503)
      .map((p) => `${p.instance} ${p.status} at ${p.at.toFixed(1)} s in ${ms(p.ms)}`);
    check(
      readyAway.length > 0 && notUnavailable.length === 0,
      `${f.name}: readiness did not answer 503 while the database was away (${readyAway.length} polls; ${notUnavailable.join(", ") || "none"})`,
    );
  }
  const firstOk = (["a", "b"] as const).map((i) => measured.find((s) => s.at >= f.back && s.instance === i && ok(s)));
  out(
    `  first 2xx after it: a at +${firstOk[0] ? (firstOk[0].at - f.back).toFixed(1) : "never"} s, b at +${firstOk[1] ? (firstOk[1].at - f.back).toFixed(1) : "never"} s (no restart)`,
  );
  check(
    firstOk.every((s) => s && s.at - f.back < 5),
    `${f.name}: an instance did not answer 2xx within 5 s of the database coming back`,
  );
  const perSecond = Array.from({ length: 10 }, (_, k) =>
    ms(p99(small(sentBetween(measured, f.back + k, f.back + k + 1)))),
  ).join(", ");
  const lagPerSecond = Array.from(
    { length: 10 },
    (_, k) => harnessLag.find((l) => l.at === Math.floor(f.back) + k)?.max ?? Number.NaN,
  )
    .map(ms)
    .join(", ");
  out(`  transactions+notes p99 per second after: ${perSecond}`);
  out(`  the harness's own event-loop lag, max per second after: ${lagPerSecond}`);
  const [from, to] = [f.back + WINDOW.from, f.back + WINDOW.to];
  const after = small(sentBetween(measured, from, to));
  const afterP99 = p99(after);
  const passed = check(
    after.length > 0 && afterP99 < P99_LIMIT_MS,
    `${f.name}: p99 5-10 s after ${ms(afterP99)} (limit ${P99_LIMIT_MS} ms)`,
    true,
  );
  out(
    `  p99 5-10 s after: transactions+notes ${ms(afterP99)} (limit ${P99_LIMIT_MS} ms${passed ? "" : ", FAILED"}; pre-fault ${ms(p99(small(pre)))}), stage+process ${ms(p99(heavy(sentBetween(measured, from, to))))}; same window: load ${loadAt(from, to)}, /healthz p99 ${ms(p99(health(from, to)))}, ${lagIn(Math.floor(from), Math.ceil(to))}`,
  );
  reportBursts(f.bursts, `after ${f.name}`);
}

const natsWindow = sentBetween(measured, natsFault.at, natsFault.back + 5);
out(
  `NATS stopped at ${natsFault.at.toFixed(1)} s for ${NATS_DOWN_S} s: ${natsWindow.length} requests until 5 s after, ${natsWindow.filter(ok).length} 2xx, slowest ${ms(slowest(natsWindow))}, transactions+notes p99 ${ms(p99(small(natsWindow)))}`,
);
check(natsWindow.every(ok), `${natsWindow.filter((s) => !ok(s)).length} requests not 2xx while NATS was away`);

const relayPolls = polls.filter((p) => p.path === RELAY_STATUS);
const alarm = relayPolls.filter((p) => p.status === 503);
const alarmDuringNats = alarm.filter((p) => p.at >= natsFault.at && p.at <= natsFault.back);
out(
  `  relay-status: 503 in ${alarm.length} of ${relayPolls.length} polls, ${alarmDuringNats.length} while NATS was away (first at +${alarmDuringNats.length ? (alarmDuringNats[0].at - natsFault.at).toFixed(1) : "-"} s), last 503 at ${alarm.at(-1)?.at.toFixed(1) ?? "-"} s`,
);
check(alarmDuringNats.length > 0, "relay-status never answered 503 while NATS was away");
const dropped = measured.filter((s) => s.status === 0);
// In flight at the SIGKILL (sent up to 2 s before), or sent before the balancer saw it gone.
const killWindow = (s: { at: number }) => s.at >= killFault.at - LIMIT_MS / 1000 && s.at < killFault.at + 5;
out(
  `instance ${victim} (relay leader ${leaderBefore}; leader after ${relayAfter?.leader ?? "none"}) SIGKILLed at ${killFault.at.toFixed(1)} s, started again at ${killFault.back.toFixed(1)} s (ready at ${killFault.ready.toFixed(1)} s): ${dropped.filter(killWindow).length} requests dropped (connection refused or reset, resent by their client), ${sentBetween(measured, killFault.at, killFault.back).filter(ok).length} 2xx from ${victim === "a" ? "b" : "a"} meanwhile`,
);
check(
  dropped.every(killWindow),
  `${dropped.filter((s) => !killWindow(s)).length} dropped connections outside the 5 s after the SIGKILL`,
);
const victimAfter = measured.find((s) => s.at >= killFault.ready && s.instance === victim && ok(s));
check(!!victimAfter, `the restarted instance ${victim} answered no 2xx`);
check(!!relayAfter?.leader && relayAfter.leader !== leaderBefore, "the relay did not fail over to the other instance");
// The 10 s after the killed instance is ready again: no fault is going on, but that instance
// has just started (its code not yet optimised), so each instance's p99 is shown beside the whole.
const calm = small(sentBetween(measured, steady.at - 10, steady.at));
const survivor = victim === "a" ? "b" : "a";
const calmOf = (i: string) => p99(calm.filter((s) => s.instance === i));
// Not a bound: the restarted instance warms up here (compiling its code on the same 2 cores).
const calmVerdict =
  p99(calm) < P99_LIMIT_MS
    ? "holds"
    : calmOf(survivor) < P99_LIMIT_MS
      ? "fails on the restarted instance only"
      : "fails on both";
out(
  `no fault, ${victim} just restarted (${(steady.at - 10).toFixed(0)}-${steady.at.toFixed(0)} s, both instances up): transactions+notes p99 ${ms(p99(calm))} (${victim} ${ms(calmOf(victim))}, ${survivor} ${ms(calmOf(survivor))}; the bound ${P99_LIMIT_MS} ms ${calmVerdict}), load ${loadAt(steady.at - 10, steady.at)}, /healthz p99 ${ms(p99(health(steady.at - 10, steady.at)))}, ${lagIn(steady.at - 10, steady.at)}`,
);
out(`no fault, from ${(steady.at + BURST.clear).toFixed(1)} s:`);
reportBursts(steady.bursts, "with no fault");

function reportBursts(bursts: Burst[], when: string) {
  for (const [b, x] of bursts.entries()) {
    const statuses = [...new Set(x.answers.map((a) => a.status))].join("/");
    out(
      `  burst ${b + 1} at ${x.at.toFixed(1)} s: ${x.answers.filter((a) => a.status === 201).length}/${BURST.size} 201 (${statuses}), added ${x.added}, median ${ms(
        quantile(
          x.answers.map((a) => a.ms),
          0.5,
        ),
      )}, slowest ${ms(slowest(x.answers))}`,
    );
    check(x.answers.every((a) => a.status === 201) && x.added === 1, `burst ${b + 1} ${when}: not all 201 adding once`);
    check(slowest(x.answers) < LIMIT_MS, `burst ${b + 1} ${when} slowest ${ms(slowest(x.answers))}`, true);
  }
}

const longest = measured.reduce((m, s) => (s.ms > m.ms ? s : m), measured[0]);
const badErrors = sent.filter((s) => !ok(s) && s.status !== 0 && !isServiceUnavailable(s) && !alreadyImported(s));
const unavailable = measured.filter((s) => s.status === 503);
const kinds = ["transactions", "notes", "stage", "process"]
  .map((k) => `${measured.filter((s) => s.kind === k).length} ${k}`)
  .join(", ");
out(
  `all ${measured.length} requests after the warm-up (${kinds}): ${measured.filter(ok).length} 2xx, ${unavailable.length} documented 503, ${dropped.length} dropped, ${measured.filter(alreadyImported).length} account_already_imported (a resent process/), ${badErrors.length} other; longest wait ${ms(longest.ms)} (${longest.kind} ${longest.status} at ${longest.at.toFixed(1)} s)`,
);
const byInstance = lb.counts();
out(
  `balancer: a got ${byInstance.a.sent} (${byInstance.a.dropped} dropped), b got ${byInstance.b.sent} (${byInstance.b.dropped} dropped)`,
);
check(Math.max(...sent.map((s) => s.ms)) < LIMIT_MS, `a request took ${ms(Math.max(...sent.map((s) => s.ms)))}`, true);
check(
  badErrors.length === 0,
  `${badErrors.length} answers neither 2xx nor the documented 503: ${[...new Set(badErrors.map((s) => `${s.status} ${s.code}`))].join(", ")}`,
);

for (const i of ["a", "b"] as const) {
  const ready = polls.filter((p) => p.path === "/healthz/ready" && p.instance === i);
  const notReady = ready.filter((p) => p.status !== 200);
  // The killed instance is excused from its SIGKILL until it is ready again (dead, then starting).
  const serving = ready.filter(
    (p) => !(i === victim && p.at >= killFault.at - LIMIT_MS / 1000 && p.at <= killFault.ready),
  );
  const unexpected = serving.filter((p) => p.status !== 200 && p.status !== 503);
  out(
    `readiness of ${i}: ${ready.length} polls, ${notReady.length} not 200 (${notReady.length ? `${notReady[0].at.toFixed(1)}-${notReady.at(-1)!.at.toFixed(1)} s` : "-"}), slowest ${ms(slowest(serving))}${i === victim ? " (outside its kill and restart)" : ""}, last ${ready.at(-1)?.status}`,
  );
  check(
    unexpected.length === 0 && ready.at(-1)?.status === 200,
    `readiness of ${i} answered something other than 200/503, or not 200 at the end`,
  );
  check(slowest(serving) < LIMIT_MS, `readiness of ${i} answered after ${ms(slowest(serving))}`, true);
}

const drainedLeft = await waitDrained(handle.db, 60_000);
check(drainedLeft === 0, `${drainedLeft} events still pending 60 s after the load stopped`);
const relayEnd = await fetch(`${lb.base}${RELAY_STATUS}`).then(
  (r) => r.status,
  () => 0,
);
check(relayEnd === 200, `relay-status answered ${relayEnd} once everything was delivered`);
const stream = await checkStream(handle.db, nats.url);
out(
  `events: ${drainedLeft} pending after the load, relay-status then ${relayEnd}; the EVENTS stream read back: ${stream.onStream} messages for ${stream.expected} expected (every stored event as each version), ${stream.duplicates} duplicate ids, ${stream.missing} missing, ${stream.unknown} unknown; ${stream.chains} ordering chains, ${stream.outOfOrder} out of seq order`,
);
for (const p of stream.problems) console.log(`  ${p}`);
check(stream.problems.length === 0 && stream.onStream === stream.expected, "the EVENTS stream");

const stored = await checkStored(
  pg.url,
  supplierCode,
  sent.filter((s) => s.kind === "transactions" || s.kind === "notes"),
);
out(
  `stored: ${stored.transactions} transactions, ${stored.notes} notes; ${stored.stored2xx} 2xx answers stored exactly once, ${stored.storedDespite503} answers without 2xx whose request is stored whole (by its resend, or committed as the connection dropped), ${stored.problems.length} problems`,
);
for (const p of stored.problems) console.log(`  ${p}`);
check(stored.problems.length === 0, "stored transactions and notes");
const accountCheck = await checkAccounts(pg.url, supplierCode, sent);
out(
  `accounts: ${accountCheck.imported} imported once each with the same rows (${accountCheck.shape}: meter points/agreements/readings/customers/account.created/complete), ${accountCheck.importedDespiteFailure} imported whole without a 2xx, ${accountCheck.problems.length} problems`,
);
for (const p of accountCheck.problems) console.log(`  ${p}`);
check(accountCheck.problems.length === 0, "stored accounts");
await handle.close();

const crashes = logs.reduce(
  (n, f) =>
    n +
    (fs.readFileSync(f, "utf8").match(/uncaughtException|unhandledRejection|Cannot read properties of null/g) ?? [])
      .length,
  0,
);
out(`servers: ${crashes} uncaught exceptions logged (${logs.length} server logs)`);
check(crashes === 0, "uncaught exceptions in a server log");
out(
  `checks of the app's behaviour (stores, stream, answers, recovery): ${failures.length ? `FAIL: ${failures.join("; ")}` : "all passed"}`,
);
out(
  `latency bounds (2 s per answer, p99 ${P99_LIMIT_MS} ms after recovery; the machine's load shows above): ${slowFailures.length ? `FAIL: ${slowFailures.join("; ")}` : "all held"}`,
);
out(failures.length || slowFailures.length ? "FAIL" : "PASS");

finished = true;
await lb.close();
servers.a.stop();
servers.b.stop();
pg.stop();
await nats.stop();

if (benchEnv.BENCH_WRITE !== "0") {
  writeBenchmarkSection(
    "Fault recovery (`npm run bench:faults`)",
    [
      "`npm run bench:faults` (bench/faults.ts): two production servers (`npm start`'s scripts/server.mjs, each with its in-process relay) behind a round-robin balancer in the harness that retries nothing, " +
        `on a private PostgreSQL 15 cluster and NATS server; ${CLIENTS} clients (${RATE > 0 ? `paced at ${RATE} requests/s each, ${RATE * CLIENTS}/s in all` : "closed loop"}) each posting 2 transactions, 2 notes, 2 transactions, then staging and processing a production-shaped account (test/factories/energy-account.ts), ` +
        `resending what got no answer or a 5xx; \`pg_ctl restart -m fast\` at ${pgFaults[0].at.toFixed(0)} s, \`stop -m immediate\` at ${pgFaults[1].at.toFixed(0)} s with ${PG_DOWN_S} s down, NATS stopped ${NATS_DOWN_S} s at ${natsFault.at.toFixed(0)} s, the relay leader's instance SIGKILLed at ${killFault.at.toFixed(0)} s and started ${KILL_DOWN_S} s later; ` +
        "bursts of 50 identical transaction posts; afterwards the stores and the whole EVENTS stream checked (ADR 0030).",
      "",
      `Machine: ${machineLine(["PostgreSQL 15 (private cluster, default settings)"])}. Run ${new Date().toISOString().slice(0, 16)}Z.`,
      "",
      "```",
      ...lines,
      "```",
    ].join("\n"),
  );
}
process.exit(failures.length || slowFailures.length ? 1 : 0);
