import { describe, expect, it } from "vitest";
import { useTestDb } from "@/test/db";
import { accountPayload, makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { getMigrationDashboard } from "../import-jobs/migration-dashboard";
import { getImportJob } from "../import-jobs/get-import-job";
import { uploadImportJob } from "../import-jobs/upload-import-job";
import { getSupplier, listSupplierOverview } from "./get-supplier";

const t = useTestDb();

// Issue 39 item 1: rows that failed in import jobs said FAILED 0 on the suppliers' pages while
// the dashboard counted them. Every page now reads supplier-counts.ts.
describe("one truth for a supplier's counts", () => {
  it("rows failed in import jobs count as failed on the supplier list, the supplier, and the dashboard alike", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    await makeImportedAccount(org, supplier.code);
    const good = accountPayload(supplier.code);
    const bad = (i: number) => accountPayload(supplier.code, `BAD-${i}-${Date.now()}`, { billing_postcode: "XX" });
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: supplier.code, format: "jsonl", fileName: "cohort.jsonl" },
      bodyOf(jsonl([good, bad(1), bad(2), bad(3)])),
    );
    // A dry run's failures are its report, not the migration's: not counted.
    await uploadImportJob(
      org.ctx,
      { importSupplier: supplier.code, format: "jsonl", fileName: "dry.jsonl", dryRun: true },
      bodyOf(jsonl([bad(4)])),
    );
    await drainLanes(t.db);
    expect((await getImportJob(org.ctx, { id: job.id })).counts).toMatchObject({ imported: 1, failed: 3 });

    const listed = (await listSupplierOverview(org.ctx)).find((s) => s.code === supplier.code)!;
    const detail = await getSupplier(org.ctx, { code: supplier.code });
    const dashboard = await getMigrationDashboard(org.ctx, { importSupplier: supplier.code });
    const funnel = dashboard.suppliers[0].funnel;
    expect(listed.counts).toEqual({ staged: 0, imported: 2, failed: 3, failedImport: 0, failedStaging: 3, waiting: 0 });
    expect(detail.counts).toEqual(listed.counts);
    expect([funnel.imported, funnel.failedImport + funnel.failedStaging]).toEqual([
      listed.counts.imported,
      listed.counts.failed,
    ]);
    expect(dashboard.total.failedStaging + dashboard.total.failedImport).toBe(3);
  });
});
