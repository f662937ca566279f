import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { RECONCILIATION_CHECKS } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { parseOrThrow } from "../../errors";
import { findCohort } from "./find-cohort";
import { latestDoneReconciliation, latestReconciliation } from "./reconcile";
import { CohortIdInput, ListResultsInput } from "./schemas";

export const CHECKS = ["presence", ...RECONCILIATION_CHECKS] as const;
export type CheckName = (typeof CHECKS)[number];

/** A result is accepted while an acceptance for it holds the same two values (ADR 0417). */
export const ACCEPTED_SQL = `exists (select 1 from cohort_mismatch_acceptances a where a.cohort_id = x.cohort_id and a.external_account_number = r.external_account_number
  and a."check" = r."check" and a.source_value is not distinct from r.source_value and a.platform_value is not distinct from r.platform_value)`;
const ACCEPTED = sql.raw(ACCEPTED_SQL);

export type CohortSummary = Awaited<ReturnType<typeof summaryOf>>;

/** The cohort's figures from its newest finished run, with acceptances as they stand now. */
export async function summaryOf(db: Db, cohortId: number) {
  const run = await latestDoneReconciliation(db, cohortId);
  const [m] = await execRows<{ members: number; imported: number; control_rows: number }>(
    db,
    sql`select (select count(*)::int from cohort_members where cohort_id = ${cohortId}) as members,
               (select count(*)::int from cohort_members m join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number where m.cohort_id = ${cohortId}) as imported,
               (select count(*)::int from cohort_control_rows where cohort_id = ${cohortId}) as control_rows`,
  );
  const base = { members: Number(m.members), imported: Number(m.imported), controlRows: Number(m.control_rows) };
  if (!run) return { ...base, reconciliation: null };
  const byCheck = await execRows<{ chk: string; mismatches: number; accepted: number }>(
    db,
    sql`select r."check" as chk, count(*)::int as mismatches, count(*) filter (where ${ACCEPTED})::int as accepted
        from cohort_reconciliation_results r join cohort_reconciliations x on x.id = r.reconciliation_id
        where r.reconciliation_id = ${run.id} and r.status = 'mismatch' group by 1`,
  );
  const [t] = await execRows<Record<string, string | number | null>>(
    db,
    sql`select count(distinct r.external_account_number) filter (where r."check" <> 'presence')::int as compared,
               count(distinct r.external_account_number) filter (where r."check" <> 'presence' and r.status = 'mismatch' and not ${ACCEPTED})::int as with_open,
               count(*) filter (where r."check" = 'presence' and r.source_value = 'in control file')::int as not_imported,
               count(*) filter (where r."check" = 'presence' and r.source_value = 'not in control file')::int as not_in_control,
               coalesce(sum(r.source_value::bigint) filter (where r."check" = 'balance'), 0)::text as source_pence,
               coalesce(sum(r.platform_value::bigint) filter (where r."check" = 'balance'), 0)::text as platform_pence,
               count(*) filter (where r."check" = 'balance')::int as balances
        from cohort_reconciliation_results r join cohort_reconciliations x on x.id = r.reconciliation_id
        where r.reconciliation_id = ${run.id}`,
  );
  const checks = CHECKS.map((check) => {
    const row = byCheck.find((b) => b.chk === check);
    const mismatches = Number(row?.mismatches ?? 0),
      accepted = Number(row?.accepted ?? 0);
    return { check, mismatches, accepted, open: mismatches - accepted };
  });
  const compared = Number(t.compared);
  return {
    ...base,
    reconciliation: {
      id: run.id,
      requestedBy: run.requestedBy,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      compared,
      reconciled: compared - Number(t.with_open),
      checks,
      open: checks.reduce((n, c) => n + c.open, 0),
      mismatches: checks.reduce((n, c) => n + c.mismatches, 0),
      notImported: Number(t.not_imported),
      notInControlFile: Number(t.not_in_control),
      balances: Number(t.balances),
      sourceBalancePence: String(t.source_pence),
      platformBalancePence: String(t.platform_pence),
    },
  };
}

/** The summary the cohort page and the printable sign-off page show. */
export async function getReconciliation(ctx: Ctx, raw: CohortIdInput) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  const cohort = await findCohort(ctx.db, organisationId, input.id);
  const [summary, latest] = await Promise.all([summaryOf(ctx.db, cohort.id), latestReconciliation(ctx.db, cohort.id)]);
  const stale = Boolean(summary.reconciliation?.startedAt && summary.reconciliation.startedAt < cohort.inputsChangedAt);
  return {
    ...summary,
    latestRun: latest
      ? {
          id: latest.id,
          status: latest.status,
          requestedAt: latest.requestedAt,
          startedAt: latest.startedAt,
          finishedAt: latest.finishedAt,
          error: latest.error,
        }
      : null,
    /** The members or control file changed after the shown run started: run it again before sign-off. */
    stale,
  };
}

type ResultRow = {
  external: string;
  chk: CheckName;
  status: string;
  account_number: string | null;
  source_value: string | null;
  platform_value: string | null;
  accepted: boolean;
  reason: string | null;
  accepted_by: string | null;
  accepted_at: Date | null;
};

function resultsQuery(runId: number, input: ListResultsInput & { state: string }, limit: number | null) {
  const state =
    input.state === "match"
      ? sql`r.status = 'match'`
      : input.state === "accepted"
        ? sql`r.status = 'mismatch' and ${ACCEPTED}`
        : input.state === "open"
          ? sql`r.status = 'mismatch' and not ${ACCEPTED}`
          : sql`r.status = 'mismatch'`;
  const [afterExt, afterCheck] = (input.after ?? "").split("\u0000");
  return sql`select r.external_account_number as external, r."check" as chk, r.status, r.account_number, r.source_value, r.platform_value, ${ACCEPTED} as accepted,
                    a.reason, a.accepted_by, a.accepted_at
             from cohort_reconciliation_results r join cohort_reconciliations x on x.id = r.reconciliation_id
             left join cohort_mismatch_acceptances a on a.cohort_id = x.cohort_id and a.external_account_number = r.external_account_number and a."check" = r."check"
               and a.source_value is not distinct from r.source_value and a.platform_value is not distinct from r.platform_value
             where r.reconciliation_id = ${runId} and ${state}
               ${input.check ? sql`and r."check" = ${input.check}` : sql``}
               ${input.q ? sql`and (lower(r.external_account_number) like ${`${input.q.toLowerCase()}%`} or r.account_number = ${input.q.toUpperCase()})` : sql``}
               ${input.after ? sql`and (r.external_account_number, r."check") > (${afterExt}, ${afterCheck ?? ""})` : sql``}
             order by r.external_account_number, r."check"
             ${limit ? sql`limit ${limit}` : sql``}`;
}

const shape = (r: ResultRow) => ({
  externalAccountNumber: r.external,
  check: r.chk,
  status: r.status as "match" | "mismatch",
  accountNumber: r.account_number,
  sourceValue: r.source_value,
  platformValue: r.platform_value,
  accepted: Boolean(r.accepted),
  acceptance:
    r.accepted && r.reason
      ? { reason: r.reason, acceptedBy: r.accepted_by!, acceptedAt: new Date(r.accepted_at!) }
      : null,
});

/** Results of the newest finished run, filtered by check and state, keyset-paged by (account, check). */
export async function listResults(ctx: Ctx, raw: ListResultsInput) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(ListResultsInput, raw);
  const cohort = await findCohort(ctx.db, organisationId, input.id);
  const run = await latestDoneReconciliation(ctx.db, cohort.id);
  if (!run) return { items: [], nextCursor: null };
  const rows = await execRows<ResultRow>(ctx.db, resultsQuery(run.id, input, input.limit + 1));
  const items = rows.slice(0, input.limit).map(shape);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > input.limit && last ? `${last.externalAccountNumber}\u0000${last.check}` : null,
  };
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v);
  // A leading =, +, - or @ is text, not a spreadsheet formula.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+$/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every mismatch of the newest finished run (open and accepted) as CSV, for the migration team's records. */
export async function exportMismatchesCsv(ctx: Ctx, raw: CohortIdInput & { check?: string }) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, { id: raw.id });
  const check = raw.check ? parseOrThrow(ListResultsInput.shape.check, raw.check) : undefined;
  const cohort = await findCohort(ctx.db, organisationId, input.id);
  const run = await latestDoneReconciliation(ctx.db, cohort.id);
  const header = [
    "external_account_number",
    "account_number",
    "check",
    "source_value",
    "platform_value",
    "state",
    "accepted_by",
    "accepted_at",
    "reason",
  ].join(",");
  if (!run) return { fileName: `cohort-${cohort.id}-mismatches.csv`, text: `${header}\n` };
  const rows = await execRows<ResultRow>(
    ctx.db,
    resultsQuery(run.id, { id: cohort.id, state: "all_mismatches", check, after: "", limit: 1 }, null),
  );
  const lines = rows
    .map(shape)
    .map((r) =>
      [
        r.externalAccountNumber,
        r.accountNumber,
        r.check,
        r.sourceValue,
        r.platformValue,
        r.accepted ? "accepted" : "open",
        r.acceptance?.acceptedBy,
        r.acceptance?.acceptedAt,
        r.acceptance?.reason,
      ]
        .map(csvCell)
        .join(","),
    );
  return {
    fileName: `cohort-${cohort.id}-mismatches.csv`,
    text: `${header}\n${lines.join("\n")}${lines.length ? "\n" : ""}`,
  };
}
