import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createHistoricalStatementsHandler as statements } from "@/server/rest/routes/data-import";
import { createNotesHandler as notesRoute } from "@/server/rest/routes/data-import";
import { sendRegistrationFlowsHandler as flows } from "@/server/rest/routes/data-import";
import { createTransactionsHandler as txRoute } from "@/server/rest/routes/data-import";
import { makeMeterAccount } from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { addDays, londonToday } from "@/server/lib/time";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeImportedAccount } from "@/test/factories";
import { call } from "@/test/http";
import { appRouter } from "../../root";
import { consoleWorld, controlCsv, drainQueue, matchingControlRow } from "@/test/factories";
import { uploadControlFile } from "@/server/services/cohorts/upload-control-file";
import { reconcileJobHandler } from "@/server/services/cohorts/reconcile";
import { cutoverJobHandler } from "@/server/services/cohorts/cutover";

const t = useTestDb();

type Procedure = { _def: { output?: z.ZodType; type: string } };
// Flat at run time: "router.procedure" -> procedure.
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;

/** Our organisation with a record of every kind the console shows: accounts and their records, import jobs, keys, events. */
async function seededWorld() {
  const w = await consoleWorld(t.db);
  const code = w.supplier.code;
  const acc = await makeImportedAccount(w.org, code, { last_statement_closing_date: addDays(londonToday(), -20) });
  const auth = `Token ${w.org.apiKey}`;
  const ref = { import_supplier: code, external_account_number: acc.externalAccountNumber };
  const seeded = [
    await call(notesRoute, "/v1/data-import/notes/create/", {
      auth,
      body: {
        ...ref,
        notes: [
          { body: "a bill query", created_at: "2026-01-01T10:00:00Z" },
          { body: "pinned", is_pinned: true },
        ],
      },
    }),
    await call(txRoute, "/v1/data-import/transactions/create/", {
      auth,
      body: {
        ...ref,
        transactions: [
          {
            transaction_id: "T-IN",
            transaction_date: addDays(londonToday(), -2),
            amount: 12.3,
            type: "CHARGE",
            reason: "IMPORTED_CHARGE",
          },
        ],
      },
    }),
    await call(statements, "/v1/data-import/historical-statements/create/", {
      auth,
      body: {
        ...ref,
        statements: [
          {
            statement_id: "S1",
            bill_period_from_date: "2025-01-01",
            bill_period_to_date: "2025-01-31",
            issued_date: "2025-02-02",
            number: "1",
            gross_amount: 9999,
          },
        ],
      },
    }),
    await call(flows, "/x", {
      auth,
      method: "POST",
      params: { import_supplier_code: code, external_account_number: acc.externalAccountNumber },
    }),
  ];
  expect(seeded.map((r) => r.status)).toEqual([201, 201, 201, 200]);
  const bad = accountPayload(code, uniq("BAD"), { billing_postcode: "XX" });
  const job = await uploadImportJob(
    w.org.ctx,
    { importSupplier: code, format: "jsonl", fileName: "r.jsonl" },
    bodyOf(jsonl([accountPayload(code), bad])),
  );
  await drainLanes(t.db);
  const dry = await uploadImportJob(
    w.org.ctx,
    { importSupplier: code, format: "jsonl", fileName: "d.jsonl", dryRun: true },
    bodyOf(jsonl([accountPayload(code)])),
  );
  await drainLanes(t.db);
  // Not drained: running, for pause/resume/cancel.
  const running = await uploadImportJob(
    w.org.ctx,
    { importSupplier: code, format: "jsonl", fileName: "p.jsonl" },
    bodyOf(jsonl([accountPayload(code)])),
  );
  const meters = await makeMeterAccount(w.org);
  return { ...w, code, acc, job, bad, running, dry, meters };
}

type World = Awaited<ReturnType<typeof seededWorld>>;

/** One call per procedure, as an operator, in this order (later calls read what earlier ones made). */
const calls: Record<string, (w: World, state: Record<string, any>) => Promise<unknown>> = {
  "session.me": (w) => w.operator.session.me({}),
  "supplier.create": async (w, s) => {
    const code = uniq("SUP");
    return (s.supplier = await w.operator.supplier.create({
      code,
      name: "New cohort",
      documentRoot: `s3://bucket/${code}/new`,
      sendAutomatedEmails: true,
    }));
  },
  "supplier.update": (w, s) => w.operator.supplier.update({ code: s.supplier.code, name: "Renamed" }),
  "supplier.setStatus": (w, s) => w.operator.supplier.setStatus({ code: s.supplier.code, status: "Paused" }),
  "supplier.list": (w) => w.operator.supplier.list({}),
  "supplier.get": (w) => w.operator.supplier.get({ code: w.code }),
  "supplier.audit": (w, s) => w.operator.supplier.audit({ code: s.supplier.code }),
  "supplier.documentStores": (w) => w.operator.supplier.documentStores({}),
  "accountImport.list": (w) => w.operator.accountImport.list({ importSupplier: w.code }),
  "accountImport.get": (w) =>
    w.operator.accountImport.get({ importSupplier: w.code, externalAccountNumber: w.acc.externalAccountNumber }),
  "accountImport.activity": (w) => w.operator.accountImport.activity({ importSupplier: w.code, days: 7 }),
  "importJob.list": (w) => w.operator.importJob.list({ importSupplier: w.code }),
  "importJob.get": (w) => w.operator.importJob.get({ id: w.job.id }),
  "importJob.failureGroups": (w) => w.operator.importJob.failureGroups({ id: w.job.id }),
  "importJob.failedRows": (w) => w.operator.importJob.failedRows({ id: w.job.id }),
  "importJob.row": (w) => w.operator.importJob.row({ id: w.job.id, line: 2 }),
  "importJob.dashboard": (w) => w.operator.importJob.dashboard({ importSupplier: w.code }),
  "importJob.pause": (w) => w.operator.importJob.pause({ id: w.running.id }),
  "importJob.resume": (w) => w.operator.importJob.resume({ id: w.running.id }),
  "importJob.cancel": (w) => w.operator.importJob.cancel({ id: w.running.id }),
  "importJob.delete": (w) => w.operator.importJob.delete({ id: w.running.id }),
  "importJob.retryGroup": (w) => w.operator.importJob.retryGroup({ id: w.job.id, code: "invalid_postcode" }),
  "importJob.fixRow": async (w) => {
    await drainLanes(t.db);
    return w.operator.importJob.fixRow({ id: w.job.id, line: 2, payload: { ...w.bad, billing_postcode: "SW1A 1AA" } });
  },
  "importJob.importValidated": (w) => w.operator.importJob.importValidated({ id: w.dry.id }),
  "account.find": (w) => w.operator.account.find({ query: w.acc.accountNumber }),
  "account.get": (w) => w.operator.account.get({ accountNumber: w.acc.accountNumber }),
  "account.notes": (w) => w.operator.account.notes({ accountNumber: w.acc.accountNumber }),
  "account.transactions": (w) => w.operator.account.transactions({ accountNumber: w.acc.accountNumber }),
  "account.records": (w) => w.operator.account.records({ accountNumber: w.acc.accountNumber }),
  "event.list": async (w, s) => (s.events = await w.operator.event.list({})),
  "event.get": (w, s) => w.operator.event.get({ id: s.events.items[0].id }),
  "event.delivery": (w) => w.operator.event.delivery(),
  "event.catalogue": (w) => w.operator.event.catalogue({}),
  "apiKey.create": async (w, s) => (s.key = await w.operator.apiKey.create({})),
  "apiKey.roll": async (w, s) => (s.rolled = await w.operator.apiKey.roll({ keyId: s.key.id })),
  "apiKey.invalidate": (w, s) => w.operator.apiKey.invalidate({ keyId: s.rolled.id }),
  "apiKey.list": (w) => w.operator.apiKey.list({}),
  "customerKey.issue": async (w, s) =>
    (s.customerKey = await w.operator.customerKey.issue({
      accountNumber: w.acc.accountNumber,
      email: "ada@example.com",
    })),
  "customerKey.list": (w) => w.operator.customerKey.list({ accountNumber: w.acc.accountNumber }),
  "customerKey.revoke": (w, s) =>
    w.operator.customerKey.revoke({ keyId: s.customerKey.id, accountNumber: w.acc.accountNumber }),
  "audit.list": (w) => w.operator.audit.list({}),
  "product.list": (w) => w.operator.product.list({}),
  "product.rates": (w) => w.operator.product.rates({ tariffCode: "E-1R-VAR-22-11-01-C" }),
  "smartDevices.upload": (w) =>
    w.operator.smartDevices.upload({
      format: "csv",
      content: `device_id,manufacturer,model,firmware_version\n${uniq("DEV")},Aclara,SGM1411,2.1.7\n`,
    }),
  "consumption.upload": (w) =>
    w.operator.consumption.upload({
      accountNumber: w.meters.accountNumber,
      mpxn: w.meters.mpan,
      format: "csv",
      content: `mpxn,serial_number,interval_start,consumption\n${w.meters.mpan},${w.meters.elecSerial},2026-11-01T00:00:00Z,0.42\n`,
    }),
  "support.search": (w) => w.operator.support.search({ query: w.acc.accountNumber }),
  "support.ledger": (w) => w.operator.support.ledger({ filter: { accountNumber: w.acc.accountNumber } }),
  "support.searchNotes": (w) => w.operator.support.searchNotes({ accountNumber: w.acc.accountNumber, query: "bill" }),
  "support.timeline": (w) => w.operator.support.timeline({ accountNumber: w.acc.accountNumber }),
  // A cohort through its whole lifecycle: planning, members, imported, reconciled with a mismatch accepted, signed off, cut over.
  "cohort.create": async (w, s) =>
    (s.cohort = await w.operator.cohort.create({
      importSupplier: w.code,
      name: uniq("Wave "),
      plannedCutoverDate: "2027-02-01",
      notes: "first wave",
    })),
  "cohort.update": (w, s) =>
    w.operator.cohort.update({ id: s.cohort.id, notes: "first wave, London only", plannedCutoverDate: "2027-02-08" }),
  "cohort.addMembers": (w, s) =>
    w.operator.cohort.addMembers({ id: s.cohort.id, accounts: `${w.acc.externalAccountNumber}\nNEVER-IMPORTED-1` }),
  "cohort.removeMembers": (w, s) =>
    w.operator.cohort.removeMembers({ id: s.cohort.id, externalAccountNumbers: ["NEVER-IMPORTED-1"] }),
  "cohort.members": (w, s) => w.operator.cohort.members({ id: s.cohort.id }),
  "cohort.markImported": (w, s) => w.operator.cohort.markImported({ id: s.cohort.id }),
  "cohort.reconcile": async (w, s) => {
    const rows = [
      matchingControlRow(w.acc),
      { ...matchingControlRow(w.acc), external_account_number: "ONLY-IN-CONTROL" },
    ];
    await uploadControlFile(
      w.org.ctx,
      { id: s.cohort.id, format: "csv", fileName: "control.csv" },
      bodyOf(controlCsv(rows)),
    );
    return w.operator.cohort.reconcile({ id: s.cohort.id });
  },
  "cohort.reconciliation": async (w, s) => {
    await drainQueue(t.db, reconcileJobHandler);
    return w.operator.cohort.reconciliation({ id: s.cohort.id });
  },
  "cohort.results": (w, s) => w.operator.cohort.results({ id: s.cohort.id, state: "open" }),
  "cohort.forAccount": (w) => w.operator.cohort.forAccount({ number: w.acc.accountNumber }),
  "cohort.accept": (w, s) => w.operator.cohort.accept({ id: s.cohort.id, reason: "Known differences of the extract" }),
  "cohort.signOff": (w, s) => w.operator.cohort.signOff({ id: s.cohort.id }),
  "cohort.startCutover": (w, s) => w.operator.cohort.startCutover({ id: s.cohort.id }),
  "cohort.cutover": async (w, s) => {
    await drainQueue(t.db, cutoverJobHandler);
    return w.operator.cohort.cutover({ id: s.cohort.id });
  },
  "cohort.retryCutover": (w, s) => w.operator.cohort.retryCutover({ id: s.cohort.id }),
  "cohort.list": (w) => w.operator.cohort.list({ importSupplier: w.code }),
  "cohort.get": (w, s) => w.operator.cohort.get({ id: s.cohort.id }),
  "cohort.dashboard": (w) => w.operator.cohort.dashboard({ days: 7 }),
  "cohort.audit": (w, s) => w.operator.cohort.audit({ id: s.cohort.id }),
};

describe("tRPC output schemas", () => {
  it("every procedure declares .output() and is called here", () => {
    const names = Object.keys(procedures).sort();
    expect(names.length).toBeGreaterThan(40);
    expect(
      names.filter((n) => !procedures[n]._def.output),
      "procedures without .output()",
    ).toEqual([]);
    expect(
      names.filter((n) => !(n in calls)),
      "procedures this test does not call",
    ).toEqual([]);
  });

  it("answers every procedure, as an operator with seeded data, with what its output schema describes", async () => {
    const w = await seededWorld();
    const state: Record<string, any> = {};
    for (const [name, run] of Object.entries(calls)) {
      const answer = await run(w, state).catch((err: unknown) => {
        throw new Error(`${name}: ${(err as Error).message}`, { cause: err });
      });
      const parsed = procedures[name]._def.output!.safeParse(answer);
      expect(parsed.error, name).toBeUndefined();
      expect(parsed.data, `${name} answers the same after its schema`).toEqual(answer);
    }
  }, 300_000);
});
