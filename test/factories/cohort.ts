import type { Db } from "@/db/client";
import { claimJobs } from "@/server/jobs/queue";
import { type JobHandler, runOne } from "@/server/jobs/worker";
import { createCohort } from "@/server/services/cohorts/create-cohort";
import { addCohortMembers } from "@/server/services/cohorts/members";
import { reconcileJobHandler, requestReconciliation } from "@/server/services/cohorts/reconcile";
import { uploadControlFile } from "@/server/services/cohorts/upload-control-file";
import type { OrgFixture } from "./organisation";
import { uniq } from "./unique";

type Member = { externalAccountNumber: string; mpan?: string; mprn?: string };

/** Runs a queue's jobs in this process with `handler` until none is due. */
export async function drainQueue(db: Db, handler: JobHandler, rounds = 100) {
  for (let round = 0; round < rounds; round++) {
    const batch = await claimJobs(db, handler.queue, `test-${round}`, 4, 60);
    if (!batch.length) return;
    for (const job of batch) await runOne(db, handler, job);
  }
}

/** The control-file row that matches an account made by accountPayload() exactly (no ledger, no statements, no payment instruction). */
export function matchingControlRow(a: Member): Record<string, string> {
  return {
    external_account_number: a.externalAccountNumber,
    closing_balance_pence: "0",
    mpans: `${a.mpan}=E${a.mpan!.slice(-6)}`,
    mprns: `${a.mprn}=G${a.mprn!.slice(-6)}`,
    payment_reference: "",
    statement_count: "0",
    last_readings: `E${a.mpan!.slice(-6)}/1=12345.000@2026-10-31`,
  };
}

/** Rows as a control file's CSV, the first row's columns as its header. */
export function controlCsv(rows: Record<string, string>[]) {
  const cols = Object.keys(rows[0]);
  return `${cols.join(",")}\n${rows.map((r) => cols.map((c) => r[c] ?? "").join(",")).join("\n")}\n`;
}

const streamOf = (text: string) => new Blob([text]).stream() as ReadableStream<Uint8Array>;

/** A cohort of the supplier, through the service verbs, with these accounts (imported or not) as members. */
export async function makeCohort(
  org: OrgFixture,
  supplierCode: string,
  opts: { name?: string; members?: Member[]; plannedCutoverDate?: string | null; notes?: string | null } = {},
) {
  const cohort = await createCohort(org.ctx, {
    importSupplier: supplierCode,
    name: opts.name ?? uniq("Wave "),
    plannedCutoverDate: opts.plannedCutoverDate ?? "2027-01-15",
    notes: opts.notes ?? null,
  });
  if (opts.members?.length)
    await addCohortMembers(org.ctx, {
      id: cohort.id,
      accounts: opts.members.map((m) => m.externalAccountNumber).join("\n"),
    });
  return cohort;
}

/**
 * A cohort of imported accounts with a control file and one finished reconciliation: every row
 * matches except the first account's balance when `balanceMismatch` (source 100 pence).
 */
export async function makeReconciledCohort(
  db: Db,
  org: OrgFixture,
  supplierCode: string,
  members: Member[],
  opts: { name?: string; balanceMismatch?: boolean } = {},
) {
  const cohort = await makeCohort(org, supplierCode, { name: opts.name, members });
  const rows = members.map(matchingControlRow);
  if (opts.balanceMismatch) rows[0] = { ...rows[0], closing_balance_pence: "100" };
  await uploadControlFile(
    org.ctx,
    { id: cohort.id, format: "csv", fileName: "control.csv" },
    streamOf(controlCsv(rows)),
  );
  await requestReconciliation(org.ctx, { id: cohort.id });
  await drainQueue(db, reconcileJobHandler);
  return cohort;
}
