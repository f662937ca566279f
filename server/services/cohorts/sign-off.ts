import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { pgArrayElement } from "@/db/pg-array";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError, parseOrThrow } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { findCohort } from "./find-cohort";
import { moveCohort, wrongStatus } from "./lifecycle";
import { settleImported } from "./members";
import { latestDoneReconciliation, latestReconciliation } from "./reconcile";
import { summaryOf } from "./results";
import { AcceptMismatchesInput, CohortIdInput } from "./schemas";

/**
 * Accepts open mismatches of the newest finished run with the operator's reason (who and when
 * recorded): the named ones, else every open one of the check (or of all checks). An acceptance
 * holds while both values stay as they were.
 */
export async function acceptMismatches(ctx: Ctx, raw: AcceptMismatchesInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(AcceptMismatchesInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    if (cohort.status !== "reconciling") throw wrongStatus(cohort, "accepting mismatches", "reconciling");
    const run = await latestDoneReconciliation(tx, cohort.id);
    if (!run)
      throw new ServiceError("conflict", "not_reconciled", `Cohort ${cohort.name} has no finished reconciliation yet.`);
    const named = input.items?.length
      ? sql`and (r.external_account_number, r."check") in (select * from unnest(${`{${input.items.map((i) => pgArrayElement(i.externalAccountNumber)).join(",")}}`}::text[], ${`{${input.items.map((i) => pgArrayElement(i.check)).join(",")}}`}::text[]))`
      : input.check
        ? sql`and r."check" = ${input.check}`
        : sql``;
    const [row] = await execRows<{ n: number }>(
      tx,
      sql`with ins as (
            insert into cohort_mismatch_acceptances (cohort_id, external_account_number, "check", source_value, platform_value, reason, accepted_by)
            select ${cohort.id}, r.external_account_number, r."check", r.source_value, r.platform_value, ${input.reason}, ${actorLabel(ctx.actor)}
            from cohort_reconciliation_results r
            where r.reconciliation_id = ${run.id} and r.status = 'mismatch' ${named}
              and not exists (select 1 from cohort_mismatch_acceptances a where a.cohort_id = ${cohort.id} and a.external_account_number = r.external_account_number and a."check" = r."check"
                                and a.source_value is not distinct from r.source_value and a.platform_value is not distinct from r.platform_value)
            on conflict (cohort_id, external_account_number, "check") do update
              set source_value = excluded.source_value, platform_value = excluded.platform_value, reason = excluded.reason, accepted_by = excluded.accepted_by, accepted_at = now()
            returning 1)
          select count(*)::int as n from ins`,
    );
    const accepted = Number(row.n);
    if (input.items?.length && accepted < input.items.length && accepted === 0) {
      throw new ServiceError(
        "conflict",
        "no_open_mismatch",
        "None of the named results is an open mismatch of the newest reconciliation.",
      );
    }
    if (accepted) {
      await recordAudit(tx, txCtx, {
        action: "cohort.mismatches_accepted",
        entityType: "cohort",
        entityId: String(cohort.id),
        details: {
          reconciliationId: run.id,
          accepted,
          check: input.check ?? null,
          accounts: input.items?.slice(0, 20).map((i) => `${i.externalAccountNumber}:${i.check}`) ?? null,
          reason: input.reason,
        },
      });
    }
    return { accepted };
  });
}

/**
 * Signs the cohort off (reconciling → reconciled): only on a finished run newer than the last
 * change to its members and control file, with at least one account compared and every mismatch
 * fixed (gone in that run) or accepted with a reason.
 */
export async function signOffCohort(ctx: Ctx, raw: CohortIdInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    if (cohort.status !== "reconciling") throw wrongStatus(cohort, "sign-off", "reconciling");
    const latest = await latestReconciliation(tx, cohort.id);
    if (latest && latest.status !== "done")
      throw new ServiceError(
        "conflict",
        "reconciliation_in_progress",
        `A reconciliation of ${cohort.name} is ${latest.status}; sign off once it has finished.`,
      );
    const summary = await summaryOf(tx, cohort.id);
    const r = summary.reconciliation;
    if (!r) throw new ServiceError("conflict", "not_reconciled", `Cohort ${cohort.name} has not been reconciled.`);
    if (r.startedAt && r.startedAt < cohort.inputsChangedAt)
      throw new ServiceError(
        "conflict",
        "reconciliation_stale",
        `The members or control file of ${cohort.name} changed after the last reconciliation; run it again before signing off.`,
      );
    if (r.compared === 0)
      throw new ServiceError(
        "conflict",
        "nothing_reconciled",
        `No account of ${cohort.name} was compared with the control file.`,
      );
    if (r.open > 0) {
      const which = r.checks
        .filter((c) => c.open > 0)
        .map((c) => `${c.open} ${c.check.replace("_", " ")}`)
        .join(", ");
      throw new ServiceError(
        "conflict",
        "open_mismatches",
        `${r.open.toLocaleString("en-GB")} mismatch(es) are neither fixed nor accepted (${which}); fix and reconcile again, or accept each with a reason.`,
      );
    }
    const by = actorLabel(ctx.actor);
    await moveCohort(
      tx,
      txCtx,
      cohort,
      "reconciled",
      { signedOffBy: by, signedOffAt: sql`now()` },
      {
        reconciliationId: r.id,
        compared: r.compared,
        accepted: r.checks.reduce((n, c) => n + c.accepted, 0),
        sourceBalancePence: r.sourceBalancePence,
        platformBalancePence: r.platformBalancePence,
      },
    );
    await recordAudit(tx, txCtx, {
      action: "cohort.signed_off",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { reconciliationId: r.id, compared: r.compared },
    });
    return { id: cohort.id, status: "reconciled" as const, signedOffBy: by };
  });
}

/** The operator's "Mark imported": planning/importing → imported once every member is imported. */
export async function markCohortImported(ctx: Ctx, raw: CohortIdInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    if (cohort.status !== "planning" && cohort.status !== "importing")
      throw wrongStatus(cohort, "marking it imported", "planning or importing");
    const settled = await settleImported(tx, txCtx, cohort);
    if (!settled.ok) {
      const why = !settled.members
        ? "it has no accounts"
        : settled.runningJobs
          ? "an import job for it is still running"
          : `${settled.notImported.toLocaleString("en-GB")} of its ${settled.members.toLocaleString("en-GB")} accounts are not imported`;
      throw new ServiceError("conflict", "cohort_not_imported", `Cohort ${cohort.name} is not imported yet: ${why}.`);
    }
    return { id: cohort.id, status: "imported" as const };
  });
}
