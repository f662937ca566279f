import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, execRows, openDatabase, setDbHandle } from "@/db/client";
import { GET as ready } from "@/app/healthz/ready/route";
import { env } from "@/server/env.mjs";

// The app's own pool (db/client.ts) on the PostgreSQL server, its backends terminated again and
// again while eight workers run transactions: the pool must come back whole by itself (ADR 0013).
const url = env.DATABASE_URL;
const tag = `km-pool-recovery-${process.pid}`;
const table = `pool_recovery_${process.pid}`;

describe.skipIf(!url)("the pool under pg_terminate_backend (PostgreSQL)", () => {
  let admin: postgres.Sql;
  let pool: DbHandle;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create table ${table} (txn text not null, part int not null, primary key (txn, part))`);
    const u = new URL(url!);
    u.searchParams.set("application_name", tag);
    pool = await openDatabase({ url: u.toString(), migrate: false });
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await pool?.close();
    await admin?.unsafe(`drop table if exists ${table}`);
    await admin?.end({ timeout: 5 });
  });

  const terminateAll = () =>
    admin`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = ${tag}`;

  /** One all-or-nothing unit of work: two inserts with a read between, as a request does. */
  const work = (txn: string) =>
    pool.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${sql.raw(table)} (txn, part) values (${txn}, 1)`);
      await tx.execute(sql`select pg_sleep(0.002)`);
      await tx.execute(sql`insert into ${sql.raw(table)} (txn, part) values (${txn}, 2)`);
    });

  it("recovers every connection by itself, keeps work all-or-nothing, and readiness follows the database", async () => {
    const ok: string[] = [];
    let failed = 0;
    let stop = false;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const txn = `w${w}-${i}`;
        await work(txn).then(
          () => ok.push(txn),
          () => failed++,
        );
      }
    });
    let killed = 0;
    for (let round = 0; round < 12; round++) {
      await new Promise((r) => setTimeout(r, 120));
      killed += (await terminateAll())[0].n;
    }
    stop = true;
    await Promise.all(workers);
    expect(killed, "backends terminated mid-load").toBeGreaterThan(0);
    expect(failed, "some work was cut off").toBeGreaterThan(0);

    // Within a few seconds of the last kill the whole pool serves again: ten queries that each
    // hold a connection run at once on ten different backends, none waiting on a dead one.
    setDbHandle(pool);
    let healed = false;
    const deadline = Date.now() + 5000;
    while (!healed && Date.now() < deadline) {
      const started = Date.now();
      const pids = await Promise.all(
        Array.from({ length: 10 }, () =>
          execRows<{ pid: number }>(pool.db, sql`select pg_backend_pid() as pid, pg_sleep(0.2)`).then(
            (r) => r[0].pid,
            () => null,
          ),
        ),
      );
      healed = pids.every((p) => p !== null) && new Set(pids).size === 10 && Date.now() - started < 1000;
    }
    expect(healed, "all ten connections serve again within 5 s").toBe(true);

    for (let burst = 0; burst < 3; burst++) {
      const started = Date.now();
      const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => work(`burst${burst}-${i}`)));
      expect(
        results.filter((r) => r.status === "rejected"),
        `burst ${burst}`,
      ).toEqual([]);
      // Generous for a busy CI machine: a dead connection would fail these outright (connect timeout 2 s).
      expect(Date.now() - started, `burst ${burst} took`).toBeLessThan(5000);
      for (let i = 0; i < 50; i++) ok.push(`burst${burst}-${i}`);
    }
    expect((await ready()).status).toBe(200);

    // Every unit of work that succeeded is stored whole; nothing is ever half stored.
    const rows = await admin.unsafe<{ txn: string; parts: number }[]>(
      `select txn, count(*)::int as parts from ${table} group by txn`,
    );
    const parts = new Map(rows.map((r) => [r.txn, r.parts]));
    expect(ok.filter((t) => parts.get(t) !== 2)).toEqual([]);
    expect(rows.filter((r) => r.parts !== 2)).toEqual([]);
    expect(uncaught).toEqual([]);
    // The bound that matters is each burst's 5 s above; the whole run, beside a busy suite on a
    // two-core machine, may take longer than the default 30 s.
  }, 120_000);
});
