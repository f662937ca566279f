import { sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";
import { supplierCounts } from "../suppliers/supplier-counts";
import { SupplierCode } from "../suppliers/schemas";

export const MigrationDashboardInput = z.strictObject({
  importSupplier: SupplierCode.optional(),
  minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
});
export type MigrationDashboardInput = z.input<typeof MigrationDashboardInput>;

export type Funnel = {
  received: number;
  staged: number;
  imported: number;
  registrationSent: number;
  registered: number;
  failedStaging: number;
  failedImport: number;
  failedRegistration: number;
};

const emptyFunnel = (): Funnel => ({
  received: 0,
  staged: 0,
  imported: 0,
  registrationSent: 0,
  registered: 0,
  failedStaging: 0,
  failedImport: 0,
  failedRegistration: 0,
});
/** The pace the ETA is taken from: rows handled over the last few minutes. */
const ETA_WINDOW_MINUTES = 5;

/**
 * The migration at a glance (ADR 0406), per supplier and for the organisation: the funnel
 * received → staged → imported → registration sent → registered with what failed at each
 * step, rows handled per minute, and an ETA for the rows import jobs still hold.
 */
export async function getMigrationDashboard(ctx: Ctx, raw: MigrationDashboardInput) {
  const organisationId = organisationOf(ctx);
  const input = MigrationDashboardInput.parse(raw);
  const supplier = input.importSupplier ? await findSupplier(ctx.db, organisationId, input.importSupplier) : null;
  const only = supplier ? sql`and s.id = ${supplier.id}` : sql``;
  const [suppliers, counts, registrations, series, pace] = await Promise.all([
    execRows<{ id: number; code: string; name: string; status: string }>(
      ctx.db,
      sql`select id, code, name, status from import_suppliers s where s.organisation_id = ${organisationId} ${only} order by code`,
    ),
    supplierCounts(ctx.db, organisationId, supplier?.id),
    execRows<{ supplier_id: number; sent: number; registered: number; failed: number }>(
      ctx.db,
      sql`select a.supplier_id, count(distinct r.account_id)::int as sent,
                 count(distinct r.account_id) filter (where r.status = 'sent')::int as registered,
                 count(distinct r.account_id) filter (where r.status = 'failed')::int as failed
          from meter_point_registrations r join accounts a on a.id = r.account_id join import_suppliers s on s.id = a.supplier_id
          where s.organisation_id = ${organisationId} ${only} group by a.supplier_id`,
    ),
    execRows<{ minute: Date; imported: number; failed: number }>(
      ctx.db,
      sql`with minutes as (
            select generate_series(date_trunc('minute', now()) - make_interval(mins => ${input.minutes - 1}), date_trunc('minute', now()), interval '1 minute') as minute),
          imported as (
            select date_trunc('minute', p.imported_at) as minute, count(*)::int as n from account_import_processes p join import_suppliers s on s.id = p.supplier_id
            where s.organisation_id = ${organisationId} ${only} and p.imported_at >= now() - make_interval(mins => ${input.minutes}) group by 1),
          failed as (
            select date_trunc('minute', r.processed_at) as minute, count(*)::int as n from import_job_rows r join import_jobs j on j.id = r.job_id join import_suppliers s on s.id = j.supplier_id
            where j.organisation_id = ${organisationId} ${only} and not j.dry_run and r.status = 'failed' and r.processed_at >= now() - make_interval(mins => ${input.minutes}) group by 1)
          select m.minute, coalesce(i.n, 0) as imported, coalesce(f.n, 0) as failed
          from minutes m left join imported i on i.minute = m.minute left join failed f on f.minute = m.minute order by m.minute`,
    ),
    execRows<{ handled: number; remaining: number }>(
      ctx.db,
      sql`select
            (select count(*)::int from import_job_rows r join import_jobs j on j.id = r.job_id join import_suppliers s on s.id = j.supplier_id
             where j.organisation_id = ${organisationId} ${only} and not j.dry_run and r.processed_at > now() - make_interval(mins => ${ETA_WINDOW_MINUTES})
               and r.status in ('imported', 'failed')) as handled,
            (select count(*)::int from import_job_rows r join import_jobs j on j.id = r.job_id join import_suppliers s on s.id = j.supplier_id
             where j.organisation_id = ${organisationId} ${only} and not j.dry_run and j.status = 'running' and r.status = 'pending') as remaining`,
    ),
  ]);
  const bySupplier = new Map<number, Funnel>(suppliers.map((s) => [Number(s.id), emptyFunnel()]));
  const add = (id: number, f: (x: Funnel) => void) => {
    const x = bySupplier.get(Number(id));
    if (x) f(x);
  };
  // The same counts as the suppliers' pages (supplier-counts.ts). Staged in the funnel is every
  // import process (staged, imported or failed): each was staged once.
  for (const [id, c] of counts) {
    add(id, (x) =>
      Object.assign(x, {
        staged: c.staged + c.imported + c.failedImport,
        imported: c.imported,
        failedImport: c.failedImport,
        failedStaging: c.failedStaging,
        received: c.waiting + c.failedStaging,
      }),
    );
  }
  for (const r of registrations)
    add(
      r.supplier_id,
      (x) => (
        (x.registrationSent = Number(r.sent)),
        (x.registered = Number(r.registered)),
        (x.failedRegistration = Number(r.failed))
      ),
    );
  for (const x of bySupplier.values()) x.received += x.staged;
  const total = emptyFunnel();
  for (const x of bySupplier.values()) for (const k of Object.keys(total) as (keyof Funnel)[]) total[k] += x[k];
  const handled = Number(pace[0]?.handled ?? 0);
  const remaining = Number(pace[0]?.remaining ?? 0);
  const perSecond = handled / (ETA_WINDOW_MINUTES * 60);
  return {
    importSupplier: supplier?.code ?? null,
    total,
    suppliers: suppliers.map((s) => ({
      code: s.code,
      name: s.name,
      status: s.status,
      funnel: bySupplier.get(Number(s.id))!,
    })),
    series: series.map((m) => ({ minute: new Date(m.minute), imported: Number(m.imported), failed: Number(m.failed) })),
    /** Accounts per second handled by import jobs over the last five minutes. */
    rate: Math.round(perSecond * 10) / 10,
    remaining,
    etaSeconds: remaining > 0 && perSecond > 0 ? Math.ceil(remaining / perSecond) : null,
  };
}
