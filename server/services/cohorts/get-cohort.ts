import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { CohortMemberSource, CohortStatus } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { parseOrThrow } from "../../errors";
import { findSupplier } from "../suppliers/find-supplier";
import { findCohort } from "./find-cohort";
import { ACCEPTED_SQL } from "./results";
import { CohortIdInput, ListCohortsInput, ListMembersInput } from "./schemas";

/** Counts per cohort: members, imported, the newest finished run's mismatches (all, and those not accepted), meter points cut over. */
const COUNTS = sql.raw(`
  (select count(*)::int from cohort_members m where m.cohort_id = c.id) as members,
  (select count(*)::int from cohort_members m join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number where m.cohort_id = c.id) as imported,
  (select coalesce(x.summary, '{}'::jsonb) || jsonb_build_object('open', (select count(*)::int from cohort_reconciliation_results r
       where r.reconciliation_id = x.id and r.status = 'mismatch' and not ${ACCEPTED_SQL}))
     from cohort_reconciliations x where x.cohort_id = c.id and x.status = 'done' order by x.id desc limit 1) as last_run,
  (select count(*)::int from cohort_cutover_items i where i.cohort_id = c.id) as cutover_items,
  (select count(*)::int from cohort_cutover_items i where i.cohort_id = c.id and i.status = 'requested') as cutover_requested,
  (select count(*)::int from cohort_cutover_items i where i.cohort_id = c.id and i.status = 'refused') as cutover_refused,
  (select count(*)::int from cohort_cutover_items i join meter_point_registrations r on r.meter_point_id = i.meter_point_id and r.status = 'sent' where i.cohort_id = c.id) as registrations_sent,
  (select count(*)::int from cohort_cutover_items i join meter_point_registrations r on r.meter_point_id = i.meter_point_id and r.status = 'failed'
     and not exists (select 1 from meter_point_registrations l where l.meter_point_id = i.meter_point_id and l.status in ('requested', 'sent')) where i.cohort_id = c.id) as registrations_failed`);

type CountRow = {
  id: number;
  name: string;
  status: CohortStatus;
  planned_cutover_date: string | null;
  notes: string | null;
  supplier_code: string;
  created_at: Date;
  status_changed_at: Date;
  members: number;
  imported: number;
  last_run: { compared?: number; mismatches?: number; open: number } | null;
  cutover_items: number;
  cutover_requested: number;
  cutover_refused: number;
  registrations_sent: number;
  registrations_failed: number;
};

const shape = (r: CountRow) => ({
  id: Number(r.id),
  name: r.name,
  status: r.status,
  supplierCode: r.supplier_code,
  plannedCutoverDate: r.planned_cutover_date,
  notes: r.notes,
  createdAt: new Date(r.created_at),
  statusChangedAt: new Date(r.status_changed_at),
  members: Number(r.members),
  imported: Number(r.imported),
  compared: Number(r.last_run?.compared ?? 0),
  mismatches: r.last_run ? Number(r.last_run.mismatches ?? 0) : null,
  openMismatches: r.last_run ? Number(r.last_run.open) : null,
  cutover: {
    meterPoints: Number(r.cutover_items),
    requested: Number(r.cutover_requested),
    refused: Number(r.cutover_refused),
    registered: Number(r.registrations_sent),
    failed: Number(r.registrations_failed),
  },
});

/** A supplier's cohorts (or the organisation's), newest first, with their counts. */
export async function listCohorts(ctx: Ctx, raw: ListCohortsInput) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(ListCohortsInput, raw);
  const supplier = input.importSupplier ? await findSupplier(ctx.db, organisationId, input.importSupplier) : null;
  const rows = await execRows<CountRow>(
    ctx.db,
    sql`select c.id, c.name, c.status, c.planned_cutover_date::text, c.notes, s.code as supplier_code, c.created_at, c.status_changed_at, ${COUNTS}
        from cohorts c join import_suppliers s on s.id = c.supplier_id
        where c.organisation_id = ${organisationId} ${supplier ? sql`and c.supplier_id = ${supplier.id}` : sql``}
        order by c.id desc limit 200`,
  );
  return { items: rows.map(shape) };
}

/** One cohort with its counts, control file and sign-off. */
export async function getCohort(ctx: Ctx, raw: CohortIdInput) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  const cohort = await findCohort(ctx.db, organisationId, input.id);
  const [row] = await execRows<CountRow>(
    ctx.db,
    sql`select c.id, c.name, c.status, c.planned_cutover_date::text, c.notes, s.code as supplier_code, c.created_at, c.status_changed_at, ${COUNTS}
        from cohorts c join import_suppliers s on s.id = c.supplier_id where c.id = ${cohort.id}`,
  );
  const jobs = await execRows<{ id: number; status: string; file_name: string; total_rows: number; dry_run: boolean }>(
    ctx.db,
    sql`select id, status, file_name, total_rows, dry_run from import_jobs where cohort_id = ${cohort.id} order by id desc limit 20`,
  );
  return {
    ...shape(row),
    supplierStatus: cohort.supplierStatus,
    createdBy: cohort.createdBy,
    controlFile: cohort.controlUploadedAt
      ? {
          fileName: cohort.controlFileName!,
          rows: cohort.controlFileRows ?? 0,
          extraColumns: cohort.controlExtraColumns ?? [],
          uploadedBy: cohort.controlUploadedBy!,
          uploadedAt: cohort.controlUploadedAt,
        }
      : null,
    signOff: cohort.signedOffAt ? { by: cohort.signedOffBy!, at: cohort.signedOffAt } : null,
    cutoverStarted: cohort.cutoverStartedAt
      ? { by: cohort.cutoverStartedBy!, at: cohort.cutoverStartedAt, finishedAt: cohort.cutoverFinishedAt }
      : null,
    importJobs: jobs.map((j) => ({
      id: Number(j.id),
      status: j.status,
      fileName: j.file_name,
      totalRows: Number(j.total_rows),
      dryRun: Boolean(j.dry_run),
    })),
  };
}

/** Members by external number, with whether (and as what) each is imported; keyset-paged. */
export async function listMembers(ctx: Ctx, raw: ListMembersInput) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(ListMembersInput, raw);
  const cohort = await findCohort(ctx.db, organisationId, input.id);
  const rows = await execRows<{ external: string; source: CohortMemberSource; added_at: Date; number: string | null }>(
    ctx.db,
    sql`select m.external_account_number as external, m.source, m.added_at, a.number
        from cohort_members m left join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number
        where m.cohort_id = ${cohort.id} and m.external_account_number > ${input.after}
          ${input.state === "imported" ? sql`and a.id is not null` : input.state === "not_imported" ? sql`and a.id is null` : sql``}
        order by m.external_account_number limit ${input.limit + 1}`,
  );
  const items = rows.slice(0, input.limit).map((r) => ({
    externalAccountNumber: r.external,
    source: r.source,
    addedAt: new Date(r.added_at),
    accountNumber: r.number,
  }));
  return { items, nextCursor: rows.length > input.limit ? items[items.length - 1].externalAccountNumber : null };
}

/** Cut-over progress: items by state, registration outcomes, and the refused ones with why. */
export async function getCutover(ctx: Ctx, raw: CohortIdInput) {
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CohortIdInput, raw);
  const cohort = await findCohort(ctx.db, organisationId, input.id);
  const [c] = await execRows<Record<string, number>>(
    ctx.db,
    sql`select count(*)::int as total, count(*) filter (where i.status = 'pending')::int as pending,
               count(*) filter (where i.status = 'requested')::int as requested, count(*) filter (where i.status = 'refused')::int as refused,
               count(*) filter (where r.status = 'sent')::int as registered, count(*) filter (where r.status = 'failed')::int as failed,
               count(*) filter (where r.status = 'requested')::int as waiting
        from cohort_cutover_items i
        left join lateral (select status from meter_point_registrations r where r.meter_point_id = i.meter_point_id order by r.id desc limit 1) r on true
        where i.cohort_id = ${cohort.id}`,
  );
  const problems = await execRows<{
    mpxn: string;
    number: string;
    external: string;
    item: string;
    detail: string | null;
    registration: string | null;
    error: string | null;
  }>(
    ctx.db,
    sql`select i.mpxn, a.number, a.external_account_number as external, i.status as item, i.detail, r.status as registration, r.error_detail as error
        from cohort_cutover_items i join accounts a on a.id = i.account_id
        left join lateral (select status, error_detail from meter_point_registrations r where r.meter_point_id = i.meter_point_id order by r.id desc limit 1) r on true
        where i.cohort_id = ${cohort.id} and (i.status = 'refused' or r.status = 'failed')
        order by a.external_account_number, i.mpxn limit 200`,
  );
  const n = (k: string) => Number(c?.[k] ?? 0);
  return {
    status: cohort.status,
    supplierStatus: cohort.supplierStatus,
    waitingForSupplier: cohort.status === "cutting_over" && cohort.supplierStatus === "Paused",
    counts: {
      total: n("total"),
      pending: n("pending"),
      requested: n("requested"),
      refused: n("refused"),
      registered: n("registered"),
      failed: n("failed"),
      waiting: n("waiting"),
    },
    problems: problems.map((p) => ({
      mpxn: p.mpxn,
      accountNumber: p.number,
      externalAccountNumber: p.external,
      stage: p.item === "refused" ? ("refused" as const) : ("failed" as const),
      detail: p.item === "refused" ? (p.detail ?? "") : (p.error ?? ""),
    })),
  };
}
