// `npm run bench:ha`: the service through the loss of a component that has a replica (issue 41).
// Two production servers (scripts/server.mjs, each with its in-process relay) behind the fault
// harness's round-robin balancer, 8 paced import clients (bench/faults.ts's load: transactions,
// notes, stage + process of a production-shaped account, resending what got no answer or a 5xx),
// on services of its own on spare loopback ports under one temporary folder:
//
//   postgres: a primary and a streaming hot standby; the app's DATABASE_URL names both
//             (`h1,h2/db?target_session_attrs=read-write`). The primary is stopped
//             (`-m immediate`), HA_PROMOTE_AFTER_S later the standby promoted (ADR 0045).
//   nats:     a 3-node JetStream cluster, EVENTS_STREAM_REPLICAS=3, NATS_URL listing all three;
//             the EVENTS stream's leader SIGKILLed, started again HA_NATS_DOWN_S later (ADR 0046).
//
// Checks (exit 1 on any failure): every answer within 2 s, each either 2xx or the documented 503
// (postgres only, while there is no primary); postgres: writes 2xx again within 5 s of the
// promotion; every 2xx stored exactly once, nothing stored in part (read on the new primary);
// after the load the relay delivers everything and the whole EVENTS stream holds every stored
// event's messages once, in order per account; nats: every answer 2xx.
// Logs: /tmp/km-bench-ha-<scenario>-<instance>-server.log. Set BENCH_SKIP_BUILD=1 to reuse .next.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { openDatabase } from "@/db/client";
import { accountBodies, checkAccounts } from "./lib/fault-accounts";
import { startBalancer } from "./lib/fault-balancer";
import { checkStored, createAccounts, notesBody, transactionsBody } from "./lib/fault-fixtures";
import { type Answer, isServiceUnavailable, ms, type Sent, timedClient } from "./lib/fault-load";
import { sparePort, startNats, startPostgres } from "./lib/fault-services";
import { checkStream, waitDrained } from "./lib/fault-stream";
import { startNatsCluster, waitForMetaLeader } from "./lib/ha-nats";
import { startPostgresPair } from "./lib/ha-postgres";
import { machineLine } from "./lib/machine";
import { type RunningServer, startProductionServer } from "./lib/server";
import { benchEnv } from "@/bench/env.mjs";

const CLIENTS = benchEnv.FAULTS_CLIENTS;
const RATE = benchEnv.FAULTS_CLIENT_RATE;
const LIMIT_MS = 2000;
const RESUME_LIMIT_S = 5;
const DATA_IMPORT = "/v1/data-import";

for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, () => process.exit(130));
process.on("unhandledRejection", (err) => (console.error(err), process.exit(1)));

const failures: string[] = [];
const check = (ok: boolean, what: string) => ok || failures.push(what);
const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

type Services = { databaseUrl: string; checkUrl: () => string; natsUrl: string; appEnv: Record<string, string> };
type Fault = { run: (now: () => number) => Promise<{ at: number; over: number; marks: Record<string, number> }> };

/** One scenario: two instances under load, `fault` run at HA_PRE_S, load until HA_AFTER_S after it is over, then the checks. */
async function scenario(
  name: string,
  services: Services,
  fault: Fault,
  allowed: (a: Sent, marks: Record<string, number>) => boolean,
) {
  console.log(`\n== ${name} (DATABASE_URL ${services.databaseUrl}, NATS_URL ${services.natsUrl})`);
  const handle = await openDatabase({ url: services.databaseUrl });
  const { apiKey, supplierCode, accounts } = await createAccounts(handle.db, 16);
  const env = {
    DATABASE_URL: services.databaseUrl,
    NATS_URL: services.natsUrl,
    LOG_LEVEL: "warn",
    KEEP_ALIVE_TIMEOUT: "65000",
    ...services.appEnv,
  };
  const ports = { a: await sparePort(), b: await sparePort() };
  const running: RunningServer[] = [];
  process.on("exit", () => running.forEach((s) => s.kill?.("SIGKILL")));
  const logs = (["a", "b"] as const).map((i) => `/tmp/km-bench-ha-${name}-${i}-server.log`);
  for (const i of ["a", "b"] as const) {
    running.push(
      await startProductionServer({
        name: `ha-${name}-${i}`,
        port: ports[i],
        env,
        probe: "/healthz/ready",
        skipBuild: built,
      }),
    );
    built = true;
  }
  const lb = await startBalancer(
    [
      { name: "a", port: ports.a },
      { name: "b", port: ports.b },
    ],
    await sparePort(),
  );
  const headers = { authorization: `Token ${apiKey}` };
  const t0 = performance.now() + benchEnv.HA_WARM_S * 1000;
  const now = () => (performance.now() - t0) / 1000;
  const sent: Sent[] = [];
  let stopping = false;

  const send = async (
    http: ReturnType<typeof timedClient>,
    url: string,
    body: string,
    kind: string,
    account: string,
    ids: string[],
  ) => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const at = now();
      const a = await http.post(url, body, headers);
      sent.push({ ...a, kind, at, ids, account });
      if (!(a.status === 0 || a.status === 429 || a.status >= 500)) return a;
      await sleep(0.2);
    }
    throw new Error(`${url} for ${account} never answered`);
  };
  const client = async (w: number) => {
    const http = timedClient(lb.base, 1, 40_000);
    let due = now() + w / (CLIENTS * Math.max(RATE, 1));
    for (let i = 0; !stopping; i++) {
      if (RATE > 0) {
        if (now() - due > 1) due = now() - 1;
        await sleep(Math.max(0, due - now()));
        due += (i % 4 === 3 ? 2 : 1) / RATE;
      }
      const acc = accounts[(w + i * CLIENTS) % accounts.length];
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
          kind === "notes"
            ? notesBody(supplierCode, acc, `H${w}-${i}`, 2)
            : transactionsBody(supplierCode, acc, `H${w}-${i}`, 2);
        await send(http, `${DATA_IMPORT}/${kind}/create/`, body, kind, acc.external, ids);
      }
    }
    http.close();
  };
  const clients = Array.from({ length: CLIENTS }, (_, w) => client(w));
  await sleep(benchEnv.HA_WARM_S + benchEnv.HA_PRE_S);
  const f = await fault.run(now);
  await sleep(Math.max(0, f.over + benchEnv.HA_AFTER_S - now()));
  stopping = true;
  await Promise.all(clients);
  const end = now();

  const measured = sent.filter((s) => s.at >= 0);
  const slowest = sent.reduce((m, s) => (s.ms > m.ms ? s : m), sent[0]);
  const documented = sent.filter((s) => !ok(s) && isServiceUnavailable(s));
  const other = sent.filter(
    (s) => !ok(s) && !isServiceUnavailable(s) && !(s.status === 400 && s.code === "account_already_imported"),
  );
  const during = sent.filter((s) => s.at >= f.at && s.at < f.over);
  const writes = (s: Sent) => s.kind === "transactions" || s.kind === "notes";
  const firstAfter =
    sent
      .filter((s) => writes(s) && ok(s) && s.at >= f.over)
      .reduce((m, s) => Math.min(m, s.at + s.ms / 1000), Number.POSITIVE_INFINITY) - f.over;
  const marks = Object.entries(f.marks)
    .map(([k, v]) => `${k} at ${v.toFixed(1)} s`)
    .join(", ");
  console.log(
    `${CLIENTS} clients, ${RATE} requests/s each; ${marks}; load until ${end.toFixed(1)} s; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  during the fault (${f.at.toFixed(1)}-${f.over.toFixed(1)} s): ${during.length} requests, ${during.filter(ok).length} 2xx, ${during.filter(isServiceUnavailable).length} documented 503, slowest ${ms(Math.max(0, ...during.map((s) => s.ms)))}`,
  );
  console.log(
    `  first write answered 2xx ${Number.isFinite(firstAfter) ? `${firstAfter.toFixed(2)} s` : "never"} after the fault was over`,
  );
  console.log(
    `  all ${sent.length} requests (${measured.length} after the warm-up): ${sent.filter(ok).length} 2xx, ${documented.length} documented 503, ${other.length} other; longest wait ${ms(slowest.ms)} (${slowest.kind} ${slowest.status} at ${slowest.at.toFixed(1)} s)`,
  );
  check(slowest.ms <= LIMIT_MS, `${name}: an answer took ${ms(slowest.ms)} (limit ${LIMIT_MS} ms)`);
  check(
    other.length === 0,
    `${name}: ${other.length} answers neither 2xx nor the documented 503 (first: ${other[0]?.status} ${other[0]?.code} at ${other[0]?.at.toFixed(1)} s)`,
  );
  check(
    documented.every((s) => allowed(s, f.marks)),
    `${name}: a 503 outside the window the fault allows`,
  );
  check(
    Number.isFinite(firstAfter) && firstAfter <= RESUME_LIMIT_S,
    `${name}: writes did not resume within ${RESUME_LIMIT_S} s`,
  );

  const left = await waitDrained(handle.db, 90_000);
  const stream = await checkStream(handle.db, services.natsUrl.split(",")[0]);
  console.log(
    `  events: ${left} pending after the load; the EVENTS stream read back: ${stream.onStream} messages for ${stream.expected} expected, ${stream.duplicates} duplicate ids, ${stream.missing} missing, ${stream.unknown} unknown; ${stream.chains} ordering chains, ${stream.outOfOrder} out of seq order`,
  );
  check(
    left === 0 && stream.problems.length === 0,
    `${name}: ${left} pending; stream: ${stream.problems.slice(0, 3).join("; ")}`,
  );
  const stored = await checkStored(services.checkUrl(), supplierCode, sent.filter(writes));
  const accountCheck = await checkAccounts(services.checkUrl(), supplierCode, sent);
  console.log(
    `  stored (read on ${services.checkUrl()}): ${stored.transactions} transactions, ${stored.notes} notes; ${stored.stored2xx} 2xx answers stored exactly once, ${stored.storedDespite503} without 2xx stored whole (by a resend, or committed as the 503 went), ${stored.problems.length} problems`,
  );
  console.log(
    `  accounts: ${accountCheck.imported} imported once each (${accountCheck.shape}), ${accountCheck.problems.length} problems`,
  );
  check(stored.problems.length === 0, `${name}: ${stored.problems.slice(0, 3).join("; ")}`);
  check(accountCheck.problems.length === 0, `${name}: ${accountCheck.problems.slice(0, 3).join("; ")}`);
  const crashes = logs.reduce(
    (n, l) => n + (fs.readFileSync(l, "utf8").match(/uncaughtException|unhandledRejection/g) ?? []).length,
    0,
  );
  check(crashes === 0, `${name}: ${crashes} uncaught exceptions in the server logs`);
  for (const s of running) s.stop();
  await lb.close();
  await handle.close();
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "km-ha-"));
// The clusters run as the postgres user when we are root: it must reach their folders inside.
fs.chmodSync(root, 0o755);
process.on("exit", () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 }));
console.log(
  `bench:ha under ${root}; ${machineLine(["PostgreSQL 15", "nats-server"])}; load average before ${os.loadavg()[0].toFixed(1)}`,
);
let built = false;
const which = benchEnv.HA_SCENARIOS.split(",").map((s) => s.trim());

if (which.includes("postgres")) {
  const pair = await startPostgresPair(path.join(root, "pg"));
  const nats = await startNats(path.join(root, "pg"));
  let promoted = false;
  await scenario(
    "postgres",
    {
      databaseUrl: pair.url,
      checkUrl: () => (promoted ? pair.standbyUrl : pair.primaryUrl),
      natsUrl: nats.url,
      appEnv: {},
    },
    {
      async run(now) {
        const at = now();
        await pair.stopPrimary();
        const stopped = now();
        await sleep(Math.max(0, at + benchEnv.HA_PROMOTE_AFTER_S - now()));
        const promoting = now();
        await pair.promote();
        promoted = true;
        return {
          at,
          over: now(),
          marks: { "primary stopped": stopped, "promote sent": promoting, "standby promoted": now() },
        };
      },
    },
    // 503 only while there is no primary, and for the 2 s a request may wait after it.
    (s, m) => s.at >= m["primary stopped"] - 1 && s.at <= m["standby promoted"] + LIMIT_MS / 1000,
  );
  pair.stop();
  await nats.stop();
}

if (which.includes("nats")) {
  const pg = await startPostgres(path.join(root, "nats"));
  const cluster = await startNatsCluster(path.join(root, "nats"));
  await waitForMetaLeader(cluster.url);
  await scenario(
    "nats",
    { databaseUrl: pg.url, checkUrl: () => pg.url, natsUrl: cluster.url, appEnv: { EVENTS_STREAM_REPLICAS: "3" } },
    {
      async run(now) {
        const nc = await connect({ servers: cluster.url.split(",") });
        const info = await (await jetstreamManager(nc)).streams.info("EVENTS");
        await nc.close();
        const leader = cluster.nodes.find((n) => n.name === info.cluster?.leader) ?? cluster.nodes[0];
        console.log(
          `EVENTS: ${info.config.num_replicas} replicas, leader ${info.cluster?.leader}, replicas ${(info.cluster?.replicas ?? []).map((r) => r.name).join(", ")}`,
        );
        const at = now();
        await leader.kill();
        await sleep(benchEnv.HA_NATS_DOWN_S);
        const restart = now();
        await leader.start();
        return { at, over: now(), marks: { [`leader ${leader.name} SIGKILLed`]: at, "started again": restart } };
      },
    },
    () => false,
  );
  cluster.stop();
  pg.stop();
}

console.log(failures.length ? `\nFAIL\n${failures.map((f) => `  ${f}`).join("\n")}` : "\nall checks passed\nPASS");
process.exit(failures.length ? 1 : 0);
