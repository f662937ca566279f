import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf } from "../../context";
import { listCohorts } from "./get-cohort";

/**
 * The migration dashboard's cohorts side by side (ADR 0419): each cohort's counts, and per day
 * over the last `days` its accounts imported, accounts matching in full at the day's newest
 * reconciliation, and meter points sent for registration, each cumulative. All from rows kept anyway.
 */
export async function getCohortDashboard(ctx: Ctx, input: { days?: number }) {
  const organisationId = organisationOf(ctx);
  const days = input.days ?? 30;
  const { items } = await listCohorts(ctx, {});
  const series = await execRows<{
    cohort_id: number;
    day: string;
    imported: number;
    reconciled: number;
    cut_over: number;
  }>(
    ctx.db,
    sql`with d as (select generate_series((now() at time zone 'Europe/London')::date - ${days - 1}::int, (now() at time zone 'Europe/London')::date, interval '1 day')::date as day),
        c as (select id from cohorts where organisation_id = ${organisationId})
        select c.id as cohort_id, d.day::text as day,
          (select count(*)::int from cohort_members m join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number
             where m.cohort_id = c.id and (a.created_at at time zone 'Europe/London')::date <= d.day) as imported,
          coalesce((select (x.summary->>'matchedAccounts')::int from cohort_reconciliations x
             where x.cohort_id = c.id and x.status = 'done' and (x.finished_at at time zone 'Europe/London')::date <= d.day order by x.id desc limit 1), 0) as reconciled,
          (select count(*)::int from cohort_cutover_items i where i.cohort_id = c.id and i.status = 'requested' and (i.processed_at at time zone 'Europe/London')::date <= d.day) as cut_over
        from c cross join d order by c.id, d.day`,
  );
  return {
    days,
    cohorts: items.map((c) => ({
      ...c,
      series: series
        .filter((s) => Number(s.cohort_id) === c.id)
        .map((s) => ({
          day: s.day,
          imported: Number(s.imported),
          reconciled: Number(s.reconciled),
          cutOver: Number(s.cut_over),
        })),
    })),
  };
}
