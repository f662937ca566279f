import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload } from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

/** Our organisation's finished job with one failed row (line 2, invalid_postcode). */
async function jobWorld() {
  const w = await consoleWorld(t.db);
  const code = w.supplier.code;
  const bad = accountPayload(code, uniq("BAD"), { billing_postcode: "XX" });
  const job = await uploadImportJob(
    w.org.ctx,
    { importSupplier: code, format: "jsonl", fileName: "r.jsonl" },
    bodyOf(jsonl([accountPayload(code), bad])),
  );
  await drainLanes(t.db);
  return { ...w, code, job, bad };
}

describe("importJob router", () => {
  it("lets operator and support read jobs, failures, rows and the dashboard; another organisation sees none of it", async () => {
    const w = await jobWorld();
    for (const caller of [w.operator, w.support]) {
      expect(await caller.importJob.get({ id: w.job.id })).toMatchObject({
        status: "completed",
        counts: { imported: 1, failed: 1 },
      });
      expect((await caller.importJob.list({ importSupplier: w.code })).map((j) => j.id)).toEqual([w.job.id]);
      expect(await caller.importJob.failureGroups({ id: w.job.id })).toMatchObject([
        { code: "invalid_postcode", count: 1 },
      ]);
      expect(
        (await caller.importJob.failedRows({ id: w.job.id, code: "invalid_postcode" })).items.map((r) => r.line),
      ).toEqual([2]);
      expect(await caller.importJob.row({ id: w.job.id, line: 2 })).toMatchObject({
        status: "failed",
        externalAccountNumber: w.bad.external_account_number,
      });
      const dash = await caller.importJob.dashboard({ importSupplier: w.code });
      expect(dash.total).toMatchObject({ received: 2, staged: 1, imported: 1, failedStaging: 1 });
    }
    expect(await w.outsider.importJob.list({})).toEqual([]);
    expect(await codeOf(w.outsider.importJob.list({ importSupplier: w.code }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.importJob.get({ id: w.job.id }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.importJob.failureGroups({ id: w.job.id }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.importJob.failedRows({ id: w.job.id }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.importJob.row({ id: w.job.id, line: 2 }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.importJob.dashboard({ importSupplier: w.code }))).toBe("NOT_FOUND");
    expect((await w.outsider.importJob.dashboard({})).total).toMatchObject({ received: 0, imported: 0 });
    expect(await codeOf(w.anonymous.importJob.get({ id: w.job.id }))).toBe("UNAUTHORIZED");
  });

  it("lets only operators pause, resume, cancel, import a dry run's rows, fix and retry; another organisation's job is not found", async () => {
    const w = await jobWorld();
    const code = w.code;
    const running = await uploadImportJob(
      w.org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "p.jsonl" },
      bodyOf(jsonl([accountPayload(code)])),
    );
    const dry = await uploadImportJob(
      w.org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "d.jsonl", dryRun: true },
      bodyOf(jsonl([accountPayload(code)])),
    );
    const fixed = { ...w.bad, billing_postcode: "SW1A 1AA" };
    const writes = [
      (c: typeof w.operator) => c.importJob.pause({ id: running.id }),
      (c: typeof w.operator) => c.importJob.resume({ id: running.id }),
      (c: typeof w.operator) => c.importJob.cancel({ id: running.id }),
      (c: typeof w.operator) => c.importJob.fixRow({ id: w.job.id, line: 2, payload: fixed }),
      (c: typeof w.operator) => c.importJob.retryGroup({ id: w.job.id, code: "invalid_postcode" }),
    ];
    for (const write of writes) {
      expect(await codeOf(write(w.support))).toBe("FORBIDDEN");
      expect(await codeOf(write(w.outsider))).toBe("NOT_FOUND");
    }
    expect(await w.operator.importJob.pause({ id: running.id })).toMatchObject({ status: "paused" });
    expect(await w.operator.importJob.resume({ id: running.id })).toMatchObject({ status: "running" });
    expect(await w.operator.importJob.cancel({ id: running.id })).toMatchObject({ status: "cancelled" });
    expect(await w.operator.importJob.retryGroup({ id: w.job.id, code: "invalid_postcode" })).toMatchObject({
      retried: 1,
    });
    await drainLanes(t.db);
    expect(await w.operator.importJob.fixRow({ id: w.job.id, line: 2, payload: fixed })).toMatchObject({
      status: "pending",
    });
    await drainLanes(t.db);
    expect(await w.support.importJob.get({ id: w.job.id })).toMatchObject({ counts: { imported: 2, failed: 0 } });
    expect(await codeOf(w.support.importJob.importValidated({ id: dry.id }))).toBe("FORBIDDEN");
    expect(await codeOf(w.outsider.importJob.importValidated({ id: dry.id }))).toBe("NOT_FOUND");
    expect(await w.operator.importJob.importValidated({ id: dry.id })).toMatchObject({ status: "running" });
    await drainLanes(t.db);
    expect(await w.operator.importJob.get({ id: dry.id })).toMatchObject({
      status: "completed",
      dryRun: false,
      counts: { imported: 1 },
    });
  });
  it("lets only operators delete a finished job, with its rows, audited; a running job must be cancelled first", async () => {
    const w = await jobWorld();
    const running = await uploadImportJob(
      w.org.ctx,
      { importSupplier: w.code, format: "jsonl", fileName: "r2.jsonl" },
      bodyOf(jsonl([accountPayload(w.code)])),
    );
    expect(await codeOf(w.support.importJob.delete({ id: w.job.id }))).toBe("FORBIDDEN");
    expect(await codeOf(w.outsider.importJob.delete({ id: w.job.id }))).toBe("NOT_FOUND");
    expect(await codeOf(w.operator.importJob.delete({ id: running.id }))).toBe("PRECONDITION_FAILED");
    expect(await w.operator.importJob.delete({ id: w.job.id })).toEqual({ id: w.job.id, deleted: true });
    expect(await codeOf(w.support.importJob.get({ id: w.job.id }))).toBe("NOT_FOUND");
    expect((await w.operator.importJob.list({ importSupplier: w.code })).map((j) => j.id)).toEqual([running.id]);
    const rows = await t.db.execute(sql`select count(*)::int as n from import_job_rows where job_id = ${w.job.id}`);
    expect(Number((Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0].n)).toBe(0);
    // What the job imported stays imported.
    expect((await w.operator.accountImport.list({ importSupplier: w.code, status: "imported" })).items).toHaveLength(1);
    const audit = await w.support.audit.list({ entityType: "import_job", entityId: String(w.job.id) });
    expect(audit.items.find((a) => a.action === "import_job.deleted")).toMatchObject({
      entityId: String(w.job.id),
      details: { supplier: w.code, from: "completed", rows: 2 },
    });
  });

  // Found by the fuzz suite: an id or line past PostgreSQL's integer reached the query (a 500).
  it("refuses a job id, line or afterLine too large for an integer column as a bad request, not a server error", async () => {
    const w = await consoleWorld(t.db);
    const big = 2_147_483_648;
    const calls = [
      () => w.operator.importJob.get({ id: big }),
      () => w.operator.importJob.failureGroups({ id: big }),
      () => w.operator.importJob.failedRows({ id: big }),
      () => w.operator.importJob.failedRows({ id: 1, afterLine: big }),
      () => w.operator.importJob.row({ id: 1, line: big }),
      () => w.operator.importJob.pause({ id: big }),
      () => w.operator.importJob.fixRow({ id: 1, line: big, payload: {} }),
      () => w.operator.importJob.retryGroup({ id: big, code: "x" }),
    ];
    for (const c of calls) expect(await codeOf(c())).toBe("BAD_REQUEST");
    // The largest integer is a job that does not exist.
    expect(await codeOf(w.operator.importJob.get({ id: big - 1 }))).toBe("NOT_FOUND");
  });
});
