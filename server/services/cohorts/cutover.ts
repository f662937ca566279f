import { and, eq, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { cohorts, importSuppliers } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter, systemCtx, withTransaction } from "../../context";
import { ServiceError, parseOrThrow } from "../../errors";
import { enqueueJob, wakeWorkers } from "../../jobs/queue";
import type { JobHandler } from "../../jobs/worker";
import { logger } from "../../logger";
import { recordAudit } from "../audit/record-audit";
import { sendRegistrationFlows } from "../registration/send-registration-flows";
import { findCohort } from "./find-cohort";
import { moveCohort, wrongStatus } from "./lifecycle";
import { CohortIdInput } from "./schemas";

export const CUTOVER_QUEUE = "cohort-cutover";
/** Lanes per cut-over: accounts are sent a few at once, each in its own short transaction. */
export const CUTOVER_LANES = 2;
const ACCOUNTS_PER_TRANSACTION = 10;
const SLICE_MS = 10_000;
const SUPPLIER_WAIT_SECONDS = 2;

type LanePayload = { cohortId: number; lane: number; round: number };

/**
 * Starts the cut-over of a signed-off cohort (ADR 0418): one item per meter point of its imported
 * accounts (the item's primary key is the meter point, so no meter point is sent twice), then
 * lanes on the jobs queue send them account by account through the same verb as the REST route.
 */
export async function startCutover(ctx: Ctx, raw: CohortIdInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    if (cohort.status !== "reconciled") throw wrongStatus(cohort, "cut-over", "signed off (reconciled)");
    if (cohort.supplierStatus === "Complete")
      throw new ServiceError(
        "validation",
        "import_supplier_migration_not_ongoing",
        `${cohort.supplierCode} is Complete: registration is refused.`,
      );
    const [row] = await execRows<{ n: number }>(
      tx,
      sql`with ins as (
            insert into cohort_cutover_items (meter_point_id, cohort_id, account_id, mpxn)
            select p.id, ${cohort.id}, a.id, p.mpxn
            from cohort_members m join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number
            join meter_points p on p.account_id = a.id
            where m.cohort_id = ${cohort.id}
            on conflict (meter_point_id) do nothing returning 1)
          select count(*)::int as n from ins`,
    );
    const items = Number(row.n);
    await moveCohort(
      tx,
      txCtx,
      cohort,
      "cutting_over",
      { cutoverStartedBy: actorLabel(ctx.actor), cutoverStartedAt: sql`now()` },
      { meterPoints: items },
    );
    await recordAudit(tx, txCtx, {
      action: "cohort.cutover_started",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { meterPoints: items },
    });
    await queueLanes(tx, cohort.id, 0);
    return { id: cohort.id, status: "cutting_over" as const, meterPoints: items };
  });
}

/** Refused meter points (a supplier paused at the time, no agreement in force) are tried again; the rest are left alone. */
export async function retryCutover(ctx: Ctx, raw: CohortIdInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    if (cohort.status !== "cutting_over" && cohort.status !== "cut_over")
      throw wrongStatus(cohort, "retrying the cut-over", "cutting over or cut over");
    const [row] = await execRows<{ n: number }>(
      tx,
      sql`with up as (update cohort_cutover_items set status = 'pending', detail = null, processed_at = null where cohort_id = ${cohort.id} and status = 'refused' returning 1) select count(*)::int as n from up`,
    );
    const retried = Number(row.n);
    if (!retried) return { retried };
    if (cohort.status === "cut_over") {
      await tx
        .update(cohorts)
        .set({ status: "cutting_over", cutoverFinishedAt: null, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(cohorts.id, cohort.id));
      await recordAudit(tx, txCtx, {
        action: "cohort.status_changed",
        entityType: "cohort",
        entityId: String(cohort.id),
        details: { from: "cut_over", to: "cutting_over", retried },
      });
    }
    await recordAudit(tx, txCtx, {
      action: "cohort.cutover_retried",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { retried },
    });
    const [{ round }] = await execRows<{ round: number }>(
      tx,
      sql`select count(*)::int as round from audit_log where entity_type = 'cohort' and entity_id = ${String(cohort.id)} and action = 'cohort.cutover_retried'`,
    );
    await queueLanes(tx, cohort.id, Number(round));
    return { retried };
  });
}

async function queueLanes(tx: Db, cohortId: number, round: number) {
  for (let lane = 0; lane < CUTOVER_LANES; lane++) {
    const payload: LanePayload = { cohortId, lane, round };
    await enqueueJob(tx, {
      queue: CUTOVER_QUEUE,
      payload,
      dedupKey: `cohort-cutover:${cohortId}:${round}:${lane}`,
      maxAttempts: 20,
    });
  }
  await wakeWorkers(tx, CUTOVER_QUEUE);
}

type Meta = { organisationId: number; supplierCode: string; supplierStatus: string; status: string };

async function loadMeta(db: Db, cohortId: number): Promise<Meta | undefined> {
  const [row] = await db
    .select({
      organisationId: cohorts.organisationId,
      supplierCode: importSuppliers.code,
      supplierStatus: importSuppliers.status,
      status: cohorts.status,
    })
    .from(cohorts)
    .innerJoin(importSuppliers, eq(importSuppliers.id, cohorts.supplierId))
    .where(eq(cohorts.id, cohortId));
  return row;
}

/**
 * One lane: claims the next accounts' pending items (FOR UPDATE SKIP LOCKED) and, in the same
 * transaction, marks their meter points for registration and records each outcome on its item,
 * so a meter point is sent once whatever dies when. While the supplier is Paused it waits.
 */
export async function runCutoverLane(db: Db, cohortId: number): Promise<void | { requeueAfterSeconds: number }> {
  const started = Date.now();
  for (;;) {
    const meta = await loadMeta(db, cohortId);
    if (meta?.status !== "cutting_over") return;
    if (meta.supplierStatus === "Paused") return { requeueAfterSeconds: SUPPLIER_WAIT_SECONDS };
    const handled = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const claimed = await execRows<{ account_id: number; mpxn: string; external: string }>(
        tx,
        sql`select i.account_id, i.mpxn, a.external_account_number as external from cohort_cutover_items i join accounts a on a.id = i.account_id
            where i.cohort_id = ${cohortId} and i.status = 'pending'
            order by i.account_id limit ${ACCOUNTS_PER_TRANSACTION * 4}
            for update of i skip locked`,
      );
      const byAccount = new Map<number, { external: string; mpxns: string[] }>();
      for (const c of claimed) {
        const entry = byAccount.get(Number(c.account_id)) ?? { external: c.external, mpxns: [] };
        entry.mpxns.push(c.mpxn);
        byAccount.set(Number(c.account_id), entry);
      }
      const accounts = [...byAccount.entries()].slice(0, ACCOUNTS_PER_TRANSACTION);
      const ctx: Ctx = { ...systemCtx(tx, `cohort ${cohortId} cut-over`, meta.organisationId), inTransaction: true };
      const outcomes: { account_id: number; mpxn: string; detail: string | null }[] = [];
      for (const [accountId, { external, mpxns }] of accounts) {
        let refusedAll: string | null = null;
        const perPoint = new Map<string, string | null>();
        try {
          const [result] = await tx.transaction((sp) =>
            sendRegistrationFlows(
              { ...ctx, db: sp as unknown as Db },
              { import_supplier_code: meta.supplierCode, external_account_number: external },
            ),
          );
          for (const mp of result.meter_points)
            perPoint.set(
              mp.mpxn,
              mp.status === "REGISTRATION_FLOW_SUCCESS" ? null : (mp.error_detail ?? "Registration refused."),
            );
        } catch (err) {
          if (!(err instanceof ServiceError)) throw err;
          refusedAll = err.message;
        }
        for (const mpxn of mpxns)
          outcomes.push({ account_id: accountId, mpxn, detail: refusedAll ?? perPoint.get(mpxn) ?? null });
      }
      if (outcomes.length) {
        await tx.execute(sql`
          update cohort_cutover_items i set status = case when d.detail is null then 'requested' else 'refused' end, detail = d.detail, processed_at = now()
          from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as d(account_id int, mpxn text, detail text)
          where i.cohort_id = ${cohortId} and i.account_id = d.account_id and i.mpxn = d.mpxn and i.status = 'pending'`);
      }
      return accounts.length;
    });
    if (!handled) {
      await finishIfDone(db, cohortId);
      return;
    }
    if (Date.now() - started >= SLICE_MS) return { requeueAfterSeconds: 0 };
  }
}

/** The lane that finds nothing pending marks the cohort cut over (audited as the system). */
async function finishIfDone(db: Db, cohortId: number) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [done] = await tx
      .update(cohorts)
      .set({ status: "cut_over", cutoverFinishedAt: sql`now()`, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(cohorts.id, cohortId),
          eq(cohorts.status, "cutting_over"),
          sql`not exists (select 1 from cohort_cutover_items where cohort_id = ${cohortId} and status = 'pending')`,
        ),
      )
      .returning({ organisationId: cohorts.organisationId });
    if (!done) return;
    await recordAudit(tx, systemCtx(tx, "cut-over job", done.organisationId), {
      action: "cohort.status_changed",
      entityType: "cohort",
      entityId: String(cohortId),
      details: { from: "cutting_over", to: "cut_over" },
    });
  });
}

export const cutoverJobHandler: JobHandler = {
  queue: CUTOVER_QUEUE,
  run: (db, job) => runCutoverLane(db, Number((job.payload as LanePayload).cohortId)),
  async onGiveUp(_db, job, error) {
    logger.error("cohort cut-over lane gave up", { cohortId: (job.payload as LanePayload).cohortId, err: error });
  },
};
