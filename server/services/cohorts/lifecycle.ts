import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type CohortStatus, cohorts } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";

/** Each status and the ones it may come from (ADR 0416): forward only, except that a new run may follow a finished one. */
export const COHORT_TRANSITIONS: Record<CohortStatus, CohortStatus[]> = {
  planning: [],
  importing: ["planning"],
  imported: ["planning", "importing"],
  reconciling: ["imported", "reconciling"],
  reconciled: ["reconciling"],
  cutting_over: ["reconciled"],
  cut_over: ["cutting_over"],
};

/** Until sign-off an operator may still change who is in the cohort and what the source system says. */
export const OPEN_STATUSES: CohortStatus[] = ["planning", "importing", "imported", "reconciling"];

/** Name, planned cut-over date and notes may change until the cut-over starts: after that the plan is history. */
export const EDITABLE_STATUSES: CohortStatus[] = [...OPEN_STATUSES, "reconciled"];

export function assertEditable(cohort: { id: number; name: string; status: CohortStatus }) {
  if (!EDITABLE_STATUSES.includes(cohort.status)) {
    throw new ServiceError(
      "conflict",
      "cohort_not_editable",
      `Cohort ${cohort.name} is ${cohort.status.replace("_", " ")}: its name, planned cut-over date and notes can no longer change.`,
    );
  }
}

export function assertOpen(cohort: { id: number; name: string; status: CohortStatus }) {
  if (!OPEN_STATUSES.includes(cohort.status)) {
    throw new ServiceError(
      "conflict",
      "cohort_signed_off",
      `Cohort ${cohort.name} is ${cohort.status.replace("_", " ")}: its members and control file can no longer change.`,
    );
  }
}

/**
 * Moves a cohort to `to` when its status allows it, audited in the caller's transaction as
 * `cohort.status_changed`. Returns false (nothing written) when it is not in a status `to` follows.
 * The catalogue has no event for a cohort's lifecycle (ADR 0416), so none is emitted here.
 */
export async function moveCohort(
  tx: Db,
  ctx: Ctx,
  cohort: { id: number; status: CohortStatus },
  to: CohortStatus,
  extra: Partial<Record<keyof typeof cohorts.$inferInsert, unknown>> = {},
  details: Record<string, unknown> = {},
) {
  const from = COHORT_TRANSITIONS[to];
  const [moved] = await tx
    .update(cohorts)
    .set({
      ...(extra as Partial<typeof cohorts.$inferInsert>),
      status: to,
      statusChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(cohorts.id, cohort.id), inArray(cohorts.status, from)))
    .returning({ id: cohorts.id });
  if (!moved) return false;
  if (cohort.status !== to)
    await recordAudit(tx, ctx, {
      action: "cohort.status_changed",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { from: cohort.status, to, ...details },
    });
  return true;
}

export function wrongStatus(cohort: { name: string; status: CohortStatus }, action: string, needs: string) {
  return new ServiceError(
    "conflict",
    "cohort_status_conflict",
    `Cohort ${cohort.name} is ${cohort.status.replace("_", " ")}; ${action} needs it ${needs}.`,
  );
}
