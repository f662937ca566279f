import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { jobs } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { makeJob, uniq } from "@/test/factories";
import { claimJobs, completeJob } from "./queue";
import { type JobHandler, PermanentJobError, runOne } from "./worker";

const t = useTestDb();

const rowOf = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
/** Seconds between two timestamps set by the same statement (both from its now()). */
const secondsBetween = (a: Date | null, b: Date | null) => (a!.getTime() - b!.getTime()) / 1000;
/** Stands in for time passing: the job's next attempt, or its lease, is due now. */
const makeDue = (id: number) =>
  t.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
const expireLease = (id: number) =>
  t.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

function failingHandler(queue: string, error: () => Error = () => new Error("gateway down")) {
  const onGiveUp = vi.fn<JobHandler["onGiveUp"]>(async () => {});
  const run = vi.fn<JobHandler["run"]>(async () => {
    throw error();
  });
  return { queue, run, onGiveUp } satisfies JobHandler;
}

describe("claiming jobs (FOR UPDATE SKIP LOCKED)", () => {
  it("gives each due job to exactly one of two workers claiming at once, holding a lease", async () => {
    const queue = uniq("q-claim-").toLowerCase();
    const ids = await Promise.all(Array.from({ length: 12 }, () => makeJob(t.db, { queue }).then((j) => j.id)));
    const [a, b] = await Promise.all([
      claimJobs(t.db, queue, "worker-a", 8, 60),
      claimJobs(t.db, queue, "worker-b", 8, 60),
    ]);
    const claimed = [...a, ...b].map((j) => j.id);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(ids.length);
    for (const job of a) expect(job).toMatchObject({ status: "running", attempts: 1, lockedBy: "worker-a" });
    for (const job of b) expect(job).toMatchObject({ status: "running", attempts: 1, lockedBy: "worker-b" });
    expect(secondsBetween(a[0]?.lockedUntil ?? b[0].lockedUntil, a[0]?.updatedAt ?? b[0].updatedAt)).toBe(60);
    // Nothing is left for either, and nothing of another queue was touched.
    expect(await claimJobs(t.db, queue, "worker-c", 10, 60)).toEqual([]);
  });

  it("does not claim a job before its run_at", async () => {
    const queue = uniq("q-later-").toLowerCase();
    const job = await makeJob(t.db, { queue, runAt: new Date(Date.now() + 3_600_000) });
    expect(await claimJobs(t.db, queue, "w", 10, 60)).toEqual([]);
    await makeDue(job.id);
    expect((await claimJobs(t.db, queue, "w", 10, 60)).map((j) => j.id)).toEqual([job.id]);
  });
});

describe("a failing job", () => {
  it("is retried with exponential backoff until its attempts run out, then marked failed once", async () => {
    const queue = uniq("q-retry-").toLowerCase();
    const handler = failingHandler(queue);
    const job = await makeJob(t.db, { queue, maxAttempts: 3 });

    for (const [attempt, backoff] of [
      [1, 10],
      [2, 20],
    ] as const) {
      const [claimed] = await claimJobs(t.db, queue, "w", 1, 60);
      expect(claimed).toMatchObject({ id: job.id, attempts: attempt });
      await runOne(t.db, handler, claimed, 10);
      const row = await rowOf(job.id);
      expect(row).toMatchObject({
        status: "queued",
        attempts: attempt,
        lastError: "gateway down",
        lockedBy: null,
        lockedUntil: null,
        finishedAt: null,
      });
      // run_at and updated_at come from the same statement's now(): the delay is exact.
      expect(secondsBetween(row.runAt, row.updatedAt)).toBe(backoff);
      expect(await claimJobs(t.db, queue, "w", 1, 60)).toEqual([]);
      await makeDue(job.id);
    }
    expect(handler.onGiveUp).not.toHaveBeenCalled();

    const [last] = await claimJobs(t.db, queue, "w", 1, 60);
    expect(last.attempts).toBe(3);
    await runOne(t.db, handler, last, 10);
    expect(await rowOf(job.id)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "gateway down",
      lockedUntil: null,
      finishedAt: expect.any(Date),
    });
    expect(handler.run).toHaveBeenCalledTimes(3);
    expect(handler.onGiveUp).toHaveBeenCalledTimes(1);
    expect(handler.onGiveUp.mock.calls[0][2]).toBe("gateway down");
    await makeDue(job.id);
    expect(await claimJobs(t.db, queue, "w", 1, 60)).toEqual([]);
  });

  it("is not retried when the handler says the failure is permanent", async () => {
    const queue = uniq("q-perm-").toLowerCase();
    const handler = failingHandler(queue, () => new PermanentJobError("rejected by the gateway"));
    const job = await makeJob(t.db, { queue, maxAttempts: 5 });
    const [claimed] = await claimJobs(t.db, queue, "w", 1, 60);
    await runOne(t.db, handler, claimed, 10);
    expect(await rowOf(job.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "rejected by the gateway" });
    expect(handler.onGiveUp).toHaveBeenCalledTimes(1);
  });
});

describe("a lease that runs out (its worker died mid-job)", () => {
  it("lets another worker take the job, and the dead worker's late answer is ignored", async () => {
    const queue = uniq("q-lease-").toLowerCase();
    const job = await makeJob(t.db, { queue });
    const [held] = await claimJobs(t.db, queue, "worker-a", 1, 60);
    expect(await claimJobs(t.db, queue, "worker-b", 1, 60)).toEqual([]);

    await expireLease(job.id);
    const [taken] = await claimJobs(t.db, queue, "worker-b", 1, 60);
    expect(taken).toMatchObject({ id: job.id, status: "running", attempts: 2, lockedBy: "worker-b" });

    await completeJob(t.db, held);
    expect(await rowOf(job.id)).toMatchObject({ status: "running", lockedBy: "worker-b" });
    await completeJob(t.db, taken);
    expect(await rowOf(job.id)).toMatchObject({
      status: "done",
      lockedBy: "worker-b",
      lockedUntil: null,
      finishedAt: expect.any(Date),
    });
  });

  it("gives up, without running it again, a job whose worker died holding its last attempt", async () => {
    const queue = uniq("q-lastlease-").toLowerCase();
    const handler = {
      queue,
      run: vi.fn<JobHandler["run"]>(async () => {}),
      onGiveUp: vi.fn<JobHandler["onGiveUp"]>(async () => {}),
    };
    const job = await makeJob(t.db, { queue, maxAttempts: 1 });
    await claimJobs(t.db, queue, "worker-a", 1, 60);
    await expireLease(job.id);
    const [again] = await claimJobs(t.db, queue, "worker-b", 1, 60);
    expect(again.attempts).toBe(2);
    await runOne(t.db as Db, handler, again);
    expect(handler.run).not.toHaveBeenCalled();
    expect(handler.onGiveUp).toHaveBeenCalledTimes(1);
    expect(await rowOf(job.id)).toMatchObject({
      status: "failed",
      lastError: "The job's last attempt did not finish.",
    });
  });
});
