import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { jobs } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { makeJob, uniq } from "@/test/factories";
import { type Job, wakeWorkers } from "./queue";
import { type JobHandler, startWorker } from "./worker";

const t = useTestDb();
const getDb = async (): Promise<Db> => t.db;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** Polls the database (not a clock) until `done`, failing after `timeoutMs` of a stuck run. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const statusOf = async (ids: number[]) =>
  t.db
    .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(inArray(jobs.id, ids))
    .orderBy(jobs.id);

/** A handler whose runs wait on `release()`; `started` resolves when the first run begins. */
function gatedHandler(queue: string) {
  const ran: Job[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let began!: () => void;
  const started = new Promise<void>((r) => (began = r));
  const handler: JobHandler = {
    queue,
    run: async (_db, job) => {
      ran.push(job);
      began();
      await gate;
    },
    onGiveUp: async () => {},
  };
  return { handler, ran, release, started };
}

describe("two workers on one queue", () => {
  it("run every job exactly once between them", async () => {
    const queue = uniq("q-two-").toLowerCase();
    const ids = (await Promise.all(Array.from({ length: 20 }, () => makeJob(t.db, { queue })))).map((j) => j.id);
    const runs = new Map<number, string[]>();
    const handler: JobHandler = {
      queue,
      run: async (_db, job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), job.lockedBy!]);
      },
      onGiveUp: async () => {},
    };
    stops.push(
      startWorker(getDb, handler, { pollMs: 10, batchSize: 3 }),
      startWorker(getDb, handler, { pollMs: 10, batchSize: 3 }),
    );
    await until("every job done", async () => (await statusOf(ids)).every((j) => j.status === "done"));
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    for (const [, by] of runs) expect(by).toHaveLength(1);
    for (const row of await statusOf(ids)) expect(row.attempts).toBe(1);
  });
});

describe("stopping a worker mid-job", () => {
  it("waits for the claimed jobs to finish (none goes back to the queue) and claims nothing new", async () => {
    const queue = uniq("q-stop-").toLowerCase();
    const { handler, ran, release, started } = gatedHandler(queue);
    // Both are claimed in one batch: stopping lets the whole batch in hand finish.
    const [first, second] = [await makeJob(t.db, { queue }), await makeJob(t.db, { queue })];
    const stop = startWorker(getDb, handler, { pollMs: 10, batchSize: 2 });
    await started;

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    const later = await makeJob(t.db, { queue });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    expect(await statusOf([first.id, second.id])).toMatchObject([{ status: "running" }, { status: "running" }]);

    release();
    await stopping;
    expect(ran.map((j) => j.id)).toEqual([first.id, second.id]);
    expect(await statusOf([first.id, second.id, later.id])).toMatchObject([
      { status: "done", attempts: 1 },
      { status: "done", attempts: 1 },
      { status: "queued", attempts: 0, lockedBy: null },
    ]);
  });

  it("returns at once from an idle wait, however long the poll interval", async () => {
    const { handler } = gatedHandler(uniq("q-idle-").toLowerCase());
    const stop = startWorker(getDb, handler, { pollMs: 3_600_000 });
    await new Promise((r) => setTimeout(r, 50));
    const before = Date.now();
    await stop();
    expect(Date.now() - before).toBeLessThan(5_000);
  });
});

describe("a job retried by a running worker", () => {
  it("is claimed again once its backoff has passed, then completes", async () => {
    const queue = uniq("q-backoff-").toLowerCase();
    const job = await makeJob(t.db, { queue, maxAttempts: 3 });
    let calls = 0;
    const handler: JobHandler = {
      queue,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error("flaky");
      },
      onGiveUp: async () => {},
    };
    // backoffSeconds 0: the retry is due at once, so the same worker takes it on its next poll.
    stops.push(startWorker(getDb, handler, { pollMs: 10, backoffSeconds: 0 }));
    await until("the retry to complete", async () => (await statusOf([job.id]))[0].status === "done");
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "done", attempts: 2, lastError: null });
    expect(calls).toBe(2);
  });
});

describe("a worker that listens for work (wakeOnNotify)", () => {
  it("runs a job queued with wakeWorkers at once, not at its next poll a minute later", async () => {
    const queue = uniq("q-wake-").toLowerCase();
    const ran: number[] = [];
    const handler: JobHandler = { queue, run: async (_db, job) => void ran.push(job.id), onGiveUp: async () => {} };
    // The first job is there before the worker starts: once it has run, the worker's next claim
    // finds nothing and it sleeps for its whole poll interval.
    const first = await makeJob(t.db, { queue });
    stops.push(startWorker(getDb, handler, { pollMs: 60_000, wakeOnNotify: true }));
    await until("the first job run", async () => ran.length === 1);
    await new Promise((r) => setTimeout(r, 500));

    const second = await t.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const job = await makeJob(tx, { queue });
      await wakeWorkers(tx, queue);
      return job.id;
    });
    // A notification sent before the worker's LISTEN took hold is lost (polling is the
    // fallback); another wake, queueing nothing, stands in for the next job started.
    await until(
      "the second job run",
      async () => {
        if (ran.length < 2) await wakeWorkers(t.db, queue);
        return ran.length === 2;
      },
      10_000,
    );
    expect(ran).toEqual([first.id, second]);
    // The handler has run; the worker marks the job done just after it returns.
    await until("the second job marked done", async () => (await statusOf([second]))[0].status === "done");
    expect((await statusOf([second]))[0].status).toBe("done");
  });

  it("is not woken by another queue's work", async () => {
    const queue = uniq("q-wake-own-").toLowerCase();
    const ran: number[] = [];
    const handler: JobHandler = { queue, run: async (_db, job) => void ran.push(job.id), onGiveUp: async () => {} };
    await makeJob(t.db, { queue });
    stops.push(startWorker(getDb, handler, { pollMs: 60_000, wakeOnNotify: true }));
    await until("the first job run", async () => ran.length === 1);
    await new Promise((r) => setTimeout(r, 500));
    await makeJob(t.db, { queue });
    for (let i = 0; i < 10; i++) {
      await wakeWorkers(t.db, `${queue}-other`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ran).toHaveLength(1);
  });
});
