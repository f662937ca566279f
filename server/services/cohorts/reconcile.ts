import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { cohortReconciliations } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError, parseOrThrow } from "../../errors";
import { enqueueJob, wakeWorkers } from "../../jobs/queue";
import type { JobHandler } from "../../jobs/worker";
import { logger } from "../../logger";
import { recordAudit } from "../audit/record-audit";
import { findCohort } from "./find-cohort";
import { moveCohort, wrongStatus } from "./lifecycle";
import { settleImported } from "./members";
import { reconciliationRows } from "./reconcile-sql";
import { CohortIdInput } from "./schemas";

export const RECONCILE_QUEUE = "cohort-reconcile";

/**
 * Queues a reconciliation of the cohort (ADR 0417); a worker on any instance runs it. Asking while
 * one is queued or running returns that one. Re-runnable until sign-off, after fixes.
 */
export async function requestReconciliation(ctx: Ctx, raw: CohortIdInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    let cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    if (cohort.status === "planning" || cohort.status === "importing") {
      const settled = await settleImported(tx, txCtx, cohort);
      if (!settled.ok) {
        const why = !settled.members
          ? "it has no accounts"
          : settled.runningJobs
            ? "an import job for it is still running"
            : `${settled.notImported.toLocaleString("en-GB")} of its accounts are not imported (import them or take them out)`;
        throw new ServiceError(
          "conflict",
          "cohort_not_imported",
          `Cohort ${cohort.name} cannot be reconciled yet: ${why}.`,
        );
      }
      cohort = await findCohort(tx, organisationId, input.id);
    }
    if (cohort.status !== "imported" && cohort.status !== "reconciling")
      throw wrongStatus(cohort, "reconciliation", "imported or reconciling (not yet signed off)");
    if (!cohort.controlUploadedAt)
      throw new ServiceError(
        "conflict",
        "control_file_missing",
        `Upload the source system's control file for ${cohort.name} first.`,
      );
    const [inFlight] = await tx
      .select({ id: cohortReconciliations.id, status: cohortReconciliations.status })
      .from(cohortReconciliations)
      .where(
        and(
          eq(cohortReconciliations.cohortId, cohort.id),
          inArray(cohortReconciliations.status, ["queued", "running"]),
        ),
      );
    if (inFlight)
      return { reconciliationId: inFlight.id, status: inFlight.status as "queued" | "running", alreadyQueued: true };
    const [run] = await tx
      .insert(cohortReconciliations)
      .values({ cohortId: cohort.id, requestedBy: actorLabel(ctx.actor) })
      .returning({ id: cohortReconciliations.id });
    await enqueueJob(tx, {
      queue: RECONCILE_QUEUE,
      payload: { reconciliationId: run.id },
      dedupKey: `cohort-reconcile:${run.id}`,
      maxAttempts: 3,
    });
    await wakeWorkers(tx, RECONCILE_QUEUE);
    await moveCohort(tx, txCtx, cohort, "reconciling", {}, { reconciliationId: run.id });
    await recordAudit(tx, txCtx, {
      action: "cohort.reconciliation_requested",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { reconciliationId: run.id },
    });
    return { reconciliationId: run.id, status: "queued" as const, alreadyQueued: false };
  });
}

/**
 * Runs one reconciliation in one transaction: its results replace the previous run's, so a run
 * that dies (worker lost, database away) leaves the last complete one in place and is retried.
 */
export async function runReconciliation(db: Db, reconciliationId: number) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The plan's cost (its joins' row estimates multiply) is far above jit_above_cost; compiling it took seconds where running it takes less (ADR 0417).
    await tx.execute(sql`set local jit = off`);
    const [run] = await tx
      .select()
      .from(cohortReconciliations)
      .where(eq(cohortReconciliations.id, reconciliationId))
      .for("update");
    if (!run || run.status === "done" || run.status === "failed") return;
    await tx
      .update(cohortReconciliations)
      .set({ status: "running", startedAt: sql`now()` })
      .where(eq(cohortReconciliations.id, run.id));
    await tx.execute(
      sql`delete from cohort_reconciliation_results r using cohort_reconciliations x where x.id = r.reconciliation_id and x.cohort_id = ${run.cohortId} and x.id <> ${run.id}`,
    );
    await tx.execute(sql`
      insert into cohort_reconciliation_results (reconciliation_id, external_account_number, "check", status, account_number, source_value, platform_value)
      select ${run.id}, r.* from (${reconciliationRows(run.cohortId)}) r`);
    const byCheck = await execRows<{ chk: string; n: number }>(
      tx,
      sql`select "check" as chk, count(*)::int as n from cohort_reconciliation_results where reconciliation_id = ${run.id} and status = 'mismatch' group by 1`,
    );
    const [counts] = await execRows<{ compared: number; mismatches: number; with_mismatch: number }>(
      tx,
      sql`select count(distinct external_account_number) filter (where "check" <> 'presence')::int as compared, count(*) filter (where status = 'mismatch')::int as mismatches,
                 count(distinct external_account_number) filter (where "check" <> 'presence' and status = 'mismatch')::int as with_mismatch
          from cohort_reconciliation_results where reconciliation_id = ${run.id}`,
    );
    const summary = {
      compared: Number(counts.compared),
      mismatches: Number(counts.mismatches),
      matchedAccounts: Number(counts.compared) - Number(counts.with_mismatch),
      byCheck: Object.fromEntries(byCheck.map((r) => [r.chk, Number(r.n)])),
    };
    await tx
      .update(cohortReconciliations)
      .set({ status: "done", finishedAt: sql`now()`, summary })
      .where(eq(cohortReconciliations.id, run.id));
  });
}

export const reconcileJobHandler: JobHandler = {
  queue: RECONCILE_QUEUE,
  async run(db, job) {
    await runReconciliation(db, Number((job.payload as { reconciliationId: number }).reconciliationId));
  },
  async onGiveUp(db, job, error) {
    const id = Number((job.payload as { reconciliationId: number }).reconciliationId);
    logger.error("cohort reconciliation gave up", { reconciliationId: id, err: error });
    await db
      .update(cohortReconciliations)
      .set({ status: "failed", error, finishedAt: sql`now()` })
      .where(and(eq(cohortReconciliations.id, id), inArray(cohortReconciliations.status, ["queued", "running"])));
  },
};

/** The cohort's newest reconciliation, if any. */
export async function latestReconciliation(db: Db, cohortId: number) {
  const [run] = await db
    .select()
    .from(cohortReconciliations)
    .where(eq(cohortReconciliations.cohortId, cohortId))
    .orderBy(desc(cohortReconciliations.id))
    .limit(1);
  return run;
}

/** The newest run that finished: the one whose results the console shows and sign-off signs. */
export async function latestDoneReconciliation(db: Db, cohortId: number) {
  const [run] = await db
    .select()
    .from(cohortReconciliations)
    .where(and(eq(cohortReconciliations.cohortId, cohortId), eq(cohortReconciliations.status, "done")))
    .orderBy(desc(cohortReconciliations.id))
    .limit(1);
  return run;
}
