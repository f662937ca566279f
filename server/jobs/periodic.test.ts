import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { jobs } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { uniq } from "@/test/factories";
import { runDailyJob, startPeriodicCheck } from "./periodic";
import type { JobHandler } from "./worker";

const t = useTestDb();
afterEach(() => {
  vi.useRealTimers();
});

function countingHandler(queue = uniq("q-daily-").toLowerCase()) {
  const days: unknown[] = [];
  const handler: JobHandler = {
    queue,
    run: async (_db, job) => {
      days.push(job.payload.day);
    },
    onGiveUp: async () => {},
  };
  return { handler, days };
}

const NOV_27 = new Date("2026-11-27T16:00:00Z");
const NOV_28 = new Date("2026-11-28T00:30:00Z");

describe("runDailyJob", () => {
  it("runs the day's job once across two instances, however often they check, and again the next day", async () => {
    const { handler, days } = countingHandler();
    const [a, b] = await Promise.all([
      runDailyJob(t.db, "instance-a", handler, NOV_27, { days: 30 }),
      runDailyJob(t.db, "instance-b", handler, NOV_27, { days: 30 }),
    ]);
    expect([...a, ...b]).toHaveLength(1);
    expect(await runDailyJob(t.db, "instance-a", handler, new Date("2026-11-27T23:59:00Z"), { days: 30 })).toEqual([]);
    expect(await runDailyJob(t.db, "instance-b", handler, NOV_27, { days: 30 })).toEqual([]);
    expect(days).toEqual(["2026-11-27"]);

    const next = await Promise.all([
      runDailyJob(t.db, "instance-b", handler, NOV_28, { days: 30 }),
      runDailyJob(t.db, "instance-a", handler, NOV_28, { days: 30 }),
    ]);
    expect(next.flat()).toHaveLength(1);
    expect(days).toEqual(["2026-11-27", "2026-11-28"]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.queue, handler.queue)).orderBy(jobs.id);
    expect(rows.map((r) => [r.dedupKey, r.status, r.payload])).toEqual([
      [`${handler.queue}:2026-11-27`, "done", { day: "2026-11-27", days: 30 }],
      [`${handler.queue}:2026-11-28`, "done", { day: "2026-11-28", days: 30 }],
    ]);
  });
});

describe("startPeriodicCheck", () => {
  it("checks at start and on every interval in two instances, and the daily job still runs once", async () => {
    const { handler, days } = countingHandler();
    const checks = { a: 0, b: 0 };
    const instance = (name: "a" | "b") =>
      startPeriodicCheck(
        `test ${name}`,
        async (db: Db, workerId) => {
          checks[name] += 1;
          return runDailyJob(db, workerId, handler, NOV_27, {});
        },
        5,
      );
    const stops = [instance("a"), instance("b")];
    const deadline = Date.now() + 20_000;
    while (checks.a < 3 || checks.b < 3) {
      if (Date.now() > deadline) throw new Error(`only ${checks.a} and ${checks.b} checks ran`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(stops.map((stop) => stop()));
    expect(days).toEqual(["2026-11-27"]);
  });

  it("does not start a check while the last is still running, and stopping waits for it", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    let finished = false;
    const stop = startPeriodicCheck(
      "slow",
      async () => {
        calls += 1;
        await gate;
        finished = true;
      },
      1_000,
    );
    await vi.waitFor(() => expect(calls).toBe(1));
    vi.advanceTimersByTime(10_000);
    expect(calls).toBe(1);

    const stopping = stop();
    release();
    await stopping;
    expect(finished).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(calls).toBe(1);
  });
});
