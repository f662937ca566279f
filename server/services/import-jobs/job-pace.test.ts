import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importJobRows, importJobs } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { bodyOf, jsonl } from "@/test/import-jobs";
import { getImportJob } from "./get-import-job";
import { jobPace } from "./job-pace";
import { uploadImportJob } from "./upload-import-job";

const t = useTestDb();

/** A seeded generator, so the lanes' uneven speeds are the same every run. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/**
 * Lanes of uneven speed taking batches of 10 rows off one queue, as run-import-lane.ts does, each
 * batch's rows handled when its transaction writes them: every row's time on a fake clock.
 */
function simulate(rows: number, laneRates: number[], seed: number) {
  const next = random(seed);
  const handledAt: number[] = new Array(rows);
  const laneFree = laneRates.map(() => 0);
  for (let line = 0; line < rows; line += 10) {
    const lane = laneFree.indexOf(Math.min(...laneFree));
    const size = Math.min(10, rows - line);
    let took = 0;
    for (let i = 0; i < size; i++) took += (0.7 + 0.6 * next()) / laneRates[lane];
    laneFree[lane] += took;
    for (let i = 0; i < size; i++) handledAt[line + i] = laneFree[lane];
  }
  return { handledAt, end: Math.max(...handledAt) };
}

describe("an import job's pace and time to go", () => {
  it("are within 25% of the truth from the first 10% of a job of known pace to its end, on a fake clock", async () => {
    const org = await makeOrg(t.db, "Pace Energy");
    const supplier = await makeSupplier(org);
    const rows = 600;
    const records = Array.from({ length: rows }, () => accountPayload(supplier.code));
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: supplier.code, format: "jsonl", fileName: "pace.jsonl" },
      bodyOf(jsonl(records), 64 * 1024),
    );
    // Four lanes of 4-6 rows a second each, every row's time ±30%: about 20 rows a second, 30 s for the file (the window's length).
    const laneRates = [4, 5, 5, 6];
    const { handledAt, end } = simulate(rows, laneRates, 7);
    const t0 = new Date("2026-11-20T10:00:00Z").getTime();
    await t.db
      .update(importJobs)
      .set({ status: "running", updatedAt: new Date(t0), startedAt: new Date(t0) })
      .where(eq(importJobs.id, job.id));
    const at = (s: number) => new Date(t0 + Math.round(s * 1000));
    let written = 0;
    let checked = 0;
    for (let now = 0.5; now < end; now += 0.5) {
      const done: number[] = [];
      for (let i = 0; i < rows; i++) if (handledAt[i] <= now && handledAt[i] > now - 0.5) done.push(i + 1);
      for (const when of new Set(done.map((l) => handledAt[l - 1]))) {
        const lines = done.filter((l) => handledAt[l - 1] === when);
        await t.db
          .update(importJobRows)
          .set({ status: "imported", processedAt: at(when) })
          .where(and(eq(importJobRows.jobId, job.id), inArray(importJobRows.line, lines)));
      }
      written += done.length;
      if (written < rows * 0.1) continue;
      const view = await getImportJob(org.ctx, { id: job.id }, at(now));
      const truth = end - now;
      expect(view.handled).toBe(written);
      expect(view.etaSeconds, `at ${now} s, ${written} rows handled`).not.toBeNull();
      // Within 25% of what is left; near the end, within one batch of the slowest lane (rows arrive ten at a time).
      expect(
        Math.abs(view.etaSeconds! - truth),
        `at ${now} s: ETA ${view.etaSeconds} s, truly ${truth.toFixed(1)} s`,
      ).toBeLessThanOrEqual(Math.max(0.25 * truth, 10 / Math.min(...laneRates)));
      expect(Math.abs(view.rate - rows / end) / (rows / end), `at ${now} s: ${view.rate}/s`).toBeLessThanOrEqual(0.25);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("leaves a pause out, counts down between writes, and gives no guess before there is a pace", () => {
    // Resumed 4 s before the latest write, 80 rows since: 20 a second, whatever the pause before.
    const sample = { rows: 80, startToLastSeconds: 4, sinceLastSeconds: 0, pending: 200 };
    expect(jobPace(sample)).toEqual({ rate: 20, etaSeconds: 10 });
    // Between two writes the time since the last one counts down instead of the pace falling.
    expect(jobPace({ ...sample, sinceLastSeconds: 3 })).toEqual({ rate: 20, etaSeconds: 7 });
    expect(jobPace({ ...sample, rows: 0, startToLastSeconds: 0 })).toEqual({ rate: 0, etaSeconds: null });
    expect(jobPace({ ...sample, rows: 10, startToLastSeconds: 0.3 })).toEqual({ rate: 0, etaSeconds: null });
  });
});
