// `npm run bench:reconcile`: a cohort's reconciliation (ADR 0417) at 100,000 accounts, beside a
// plain SQL aggregate of the same figures measured in the same run.
//
//   Needs DATABASE_URL (a PostgreSQL server): the bench creates a throwaway database on it
//   (km_bench_reconcile_<run>), migrates it, builds the accounts with set-based SQL (each with an
//   electricity and a gas meter point, their meters and last readings, three transactions, two
//   historical statements and an active payment instruction), puts them in one cohort, uploads a
//   control file of them through the upload verb (1% of rows wrong in each check), and drops the
//   database after (BENCH_KEEP=1 keeps it). BENCH_ACCOUNTS=100000, BENCH_ROUNDS=3, BENCH_WRITE=1 records BENCHMARKS.md.
// The reconciliation is the worker's verb (runReconciliation: every figure, every result row
// written, one transaction); the baseline computes the same per-account figures and only sums
// them (no text built, nothing written). Target: the reconciliation under 2 minutes.
import os from "node:os";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { type Db, execRows, openDatabase } from "@/db/client";
import { cohortReconciliations } from "@/db/schema";
import { type Ctx, systemCtx } from "@/server/context";
import { createCohort } from "@/server/services/cohorts/create-cohort";
import { runReconciliation } from "@/server/services/cohorts/reconcile";
import { summaryOf } from "@/server/services/cohorts/results";
import { uploadControlFile } from "@/server/services/cohorts/upload-control-file";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { writeBenchmarkSection } from "./lib/benchmarks-md";
import { machineLine } from "./lib/machine";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const N = benchEnv.BENCH_ACCOUNTS ?? 100_000;
const ROUNDS = benchEnv.BENCH_ROUNDS ?? 3;
const TARGET_S = 120;
const RUN = Date.now().toString(36);

/** N imported accounts with everything the reconciliation reads, by set-based SQL. */
async function build(db: Db, supplierId: number) {
  await db.execute(sql`
    insert into accounts (number, supplier_id, external_account_number, transfer_balance, open_statement_period_start)
    select 'A-' || upper(lpad(to_hex(268435456 + i), 8, '0')), ${supplierId}, 'REC-' || i, ((i % 5000) - 2500)::numeric / 100, '2026-11-01'
    from generate_series(1, ${N}) as i`);
  await db.execute(sql`
    insert into supply_addresses (account_id, address_line1, postcode) select id, '1 Bench Road', 'LS1 1AA' from accounts where supplier_id = ${supplierId}`);
  await db.execute(sql`
    insert into meter_points (account_id, supply_address_id, fuel, mpxn, meters)
    select a.id, s.id, f.fuel, case when f.fuel = 'electricity' then lpad((1000000000000 + a.id)::text, 13, '0') else lpad((7000000000 + a.id)::text, 10, '0') end,
           jsonb_build_array(jsonb_build_object('serial_number', upper(left(f.fuel, 1)) || a.id, 'registers', '[]'::jsonb))
    from accounts a join supply_addresses s on s.account_id = a.id cross join (values ('electricity'), ('gas')) f(fuel) where a.supplier_id = ${supplierId}`);
  await db.execute(sql`
    insert into meter_readings (meter_point_id, meter_serial_number, register_id, reading_date, reading_value, reading_type, source)
    select p.id, p.meters->0->>'serial_number', case when p.fuel = 'electricity' then '1' else '' end, d.day, (p.id % 90000) + d.k * 100, 'CUSTOMER', 'history'
    from meter_points p join accounts a on a.id = p.account_id cross join (values (date '2026-07-31', 0), (date '2026-10-31', 1)) d(day, k) where a.supplier_id = ${supplierId}`);
  await db.execute(sql`
    insert into transactions (account_id, transaction_id, type, reason, amount, transaction_date, original_transaction_date, statement_period_start)
    select a.id, 'T' || k, (array['CHARGE', 'PAYMENT', 'CREDIT'])[k], 'IMPORTED_CHARGE', round(((a.id * k) % 9000)::numeric / 100, 2), '2026-11-05', '2026-11-05', '2026-11-01'
    from accounts a cross join generate_series(1, 3) k where a.supplier_id = ${supplierId}`);
  await db.execute(sql`
    insert into historical_statements (account_id, statement_id, bill_period_from_date, bill_period_to_date, gross_amount_pence)
    select a.id, 'S' || k, date '2026-01-01' + (k * 31), date '2026-01-01' + (k * 31) + 30, 4000 + k from accounts a cross join generate_series(1, 2) k where a.supplier_id = ${supplierId}`);
  await db.execute(sql`
    insert into payment_instructions (account_id, vendor, type, reference, vendor_status, vendor_details, verified_at)
    select a.id, 'BOTTOMLINE_PTX', 'DIRECT_DEBIT', 'DD-' || a.id, 'active', '{}', now() from accounts a where a.supplier_id = ${supplierId}`);
  await db.execute(
    sql`analyze accounts; analyze meter_points; analyze meter_readings; analyze transactions; analyze historical_statements; analyze payment_instructions`,
  );
}

/** The control file as the source system would send it: the platform's own figures, with 1% of rows wrong in each check. */
async function controlCsv(db: Db, supplierId: number) {
  const rows = await execRows<{ line: string }>(
    db,
    sql`select concat_ws(',', a.external_account_number,
          (round(100 * (coalesce(a.transfer_balance, 0) + t.s)) + case when a.id % 100 = 1 then 1 else 0 end)::bigint,
          e.mpxn || '=' || (e.meters->0->>'serial_number') || case when a.id % 100 = 2 then 'X' else '' end,
          case when a.id % 100 = 3 then '' else g.mpxn || '=' || (g.meters->0->>'serial_number') end,
          case when a.id % 100 = 4 then 'DD-WRONG' else 'DD-' || a.id end,
          case when a.id % 100 = 5 then 3 else 2 end,
          (e.meters->0->>'serial_number') || '/1=' || ((e.id % 90000) + 100 + case when a.id % 100 = 6 then 1 else 0 end) || '@2026-10-31;' || (g.meters->0->>'serial_number') || '=' || ((g.id % 90000) + 100) || '@2026-10-31') as line
        from accounts a
        join meter_points e on e.account_id = a.id and e.fuel = 'electricity' join meter_points g on g.account_id = a.id and g.fuel = 'gas'
        join lateral (select sum(case when type in ('CREDIT', 'PAYMENT') then amount else -amount end) as s from transactions where account_id = a.id) t on true
        where a.supplier_id = ${supplierId} order by a.id`,
  );
  return `external_account_number,closing_balance_pence,mpans,mprns,payment_reference,statement_count,last_readings\n${rows.map((r) => r.line).join("\n")}\n`;
}

/** The file as an upload's body arrives: in 64 KiB chunks (papaparse is quadratic on one huge chunk, which no HTTP body is). */
function bodyOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + 65_536));
      at += 65_536;
    },
  });
}

/** The baseline: the same per-account figures, summed; no result text, nothing written. */
async function baseline(db: Db, cohortId: number) {
  await db.execute(sql`
    with ids as materialized (select a.id from cohort_members m join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number where m.cohort_id = ${cohortId})
    select (select sum(s) from (select sum(case when type in ('CREDIT', 'PAYMENT') then amount else -amount end) as s from transactions where account_id in (select id from ids) group by account_id) b),
           (select count(*) from meter_points where account_id in (select id from ids)),
           (select count(*) from meter_points p cross join jsonb_array_elements(p.meters) x where p.account_id in (select id from ids)),
           (select count(*) from payment_instructions where status = 'active' and account_id in (select id from ids)),
           (select count(*) from historical_statements where account_id in (select id from ids)),
           (select count(*) from (select distinct on (r.meter_point_id, r.meter_serial_number, r.register_id) r.reading_value from meter_readings r join meter_points p on p.id = r.meter_point_id
              where p.account_id in (select id from ids) order by r.meter_point_id, r.meter_serial_number, r.register_id, r.reading_date desc, r.id desc) l),
           (select count(*) from cohort_control_rows where cohort_id = ${cohortId})`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const server = env.DATABASE_URL;
  if (!server)
    throw new Error("bench:reconcile needs DATABASE_URL (a PostgreSQL server): it creates and drops a database there.");
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  const name = `km_bench_reconcile_${RUN}`;
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  try {
    await admin.unsafe(`create database ${name}`);
    const handle = await openDatabase({ url });
    const db = handle.db;
    const loadBefore = load();
    const { organisation } = await createOrganisation(systemCtx(db, "bench-reconcile"), { name: "Reconcile bench" });
    const ctx: Ctx = systemCtx(db, "bench-reconcile", organisation.id);
    const supplier = await createSupplier(ctx, {
      code: "RECONCILE-BENCH",
      documentRoot: `s3://bench-reconcile/${RUN}`,
    });
    let t = performance.now();
    await build(db, supplier.id);
    const buildS = (performance.now() - t) / 1000;
    const cohort = await createCohort(ctx, { importSupplier: supplier.code, name: "Bench cohort" });
    await db.execute(
      sql`insert into cohort_members (supplier_id, external_account_number, cohort_id, source, added_by) select ${supplier.id}, external_account_number, ${cohort.id}, 'list', 'bench' from accounts where supplier_id = ${supplier.id}`,
    );
    const csv = await controlCsv(db, supplier.id);
    t = performance.now();
    await uploadControlFile(ctx, { id: cohort.id, format: "csv", fileName: "bench-control.csv" }, bodyOf(csv));
    const uploadS = (performance.now() - t) / 1000;
    await db.execute(sql`analyze cohort_members; analyze cohort_control_rows`);
    const recon: number[] = [];
    const base: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      t = performance.now();
      await baseline(db, cohort.id);
      base.push((performance.now() - t) / 1000);
      const [run] = await db
        .insert(cohortReconciliations)
        .values({ cohortId: cohort.id, requestedBy: "bench" })
        .returning({ id: cohortReconciliations.id });
      t = performance.now();
      await runReconciliation(db, run.id);
      recon.push((performance.now() - t) / 1000);
      console.log(
        `round ${round + 1}: reconciliation ${recon[round].toFixed(1)} s, baseline ${base[round].toFixed(1)} s`,
      );
    }
    const s = (await summaryOf(db, cohort.id)).reconciliation!;
    const expected = Math.floor(N / 100);
    const mismatches = s.checks.map((c) => `${c.check} ${c.mismatches.toLocaleString("en-GB")}`).join(", ");
    await handle.close();
    const ok = median(recon) < TARGET_S && s.compared === N;
    const body = [
      `\`npm run bench:reconcile\` (bench/reconcile.ts): one cohort of ${N.toLocaleString("en-GB")} accounts (each: electricity and gas meter points with a meter and two readings each, three transactions, two statements, an active direct debit), its control file uploaded through the upload verb with 1% of rows wrong in each check; then ${ROUNDS} rounds of the worker's reconciliation (runReconciliation: every figure, ${(s.compared * 6).toLocaleString("en-GB")} result rows written, one transaction) beside a plain SQL aggregate of the same figures (summed, nothing written), in the same run on PostgreSQL. Target: under ${TARGET_S} s.`,
      "",
      "| step | median s | rounds |",
      "|---|---|---|",
      `| reconciliation (job's verb) | ${median(recon).toFixed(1)} | ${recon.map((x) => x.toFixed(1)).join(", ")} |`,
      `| plain SQL aggregate of the same figures | ${median(base).toFixed(1)} | ${base.map((x) => x.toFixed(1)).join(", ")} |`,
      `| control file upload (parse, check, store ${N.toLocaleString("en-GB")} rows) | ${uploadS.toFixed(1)} | 1 |`,
      "",
      `Reconciliation / baseline: ${(median(recon) / median(base)).toFixed(1)} ×. Found: ${s.compared.toLocaleString("en-GB")} compared, ${s.reconciled.toLocaleString("en-GB")} reconciled, mismatches ${mismatches} (expected about ${expected.toLocaleString("en-GB")} per check, meters twice: a wrong serial and a missing gas point). Build ${buildS.toFixed(0)} s.`,
      "",
      `${ok ? "Within" : "NOT within"} target. ${machineLine([`load average ${loadBefore} before, ${load()} after`])}; the machine was shared with other work.`,
    ].join("\n");
    console.log(body);
    if (benchEnv.BENCH_WRITE === "1") writeBenchmarkSection("Cohort reconciliation", body);
    if (!ok) process.exitCode = 1;
  } finally {
    if (!benchEnv.BENCH_KEEP) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
