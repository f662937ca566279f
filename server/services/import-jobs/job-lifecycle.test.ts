import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { importJobs, importSuppliers } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { setSupplierStatus } from "../suppliers/set-supplier-status";
import { pauseImportJob } from "./control-import-job";
import { getImportJob } from "./get-import-job";
import { tickImportJobRetention } from "./import-job-retention";
import { listFailedRows } from "./triage";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { uploadImportJob } from "./upload-import-job";

const t = useTestDb();

async function world() {
  const org = await makeOrg(t.db, "Lifecycle Energy");
  const supplier = await makeSupplier(org);
  const upload = (records: unknown[], opts: { dryRun?: boolean; name?: string } = {}) =>
    uploadImportJob(
      org.ctx,
      { importSupplier: supplier.code, format: "jsonl", fileName: opts.name ?? "f.jsonl", dryRun: opts.dryRun },
      bodyOf(jsonl(records)),
    );
  return { org, supplier, code: supplier.code, upload };
}

const rowsOf = async (jobId: number) =>
  Number(
    (
      await execRows<{ n: number }>(t.db, sql`select count(*)::int as n from import_job_rows where job_id = ${jobId}`)
    )[0].n,
  );

describe("import jobs end with their supplier and keep only what triage needs", () => {
  it("a supplier marked Complete ends its running and paused imports at once, with the reason; a dry run carries on", async () => {
    const w = await world();
    const running = await w.upload([accountPayload(w.code), accountPayload(w.code)]);
    const paused = await w.upload([accountPayload(w.code)]);
    await pauseImportJob(w.org.ctx, { id: paused.id });
    const dry = await w.upload([accountPayload(w.code)], { dryRun: true });
    await setSupplierStatus(w.org.ctx, { code: w.code, status: "Complete" });
    for (const id of [running.id, paused.id]) {
      expect(await getImportJob(w.org.ctx, { id })).toMatchObject({
        status: "cancelled",
        endReason: "supplier_complete",
        waitingFor: null,
      });
    }
    await drainLanes(t.db);
    expect(await getImportJob(w.org.ctx, { id: running.id })).toMatchObject({
      status: "cancelled",
      counts: { pending: 2, imported: 0 },
    });
    expect(await getImportJob(w.org.ctx, { id: dry.id })).toMatchObject({
      status: "completed",
      endReason: null,
      counts: { valid: 1 },
    });
    const audit = await execRows<{ details: Record<string, unknown> }>(
      t.db,
      sql`select details from audit_log where organisation_id = ${w.org.id} and action = 'supplier.status_changed'`,
    );
    expect(audit.map((a) => a.details)).toContainEqual({ from: "Ongoing", to: "Complete", importJobsCancelled: 2 });
  });

  it("the database ends them whatever completes the supplier (migration 0028's trigger); pausing does not", async () => {
    const w = await world();
    const job = await w.upload([accountPayload(w.code)]);
    await t.db.update(importSuppliers).set({ status: "Paused" }).where(eq(importSuppliers.id, w.supplier.id));
    expect(await getImportJob(w.org.ctx, { id: job.id })).toMatchObject({ status: "running", endReason: null });
    await t.db.update(importSuppliers).set({ status: "Complete" }).where(eq(importSuppliers.id, w.supplier.id));
    expect(await getImportJob(w.org.ctx, { id: job.id })).toMatchObject({
      status: "cancelled",
      endReason: "supplier_complete",
    });
  });

  it("a job that starts running after its supplier was completed is ended by its lane instead of waiting for good", async () => {
    const w = await world();
    const job = await w.upload([accountPayload(w.code)]);
    // As if the upload was still arriving when the supplier was completed: the job was not running then.
    await t.db.update(importJobs).set({ status: "receiving" }).where(eq(importJobs.id, job.id));
    await setSupplierStatus(w.org.ctx, { code: w.code, status: "Complete" });
    await t.db.update(importJobs).set({ status: "running" }).where(eq(importJobs.id, job.id));
    await drainLanes(t.db);
    expect(await getImportJob(w.org.ctx, { id: job.id })).toMatchObject({
      status: "cancelled",
      endReason: "supplier_complete",
      counts: { pending: 1 },
    });
  });

  it("retention removes imported rows of jobs finished long enough ago, still counts them, and keeps failures, dry-run rows and recent jobs", async () => {
    const w = await world();
    const bad = accountPayload(w.code, undefined, { billing_postcode: "XX" });
    const old = await w.upload([accountPayload(w.code), accountPayload(w.code), bad]);
    const recent = await w.upload([accountPayload(w.code)]);
    const dry = await w.upload([accountPayload(w.code)], { dryRun: true });
    await drainLanes(t.db);
    await t.db
      .update(importJobs)
      .set({ finishedAt: sql`now() - interval '31 days'` })
      .where(sql`id in (${old.id}, ${dry.id})`);
    const before = await getImportJob(w.org.ctx, { id: old.id });
    expect(before.counts).toEqual({ pending: 0, valid: 0, imported: 2, failed: 1 });

    // This file owns the retention queue: a rerun on the same server starts from no runs.
    await t.db.execute(sql`delete from jobs where queue = 'import-job-retention'`);
    const ran = await tickImportJobRetention(t.db, "test", new Date("2026-11-25T12:00:00Z"), 30);
    expect(ran).toHaveLength(1);
    expect(await tickImportJobRetention(t.db, "test", new Date("2026-11-25T13:00:00Z"), 30)).toEqual([]); // once a day
    expect(await rowsOf(old.id)).toBe(1);
    expect(await getImportJob(w.org.ctx, { id: old.id })).toMatchObject({
      counts: before.counts,
      prunedImported: 2,
      handled: 3,
    });
    expect((await listFailedRows(w.org.ctx, { id: old.id })).items.map((r) => r.line)).toEqual([3]);
    expect(await rowsOf(recent.id)).toBe(1);
    expect(await rowsOf(dry.id)).toBe(1);
    // Off: 0 days keeps everything.
    expect(await tickImportJobRetention(t.db, "test", new Date("2026-11-26T12:00:00Z"), 0)).toEqual([]);
  });
});
