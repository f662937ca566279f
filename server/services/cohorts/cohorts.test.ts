import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { accounts, cohortMembers, cohorts, paymentInstructions } from "@/db/schema";
import { useTestDb } from "@/test/db";
import {
  accountPayload,
  callerFor,
  codeOf,
  controlCsv,
  drainQueue,
  makeImportedAccount,
  matchingControlRow,
  makeOrg,
  makeStatements,
  makeSupplier,
  makeTransactions,
  makeUser,
  type OrgFixture,
} from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { actorLabel } from "../../context";
import { ServiceError } from "../../errors";
import { uploadImportJob } from "../import-jobs/upload-import-job";
import { setSupplierStatus } from "../suppliers/set-supplier-status";
import { createCohort } from "./create-cohort";
import { cutoverJobHandler, startCutover } from "./cutover";
import { getCohort, getCutover } from "./get-cohort";
import { addCohortMembers } from "./members";
import { reconcileJobHandler, requestReconciliation } from "./reconcile";
import { exportMismatchesCsv, getReconciliation, listResults } from "./results";
import { acceptMismatches, signOffCohort } from "./sign-off";
import { uploadControlFile } from "./upload-control-file";
import { getAccountCohort } from "./account-cohort";
import { stageIntoCohort } from "./stage-into-cohort";
import { StageAccountInput } from "../account-import/account-schemas";

const t = useTestDb();

const refused = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return { code: err.code, errors: err.errors };
    throw err;
  }
  throw new Error("expected a refusal");
};

async function world() {
  const org = await makeOrg(t.db, "Cohort Energy");
  const supplier = await makeSupplier(org);
  const cohort = await createCohort(org.ctx, {
    importSupplier: supplier.code,
    name: "Wave 1",
    plannedCutoverDate: "2027-01-15",
    notes: "test cohort",
  });
  return { org, supplier, code: supplier.code, cohort };
}

async function importInto(org: OrgFixture, code: string, cohortId: number, n: number) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await makeImportedAccount(org, code));
  await addCohortMembers(org.ctx, { id: cohortId, accounts: made.map((m) => m.externalAccountNumber).join("\n") });
  return made;
}

describe("cohorts", () => {
  it("is created under a supplier once per name; support reads but may not write; another organisation sees nothing", async () => {
    const { org, code, cohort } = await world();
    expect(cohort.status).toBe("planning");
    expect((await refused(createCohort(org.ctx, { importSupplier: code, name: "Wave 1" }))).code).toBe(
      "cohort_name_taken",
    );
    const support = callerFor(t.db, await makeUser(org, "support"));
    expect(await codeOf(support.cohort.create({ importSupplier: code, name: "Wave 2" }))).toBe("FORBIDDEN");
    expect((await support.cohort.get({ id: cohort.id })).name).toBe("Wave 1");
    const other = await makeOrg(t.db, "Other Energy");
    const outsider = callerFor(t.db, await makeUser(other, "operator"));
    expect(await codeOf(outsider.cohort.get({ id: cohort.id }))).toBe("NOT_FOUND");
    expect(await codeOf(outsider.cohort.addMembers({ id: cohort.id, accounts: "X1" }))).toBe("NOT_FOUND");
    const audit = await execRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity_type = 'cohort' and entity_id = ${String(cohort.id)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(["cohort.created"]);
  });

  it("keeps an account in at most one cohort: a list naming one in another cohort adds nothing, and the database refuses a second membership", async () => {
    const { org, supplier, code, cohort } = await world();
    const second = await createCohort(org.ctx, { importSupplier: code, name: "Wave 2" });
    expect(await addCohortMembers(org.ctx, { id: cohort.id, accounts: "A1\nA2, A3;A2" })).toEqual({
      listed: 3,
      added: 3,
      alreadyMembers: 0,
    });
    const r = await refused(addCohortMembers(org.ctx, { id: second.id, accounts: "B1\nA2" }));
    expect(r.code).toBe("account_in_another_cohort");
    const members = await t.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, second.id));
    expect(members).toEqual([]);
    await expect(
      t.db.insert(cohortMembers).values({
        supplierId: supplier.id,
        externalAccountNumber: "A1",
        cohortId: second.id,
        source: "list",
        addedBy: "x",
      }),
    ).rejects.toThrow();
  });

  it("an import job naming the cohort puts each row's account in it; a row whose account is in another cohort fails at its line; the cohort moves importing → imported", async () => {
    const { org, code, cohort } = await world();
    const other = await createCohort(org.ctx, { importSupplier: code, name: "Elsewhere" });
    const rows = [accountPayload(code), accountPayload(code), accountPayload(code)];
    await addCohortMembers(org.ctx, { id: other.id, accounts: rows[2].external_account_number });
    const job = await uploadImportJob(
      org.ctx,
      { importSupplier: code, format: "jsonl", fileName: "wave1.jsonl", cohortId: cohort.id },
      bodyOf(jsonl(rows)),
    );
    expect((await getCohort(org.ctx, { id: cohort.id })).status).toBe("importing");
    await drainLanes(t.db);
    const failed = await execRows<{ line: number; error_code: string }>(
      t.db,
      sql`select line, error_code from import_job_rows where job_id = ${job.id} and status = 'failed'`,
    );
    expect(failed).toEqual([{ line: 3, error_code: "account_in_another_cohort" }]);
    const view = await getCohort(org.ctx, { id: cohort.id });
    expect(view).toMatchObject({ members: 2, imported: 2, status: "imported" });
  });

  it("the data-import API's optional cohort header stages the account into the cohort; an unknown cohort stages nothing", async () => {
    const { org, code, cohort } = await world();
    const body = StageAccountInput.parse(accountPayload(code));
    expect((await refused(stageIntoCohort(org.ctx, body, "No such wave"))).code).toBe("cohort_not_found");
    const [{ n }] = await execRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from account_import_processes where external_account_number = ${body.external_account_number}`,
    );
    expect(Number(n)).toBe(0);
    expect((await stageIntoCohort(org.ctx, body, "Wave 1")).created).toBe(true);
    const members = await t.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, cohort.id));
    expect(members.map((m) => [m.externalAccountNumber, m.source])).toEqual([[body.external_account_number, "api"]]);
    expect((await getCohort(org.ctx, { id: cohort.id })).status).toBe("importing");
  });

  it("refuses a control file with bad rows at their line and column, storing nothing", async () => {
    const { org, code, cohort } = await world();
    const [a] = await importInto(org, code, cohort.id, 1);
    const bad = controlCsv([
      { ...matchingControlRow(a), closing_balance_pence: "12.5" },
      {
        ...matchingControlRow(a),
        external_account_number: "X2",
        mpans: "123=E1",
        last_readings: "E1/1=abc@2026-01-01",
      },
      { ...matchingControlRow(a) },
    ]);
    const r = await refused(
      uploadControlFile(org.ctx, { id: cohort.id, format: "csv", fileName: "control.csv" }, bodyOf(bad)),
    );
    expect(r.code).toBe("invalid_control_file");
    expect(r.errors.map((e) => [e.attr, e.code])).toEqual([
      ["lines.2.closing_balance_pence", "invalid_pence"],
      ["lines.3.mpans", "invalid_mpan"],
      ["lines.3.last_readings", "invalid_reading_value"],
      ["lines.4.external_account_number", "duplicate_account"],
    ]);
    const [{ n }] = await execRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from cohort_control_rows where cohort_id = ${cohort.id}`,
    );
    expect(Number(n)).toBe(0);
    expect((await getCohort(org.ctx, { id: cohort.id })).controlFile).toBeNull();
  });

  it("reconciles every check with both values, sums balances to the penny, finds accounts on one side only, and signs off only when every mismatch is fixed or accepted", async () => {
    const { org, code, cohort } = await world();
    const made = await importInto(org, code, cohort.id, 8);
    const [ok, bal, mps, mtr, pay, stm, rdg, missingControl] = made;
    await makeTransactions(org, bal, [
      {
        transaction_id: "T1",
        transaction_date: "2026-11-05",
        type: "PAYMENT",
        amount: "12.35",
        reason: "ACCOUNT_CHARGE_PAYMENT",
        payment_type: "DEBIT_CARD",
      },
    ]);
    await makeStatements(org, stm);
    const [pa] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, pay.accountNumber));
    await t.db.insert(paymentInstructions).values({
      accountId: pa.id,
      vendor: "STRIPE",
      type: "CARD",
      reference: "card_123",
      vendorStatus: "active",
      vendorDetails: {},
      verifiedAt: new Date(),
    });
    const rows = [
      matchingControlRow(ok),
      { ...matchingControlRow(bal), closing_balance_pence: "1200" },
      { ...matchingControlRow(mps), mprns: "" },
      { ...matchingControlRow(mtr), mpans: `${mtr.mpan}=WRONG1` },
      { ...matchingControlRow(pay), payment_reference: "card_999" },
      { ...matchingControlRow(stm), statement_count: "2" },
      { ...matchingControlRow(rdg), last_readings: `E${rdg.mpan!.slice(-6)}/1=12300@2026-10-31` },
      { ...matchingControlRow(ok), external_account_number: "NEVER-IMPORTED" },
    ].map((r) => ({ ...r, legacy_region: "north" }));
    expect(
      await uploadControlFile(
        org.ctx,
        { id: cohort.id, format: "csv", fileName: "control.csv" },
        bodyOf(controlCsv(rows)),
      ),
    ).toEqual({ rows: 8, extraColumns: ["legacy_region"] });
    await requestReconciliation(org.ctx, { id: cohort.id });
    await drainQueue(t.db, reconcileJobHandler);
    const summary = await getReconciliation(org.ctx, { id: cohort.id });
    const r = summary.reconciliation!;
    expect(r).toMatchObject({
      compared: 7,
      reconciled: 1,
      notImported: 1,
      notInControlFile: 1,
      balances: 7,
      sourceBalancePence: "1200",
      platformBalancePence: "1235",
    });
    expect(Object.fromEntries(r.checks.map((c) => [c.check, c.open]))).toEqual({
      presence: 2,
      balance: 1,
      meter_points: 1,
      meters: 2,
      payment: 1,
      statements: 1,
      readings: 1,
    });
    const open = await listResults(org.ctx, { id: cohort.id, state: "open", limit: 200 });
    const byCheck = (check: string, ext: string) =>
      open.items.find((i) => i.check === check && i.externalAccountNumber === ext);
    expect(byCheck("balance", bal.externalAccountNumber)).toMatchObject({
      sourceValue: "1200",
      platformValue: "1235",
      accountNumber: bal.accountNumber,
    });
    expect(byCheck("meter_points", mps.externalAccountNumber)).toMatchObject({
      sourceValue: mps.mpan,
      platformValue: [mps.mpan, mps.mprn].sort().join("; "),
    });
    expect(byCheck("payment", pay.externalAccountNumber)).toMatchObject({
      sourceValue: "card_999",
      platformValue: "card_123",
    });
    expect(byCheck("statements", stm.externalAccountNumber)).toMatchObject({ sourceValue: "2", platformValue: "1" });
    expect(byCheck("readings", rdg.externalAccountNumber)).toMatchObject({
      sourceValue: `E${rdg.mpan!.slice(-6)}/1=12300@2026-10-31`,
      platformValue: `E${rdg.mpan!.slice(-6)}/1=12345@2026-10-31`,
    });
    expect(byCheck("presence", "NEVER-IMPORTED")).toMatchObject({
      sourceValue: "in control file",
      platformValue: "not in this cohort",
    });
    expect(byCheck("presence", missingControl.externalAccountNumber)).toMatchObject({
      sourceValue: "not in control file",
      platformValue: "imported",
    });

    // Support sees the account's cohort and its results.
    expect(await getAccountCohort(org.ctx, pay.accountNumber)).toMatchObject({
      cohort: { id: cohort.id, name: "Wave 1" },
      results: expect.arrayContaining([expect.objectContaining({ check: "payment", status: "mismatch" })]),
    });

    expect((await refused(signOffCohort(org.ctx, { id: cohort.id }))).code).toBe("open_mismatches");
    // Fix one on the platform (the missing statement) and re-run: that mismatch is gone.
    await makeStatements(org, stm);
    await requestReconciliation(org.ctx, { id: cohort.id });
    await drainQueue(t.db, reconcileJobHandler);
    expect(
      (await getReconciliation(org.ctx, { id: cohort.id })).reconciliation!.checks.find(
        (c) => c.check === "statements",
      )!.open,
    ).toBe(0);
    // The cohort's page counts what sign-off waits for: the eight left open, until accepted.
    expect(await getCohort(org.ctx, { id: cohort.id })).toMatchObject({ mismatches: 8, openMismatches: 8 });
    expect(
      await acceptMismatches(org.ctx, { id: cohort.id, check: "balance", reason: "Refund issued after the extract" }),
    ).toEqual({ accepted: 1 });
    expect(
      await acceptMismatches(org.ctx, { id: cohort.id, reason: "Known source-system errors, ticket MIG-12" }),
    ).toEqual({ accepted: 7 });
    const after = (await getReconciliation(org.ctx, { id: cohort.id })).reconciliation!;
    expect(after).toMatchObject({ open: 0, reconciled: 7 });
    expect(await getCohort(org.ctx, { id: cohort.id })).toMatchObject({ mismatches: 8, openMismatches: 0 });
    const csvText = (await exportMismatchesCsv(org.ctx, { id: cohort.id })).text;
    expect(csvText.split("\n")[0]).toBe(
      "external_account_number,account_number,check,source_value,platform_value,state,accepted_by,accepted_at,reason",
    );
    expect(csvText).toContain(`${bal.externalAccountNumber},${bal.accountNumber},balance,1200,1235,accepted,`);
    expect(await signOffCohort(org.ctx, { id: cohort.id })).toMatchObject({ status: "reconciled" });
    const [c] = await t.db.select().from(cohorts).where(eq(cohorts.id, cohort.id));
    expect(c.signedOffBy).toBe(actorLabel(org.ctx.actor));
    const accepts = await execRows<{ reason: string; accepted_by: string }>(
      t.db,
      sql`select reason, accepted_by from cohort_mismatch_acceptances where cohort_id = ${cohort.id} and "check" = 'balance'`,
    );
    expect(accepts).toEqual([{ reason: "Refund issued after the extract", accepted_by: expect.any(String) }]);
    // Signed off: the members and the control file are frozen.
    expect((await refused(addCohortMembers(org.ctx, { id: cohort.id, accounts: "LATE-1" }))).code).toBe(
      "cohort_signed_off",
    );
  });

  it("a change to the control file after the run needs a new run before sign-off", async () => {
    const { org, code, cohort } = await world();
    const [a] = await importInto(org, code, cohort.id, 1);
    await uploadControlFile(
      org.ctx,
      { id: cohort.id, format: "csv", fileName: "c.csv" },
      bodyOf(controlCsv([matchingControlRow(a)])),
    );
    await requestReconciliation(org.ctx, { id: cohort.id });
    await drainQueue(t.db, reconcileJobHandler);
    expect((await getReconciliation(org.ctx, { id: cohort.id })).reconciliation).toMatchObject({
      compared: 1,
      reconciled: 1,
      open: 0,
    });
    await uploadControlFile(
      org.ctx,
      { id: cohort.id, format: "jsonl", fileName: "c.jsonl" },
      bodyOf(jsonl([{ external_account_number: a.externalAccountNumber, closing_balance_pence: 0 }])),
    );
    expect((await refused(signOffCohort(org.ctx, { id: cohort.id }))).code).toBe("reconciliation_stale");
    await requestReconciliation(org.ctx, { id: cohort.id });
    await drainQueue(t.db, reconcileJobHandler);
    expect(await signOffCohort(org.ctx, { id: cohort.id })).toMatchObject({ status: "reconciled" });
  });

  it("cuts over every meter point once, across re-runs, waiting while the supplier is Paused, and the REST verb's registrations are not sent twice", async () => {
    const { org, code, cohort } = await world();
    const made = await importInto(org, code, cohort.id, 3);
    await uploadControlFile(
      org.ctx,
      { id: cohort.id, format: "csv", fileName: "c.csv" },
      bodyOf(controlCsv(made.map(matchingControlRow))),
    );
    await requestReconciliation(org.ctx, { id: cohort.id });
    await drainQueue(t.db, reconcileJobHandler);
    await signOffCohort(org.ctx, { id: cohort.id });
    await setSupplierStatus(org.ctx, { code, status: "Paused" });
    expect(await startCutover(org.ctx, { id: cohort.id })).toMatchObject({ status: "cutting_over", meterPoints: 6 });
    await drainQueue(t.db, cutoverJobHandler);
    expect((await getCutover(org.ctx, { id: cohort.id })).counts).toMatchObject({ total: 6, pending: 6 });
    expect((await getCutover(org.ctx, { id: cohort.id })).waitingForSupplier).toBe(true);
    await setSupplierStatus(org.ctx, { code, status: "Ongoing" });
    await t.db.execute(sql`update jobs set run_at = now() where queue = 'cohort-cutover' and status = 'queued'`);
    await drainQueue(t.db, cutoverJobHandler);
    const progress = await getCutover(org.ctx, { id: cohort.id });
    expect(progress.counts).toMatchObject({ total: 6, pending: 0, requested: 6, refused: 0 });
    expect((await getCohort(org.ctx, { id: cohort.id })).status).toBe("cut_over");
    // Run the lanes again (a restart, another instance): nothing is sent twice.
    await t.db.execute(
      sql`update jobs set status = 'queued', run_at = now(), attempts = 0 where queue = 'cohort-cutover'`,
    );
    await drainQueue(t.db, cutoverJobHandler);
    const regs = await execRows<{ n: number; events: number }>(
      t.db,
      sql`select (select count(*)::int from meter_point_registrations r join accounts a on a.id = r.account_id where a.supplier_id = (select supplier_id from cohorts where id = ${cohort.id})) as n,
                 (select count(*)::int from events where organisation_id = ${org.id} and type like 'meterpoint.%.cos_gain.registration.requested') as events`,
    );
    expect(regs[0]).toEqual({ n: 6, events: 6 });
    const audit = await execRows<{ action: string; to: string | null }>(
      t.db,
      sql`select action, details->>'to' as to from audit_log where entity_type = 'cohort' and entity_id = ${String(cohort.id)} and action = 'cohort.status_changed' order by id`,
    );
    expect(audit.map((a) => a.to)).toEqual(["imported", "reconciling", "reconciled", "cutting_over", "cut_over"]);
  });
});
