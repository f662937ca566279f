/**
 * Where the relay's own CPU goes: commits BENCH_BULK events over BENCH_ACCOUNTS accounts,
 * then drains them with a fresh relay under the V8 profiler (node:inspector), and prints the
 * functions with the most self time during the drain. DATABASE_URL: a scratch database.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { count } from "drizzle-orm";
import { type Db, openDatabase } from "@/db/client";
import { eventPending } from "@/db/schema";
import { emitMany, pending } from "@/server/events/emit";
import { EventRelay } from "@/server/events/relay";
import { env, setEnv } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

setEnv({ LOG_LEVEL: env.LOG_LEVEL ?? "warn" });
const BULK = benchEnv.BENCH_BULK;
const ACCOUNTS = benchEnv.BENCH_ACCOUNTS ?? 5000;
const NATS_URL = env.NATS_URL ?? "nats://127.0.0.1:4222";
const stream = { stream: `PROFILE_RELAY_${process.pid}`, subjectPrefix: `profile${process.pid}.events` };

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};

async function main() {
  const handle = await openDatabase({ pgliteDir: "memory://" });
  const db: Db = handle.db;
  for (let i = 0; i < BULK; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, BULK - i) }, (_, k) => {
      const account = `PROF-${(i + k) % ACCOUNTS}`;
      return pending(
        "account.updated",
        "v1",
        {
          account_number: account,
          account_user_emails: ["ada@example.com"],
          changes: { n: i + k, field: "billing_name" },
        },
        { accountNumber: account, organisationId: 1 },
      );
    });
    await db.transaction((tx) => emitMany(tx as unknown as Db, batch));
  }
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const started = Date.now();
  const relay = new EventRelay({ handle, natsUrl: NATS_URL, ...stream }).start();
  while (relay.stats.published < BULK) await new Promise((r) => setTimeout(r, 5));
  const seconds = (Date.now() - started) / 1000;
  const { profile } = await session.post("Profiler.stop");
  await relay.stop();
  const [{ n }] = await db.select({ n: count() }).from(eventPending);
  console.log(
    `drained ${BULK} events in ${seconds.toFixed(2)} s (${(BULK / seconds).toFixed(0)}/s), ${n} left pending`,
  );
  if (benchEnv.PROFILE_OUT) writeFileSync(benchEnv.PROFILE_OUT, JSON.stringify(profile));
  const nodes = profile.nodes as Node[];
  const total = nodes.reduce((a, x) => a + (x.hitCount ?? 0), 0);
  const self = new Map<string, number>();
  for (const x of nodes) {
    const f = x.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*wt-relay\//, "")}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (x.hitCount ?? 0));
  }
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, benchEnv.PROFILE_TOP))
    console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  const nc = await connect({ servers: NATS_URL });
  await (await jetstreamManager(nc)).streams.delete(stream.stream).catch(() => {});
  await nc.close();
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
