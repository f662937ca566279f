import { describe, expect, it } from "vitest";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { listAudit } from "../audit/list-audit";
import { cancelImportJob, pauseImportJob, resumeImportJob } from "./control-import-job";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { retryFailureGroup } from "./triage";
import { uploadImportJob } from "./upload-import-job";

const t = useTestDb();

/** An operator signed in to the console, as the tRPC context builds them. */
async function operatorWorld() {
  const org = await makeOrg(t.db, "Audited Energy");
  const supplier = await makeSupplier(org);
  const ctx = {
    ...org.ctx,
    actor: {
      kind: "user" as const,
      organisationId: org.id,
      userId: 1,
      role: "operator" as const,
      email: "ops@example.com",
    },
  };
  return { org, code: supplier.code, ctx };
}

const entries = async (ctx: Parameters<typeof listAudit>[0]) =>
  (await listAudit(ctx, { limit: 50 })).items
    .filter((a) => a.action.startsWith("import_job.") || a.action.startsWith("account_import."))
    .reverse();

describe("console imports in the audit log", () => {
  it("records who uploaded, paused, resumed, retried and cancelled a job, and how many rows each concerned", async () => {
    const { code, ctx } = await operatorWorld();
    const bad = accountPayload(code, uniq("EXT"), { billing_postcode: "NOPE 1" });
    const job = await uploadImportJob(
      ctx,
      { importSupplier: code, format: "jsonl", fileName: "cohort.jsonl" },
      bodyOf(jsonl([accountPayload(code), bad, "{oops"])),
    );
    await pauseImportJob(ctx, { id: job.id });
    await resumeImportJob(ctx, { id: job.id });
    await drainLanes(t.db);
    await retryFailureGroup(ctx, { id: job.id, code: "invalid_postcode" });
    // A retry that finds no failed rows changed nothing, so records nothing.
    await retryFailureGroup(ctx, { id: job.id, code: "no_such_code" });
    await pauseImportJob(ctx, { id: job.id });
    await cancelImportJob(ctx, { id: job.id });
    const log = await entries(ctx);
    expect(log.map((a) => [a.action, a.actor, a.entityType, a.entityId])).toEqual([
      ["import_job.uploaded", "ops@example.com", "import_job", String(job.id)],
      ["import_job.paused", "ops@example.com", "import_job", String(job.id)],
      ["import_job.resumed", "ops@example.com", "import_job", String(job.id)],
      ["import_job.group_retried", "ops@example.com", "import_job", String(job.id)],
      ["import_job.paused", "ops@example.com", "import_job", String(job.id)],
      ["import_job.cancelled", "ops@example.com", "import_job", String(job.id)],
    ]);
    expect(log[0].details).toEqual({
      supplier: code,
      fileName: "cohort.jsonl",
      format: "jsonl",
      dryRun: false,
      rows: 3,
    });
    expect(log[3].details).toEqual({ code: "invalid_postcode", rows: 1 });
    expect(log.every((a) => a.createdAt instanceof Date)).toBe(true);
  });

  it("a refused control records nothing", async () => {
    const { code, ctx } = await operatorWorld();
    const job = await uploadImportJob(
      ctx,
      { importSupplier: code, format: "jsonl", fileName: "one.jsonl" },
      bodyOf(jsonl([accountPayload(code)])),
    );
    await drainLanes(t.db);
    await expect(pauseImportJob(ctx, { id: job.id })).rejects.toMatchObject({ code: "import_job_state" });
    expect((await entries(ctx)).map((a) => a.action)).toEqual(["import_job.uploaded"]);
  });
});
