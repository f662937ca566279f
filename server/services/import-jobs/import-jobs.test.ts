import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { accountImportProcesses, accounts, auditLog, importJobRows, jobs } from "@/db/schema";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { ACCOUNT_CSV_COLUMNS } from "../accounts/account-csv";
import { setSupplierStatus } from "../suppliers/set-supplier-status";
import { cancelImportJob, importValidatedRows, pauseImportJob, resumeImportJob } from "./control-import-job";
import { getImportJob } from "./get-import-job";
import { handleRows } from "./import-row";
import { bodyOf, drainLanes, jobStatus, jsonl } from "@/test/import-jobs";
import {
  exportJobFailures,
  fixJobRow,
  getJobRow,
  listFailedRows,
  listFailureGroups,
  retryFailureGroup,
} from "./triage";
import { uploadImportJob } from "./upload-import-job";

const t = useTestDb();

async function world() {
  const org = await makeOrg(t.db, "Jobs Energy");
  const supplier = await makeSupplier(org);
  return { org, supplier, code: supplier.code };
}

const accountsOf = async (supplierId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.supplierId, supplierId)))[0].n;

describe("import jobs", () => {
  it("stages and imports every good row of a JSON Lines file once, and keeps each bad row with its line, attr and code", async () => {
    const { org, supplier, code } = await world();
    const good = [accountPayload(code), accountPayload(code), accountPayload(code)];
    const badPostcode = accountPayload(code, uniq("EXT"), { billing_postcode: "NOT A POSTCODE" });
    const file = `${jsonl([good[0], "{not json", good[1], badPostcode, good[2]])}\n\n`;
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "cohort.jsonl" },
      bodyOf(file),
    );
    expect(job).toMatchObject({ status: "running", totalRows: 5, dryRun: false });
    await drainLanes(t.db);
    const view = await getImportJob(org.ctx, { id: job.id });
    expect(view).toMatchObject({ status: "completed", counts: { pending: 0, imported: 3, failed: 2 } });
    expect(await accountsOf(supplier.id)).toBe(3);
    const failed = await listFailedRows(org.ctx, { id: job.id });
    expect(failed.items.map((r) => [r.line, r.step, r.errorCode])).toEqual([
      [2, "validation", "parse_error"],
      [4, "validation", "invalid_postcode"],
    ]);
    expect(failed.items[1].errors[0]).toMatchObject({ attr: "billing_postcode", code: "invalid_postcode" });
    // Run the lanes again (a restart, a second instance): nothing is imported twice.
    await drainLanes(t.db);
    const created = await execRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from events where organisation_id = ${org.id} and type = 'account.created'`,
    );
    expect(Number(created[0].n)).toBe(3);
  });

  it("dry run validates the whole file, database rules included, and stages nothing; its valid rows can then be imported", async () => {
    const { org, supplier, code } = await world();
    const ok = accountPayload(code);
    const unknownTariff = accountPayload(code);
    (unknownTariff.supply_addresses[0].meter_points[0].agreements as { tariff_code: string }[])[0].tariff_code =
      "E-1R-NOPE-C";
    const noFamily = accountPayload(code, uniq("EXT"), { customers: [{ given_name: "Ada" }] });
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "dry.jsonl", dryRun: true },
      bodyOf(jsonl([ok, unknownTariff, noFamily])),
    );
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({
      status: "completed",
      dryRun: true,
      counts: { valid: 1, failed: 2 },
    });
    const staged = await t.db
      .select()
      .from(accountImportProcesses)
      .where(eq(accountImportProcesses.supplierId, supplier.id));
    expect(staged).toEqual([]);
    const failed = await listFailedRows(org.ctx, { id: job.id });
    expect(failed.items.map((r) => ({ line: r.line, attr: r.errors[0].attr, code: r.errors[0].code }))).toEqual([
      { line: 2, attr: "supply_addresses.0.meter_points.0.agreements.0.tariff_code", code: "tariff_code_not_found" },
      { line: 3, attr: "customers.0.family_name", code: "customer_family_name_required" },
    ]);
    await importValidatedRows(org.ctx, { id: job.id });
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({
      status: "completed",
      dryRun: false,
      counts: { imported: 1, failed: 2, valid: 0 },
    });
    expect(await accountsOf(supplier.id)).toBe(1);
  });

  it("waits while the supplier is Paused and carries on once it is Ongoing again", async () => {
    const { org, supplier, code } = await world();
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "p.jsonl" },
      bodyOf(jsonl([accountPayload(code), accountPayload(code)])),
    );
    await setSupplierStatus(org.ctx, { code, status: "Paused" });
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({
      status: "running",
      waitingFor: "supplier_paused",
      counts: { pending: 2 },
    });
    expect(await accountsOf(supplier.id)).toBe(0);
    // The lanes are still queued, a moment ahead: make them due rather than wait.
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.queue, "import-job"), eq(jobs.status, "queued")));
    await setSupplierStatus(org.ctx, { code, status: "Ongoing" });
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({
      status: "completed",
      waitingFor: null,
      counts: { imported: 2 },
    });
  });

  it("leaves a claimed row pending when the supplier was paused after the lane looked", async () => {
    const { org, supplier, code } = await world();
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "m.jsonl" },
      bodyOf(jsonl([accountPayload(code), accountPayload(code)])),
    );
    await setSupplierStatus(org.ctx, { code, status: "Paused" });
    const state = {
      jobId: job.id,
      organisationId: org.id,
      supplierId: supplier.id,
      supplierCode: code,
      format: "jsonl" as const,
      dryRun: false,
      sendRegistration: false,
    };
    const handled = await t.db.transaction(async (tx) => {
      const rows = await tx.select().from(importJobRows).where(eq(importJobRows.jobId, job.id)).for("update");
      return handleRows(tx as unknown as typeof t.db, state, rows);
    });
    expect(handled).toBe(0);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({ counts: { pending: 2, failed: 0 } });
    await setSupplierStatus(org.ctx, { code, status: "Ongoing" });
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.queue, "import-job"), eq(jobs.status, "queued")));
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({ status: "completed", counts: { imported: 2 } });
  });

  it("pauses, resumes and cancels a job; a cancelled job leaves its remaining rows alone", async () => {
    const { org, supplier, code } = await world();
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "c.jsonl" },
      bodyOf(jsonl([accountPayload(code), accountPayload(code)])),
    );
    await pauseImportJob(org.ctx, { id: job.id });
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({ status: "paused", counts: { pending: 2 } });
    await expect(pauseImportJob(org.ctx, { id: job.id })).rejects.toMatchObject({ code: "import_job_state" });
    await resumeImportJob(org.ctx, { id: job.id });
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({ status: "completed", counts: { imported: 2 } });

    const second = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "d.jsonl" },
      bodyOf(jsonl([accountPayload(code)])),
    );
    await cancelImportJob(org.ctx, { id: second.id });
    await drainLanes(t.db);
    expect(await jobStatus(t.db, second.id)).toBe("cancelled");
    expect(await getImportJob(org.ctx, { id: second.id })).toMatchObject({ counts: { pending: 1, imported: 0 } });
    expect(await accountsOf(supplier.id)).toBe(2);
    await expect(resumeImportJob(org.ctx, { id: second.id })).rejects.toMatchObject({ code: "import_job_state" });
  });

  it("takes CSV with the documented columns and reports a bad cell against its row and column", async () => {
    const { org, code } = await world();
    const header = ACCOUNT_CSV_COLUMNS.map((c) => c.name);
    const row = (ext: string, postcode: string) =>
      header
        .map(
          (h) =>
            ({
              external_account_number: ext,
              billing_address1: "1 Road",
              billing_postcode: postcode,
              customer_family_name: "Byron",
              customer_given_name: "Ada",
            })[h] ?? "",
        )
        .join(",");
    const file = [header.join(","), row(uniq("CSV"), "SW1A 1AA"), row(uniq("CSV"), "NOPE")].join("\r\n");
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "csv", fileName: "c.csv" },
      bodyOf(file),
    );
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({ counts: { imported: 1, failed: 1 } });
    const failed = await listFailedRows(org.ctx, { id: job.id });
    expect(failed.items[0]).toMatchObject({ line: 3 });
    expect(failed.items[0].errors[0]).toMatchObject({
      attr: "billing_postcode",
      column: "billing_postcode",
      code: "invalid_postcode",
    });
    // Triage fixes a CSV row by its cells: it stays a CSV row, a second mistake is named at its column, and the change is audited.
    const shown = await getJobRow(org.ctx, { id: job.id, line: 3 });
    expect(shown.cells).toMatchObject({ billing_postcode: "NOPE", customer_family_name: "Byron" });
    await expect(fixJobRow(org.ctx, { id: job.id, line: 3, cells: { postcode: "SW1A 1AA" } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["cells"], message: "Unknown column(s): postcode." })],
    });
    await fixJobRow(org.ctx, {
      id: job.id,
      line: 3,
      cells: { billing_postcode: "SW1A 2AA", customer_date_of_birth: "31/02/1990" },
    });
    await drainLanes(t.db);
    const again = await getJobRow(org.ctx, { id: job.id, line: 3 });
    expect(again).toMatchObject({ status: "failed", fixed: false, cells: { billing_postcode: "SW1A 2AA" } });
    expect(again.errors.map((e) => e.column)).toEqual(["customer_date_of_birth"]);
    await fixJobRow(org.ctx, { id: job.id, line: 3, cells: { customer_date_of_birth: "1990-02-28" } });
    await drainLanes(t.db);
    expect((await getJobRow(org.ctx, { id: job.id, line: 3 })).status).toBe("imported");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(job.id)), eq(auditLog.action, "import_job.row_fixed")))
      .orderBy(asc(auditLog.id))
      .limit(1);
    expect(audit.details).toMatchObject({
      line: 3,
      cells: {
        billing_postcode: { from: "NOPE", to: "SW1A 2AA" },
        customer_date_of_birth: { from: "", to: "31/02/1990" },
      },
    });
    await expect(
      uploadImportJob(
        org.ctx,
        { importSupplier: code, format: "csv", fileName: "x.csv" },
        bodyOf("external_account_number,colour\r\nA,blue\r\n"),
      ),
    ).rejects.toMatchObject({ code: "unknown_column" });
  });

  it("triage: groups failures by code, shows a row's payload tree, fixes one, retries a group and exports the failures", async () => {
    const { org, supplier, code } = await world();
    const bad = () => accountPayload(code, uniq("BAD"), { billing_postcode: "XX" });
    const file = jsonl([
      accountPayload(code),
      bad(),
      bad(),
      bad(),
      accountPayload(code, uniq("EXT"), { customers: [{ given_name: "A" }] }),
    ]);
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "t.jsonl" },
      bodyOf(file),
    );
    await drainLanes(t.db);
    expect(await listFailureGroups(org.ctx, { id: job.id })).toEqual([
      { code: "invalid_postcode", step: "validation", count: 3, example: expect.any(String) },
      { code: "customer_family_name_required", step: "staging", count: 1, example: expect.any(String) },
    ]);
    const row = await getJobRow(org.ctx, { id: job.id, line: 2 });
    expect(row.errors[0]).toMatchObject({ attr: "billing_postcode" });
    expect(row.tree?.children?.some((c) => c.path === "billing_postcode")).toBe(true);
    await fixJobRow(org.ctx, { id: job.id, line: 2, payload: { ...row.payload!, billing_postcode: "SW1A 1AA" } });
    await drainLanes(t.db);
    expect(await getImportJob(org.ctx, { id: job.id })).toMatchObject({
      status: "completed",
      counts: { imported: 2, failed: 3 },
    });
    expect((await getJobRow(org.ctx, { id: job.id, line: 2 })).status).toBe("imported");
    let csv = "";
    for await (const part of exportJobFailures(org.ctx, { id: job.id })) csv += part;
    expect(csv.split("\r\n")[0]).toBe("line,external_account_number,step,code,attr,column,detail");
    expect(csv).toMatch(/^3,BAD\w+,validation,invalid_postcode,billing_postcode,,/m);
    expect(csv.trim().split("\r\n")).toHaveLength(4);
    // The group fails again (same data) but is run again: the rows' attempts count up.
    expect(await retryFailureGroup(org.ctx, { id: job.id, code: "invalid_postcode" })).toMatchObject({ retried: 2 });
    await drainLanes(t.db);
    const rows = await t.db
      .select()
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, job.id), eq(importJobRows.errorCode, "invalid_postcode")));
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
    expect(await accountsOf(supplier.id)).toBe(2);
  });

  it("does not show one organisation's job to another, and takes uploads from operators only", async () => {
    const { org, code } = await world();
    const support = {
      ...org.ctx,
      actor: {
        kind: "user" as const,
        organisationId: org.id,
        userId: 1,
        role: "support" as const,
        email: "s@example.com",
      },
    };
    await expect(
      uploadImportJob(
        support,
        { importSupplier: code, format: "jsonl", fileName: "s.jsonl" },
        bodyOf(jsonl([accountPayload(code)])),
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    const other = await makeOrg(t.db, "Other Energy");
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "o.jsonl" },
      bodyOf(jsonl([accountPayload(code)])),
    );
    await expect(getImportJob(other.ctx, { id: job.id })).rejects.toMatchObject({ code: "import_job_not_found" });
    await expect(
      uploadImportJob(other.ctx, { importSupplier: code, format: "jsonl", fileName: "o.jsonl" }, bodyOf("{}")),
    ).rejects.toMatchObject({ code: "import_supplier_not_found" });
    await drainLanes(t.db);
  });
});
