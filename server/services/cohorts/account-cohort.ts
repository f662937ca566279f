import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { CohortStatus } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import type { CheckName } from "./results";

/** The account page's view (support): the account's cohort and its results in the cohort's newest finished reconciliation. */
export async function getAccountCohort(ctx: Ctx, accountNumber: string) {
  const organisationId = organisationOf(ctx);
  const [c] = await execRows<{
    id: number;
    name: string;
    status: CohortStatus;
    external: string;
    run_id: number | null;
    finished_at: Date | null;
  }>(
    ctx.db,
    sql`select c.id, c.name, c.status, a.external_account_number as external,
               (select x.id from cohort_reconciliations x where x.cohort_id = c.id and x.status = 'done' order by x.id desc limit 1) as run_id,
               (select x.finished_at from cohort_reconciliations x where x.cohort_id = c.id and x.status = 'done' order by x.id desc limit 1) as finished_at
        from accounts a join import_suppliers s on s.id = a.supplier_id
        join cohort_members m on m.supplier_id = a.supplier_id and m.external_account_number = a.external_account_number
        join cohorts c on c.id = m.cohort_id
        where a.number = ${accountNumber} and s.organisation_id = ${organisationId}`,
  );
  if (!c) return null;
  const results = c.run_id
    ? await execRows<{
        chk: CheckName;
        status: string;
        source_value: string | null;
        platform_value: string | null;
        reason: string | null;
        accepted_by: string | null;
      }>(
        ctx.db,
        sql`select r."check" as chk, r.status, r.source_value, r.platform_value, a.reason, a.accepted_by
            from cohort_reconciliation_results r
            left join cohort_mismatch_acceptances a on a.cohort_id = ${c.id} and a.external_account_number = r.external_account_number and a."check" = r."check"
              and a.source_value is not distinct from r.source_value and a.platform_value is not distinct from r.platform_value
            where r.reconciliation_id = ${c.run_id} and r.external_account_number = ${c.external} order by r."check"`,
      )
    : [];
  return {
    cohort: { id: Number(c.id), name: c.name, status: c.status },
    reconciledAt: c.finished_at ? new Date(c.finished_at) : null,
    results: results.map((r) => ({
      check: r.chk,
      status: r.status as "match" | "mismatch",
      sourceValue: r.source_value,
      platformValue: r.platform_value,
      acceptance: r.reason ? { reason: r.reason, acceptedBy: r.accepted_by! } : null,
    })),
  };
}
