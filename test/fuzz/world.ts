import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type fc from "fast-check";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Db, execRows } from "@/db/client";
import { FieldError } from "@/server/errors";
import { londonToday, addDays } from "@/server/lib/time";
import { importedAccount } from "@/test/factories";
import { uniq } from "@/test/db";
import { accountPayload, makeCohort, makeReconciledCohort, makeSupplier, makeUser } from "@/test/factories";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { intervalCsv, loadCsv, makeMeterAccount } from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { env } from "@/server/env.mjs";
import { testEnv } from "@/test/env.mjs";

/** Runs per route or procedure: small in `npm test`, nightly-sized with FUZZ_RUNS=100000. */
export const FUZZ_RUNS = testEnv.FUZZ_RUNS;
export const fuzzParams = (seedOffset: number): fc.Parameters<unknown> => ({
  numRuns: FUZZ_RUNS,
  ...(testEnv.FUZZ_SEED !== undefined ? { seed: testEnv.FUZZ_SEED + seedOffset } : {}),
  endOnFailure: true,
});

/** One organisation with a supplier whose document root holds a PDF, an imported and a staged account, and console users. */
export async function fuzzWorld(db: Db) {
  const base = await importedAccount(db);
  const { org, supplier, account, auth, ref, docDir } = base;
  mkdirSync(path.join(docDir, "probe"), { recursive: true });
  writeFileSync(path.join(docDir, "probe", "ok.pdf"), "%PDF-1.4 fuzz");
  const staged = StageAccountInput.parse(accountPayload(supplier.code, uniq("STAGED")));
  await stageAccount(org.ctx, staged);
  const paused = await makeSupplier(org, { status: "Paused" });
  const [operator, support] = await Promise.all([makeUser(org, "operator"), makeUser(org, "support")]);
  // A meter point with a day of half-hourly reads on each fuel (the consumption routes), and a
  // finished import job with one failed row (line 2, invalid_postcode) for the console's job routes.
  const meter = await makeMeterAccount(org);
  await loadCsv(
    org,
    intervalCsv(meter.mpan, meter.elecSerial, "2026-11-01T00:00:00Z", 48, (i) => `0.${(i % 9) + 1}`),
  );
  await loadCsv(
    org,
    intervalCsv(meter.mprn, meter.gasSerial, "2026-11-01T00:00:00Z", 48, (i) => `1.${i % 10}`),
  );
  const failing = accountPayload(supplier.code, uniq("BAD"), { billing_postcode: "XX" });
  const job = await uploadImportJob(
    org.ctx,
    { importSupplier: supplier.code, format: "jsonl", fileName: "fuzz.jsonl" },
    bodyOf(jsonl([accountPayload(supplier.code), failing])),
  );
  await drainLanes(db);
  // A cohort reconciled with one open mismatch (the account's balance), and one still in planning with the staged account.
  const cohort = await makeReconciledCohort(db, org, supplier.code, [account], {
    name: "Fuzz reconciled",
    balanceMismatch: true,
  });
  const planned = await makeCohort(org, supplier.code, {
    name: "Fuzz planned",
    members: [{ externalAccountNumber: staged.external_account_number! }],
  });
  return {
    org,
    supplier,
    paused,
    account,
    staged,
    auth,
    ref,
    docDir,
    operator,
    support,
    meter,
    job,
    failing,
    cohort,
    planned,
    today: londonToday(),
    yesterday: addDays(londonToday(), -1),
  };
}
export type FuzzWorld = Awaited<ReturnType<typeof fuzzWorld>>;

const SKIPPED_TABLES = new Set([
  "__drizzle_migrations",
  "auth_rate_limits",
  "settings",
  "event_relay_state",
  "product_catalogue_state",
]);
/**
 * What process/ records on purpose when it keeps nothing else: a refusal's error event (and the
 * import marked failed), a dry run's outcome (production's 400 for a dry run that would succeed).
 */
const REFUSAL_EVENTS = [
  "data_import.import_process.error",
  "data_import.import_process.dry_run_error",
  "data_import.import_process.dry_run_complete",
];

/**
 * What the organisation has stored, as comparable text: row counts of every table (found in the
 * database, so a new table is counted too), scoped to the organisation through organisation_id,
 * supplier_id, account_id or meter_point_id (or a parent's, for the tables in VIA); global tables
 * only on a private database. Plus the
 * values the console's writes change in place (supplier settings, API keys, staged payloads).
 */
export async function storageProbe(db: Db, organisationId: number): Promise<() => Promise<string>> {
  const cols = await execRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
  );
  const tables = new Map<string, Set<string>>();
  for (const c of cols)
    if (!SKIPPED_TABLES.has(c.table_name))
      tables.set(c.table_name, (tables.get(c.table_name) ?? new Set()).add(c.column_name));
  const org = String(organisationId);
  const accountsOfOrg = `select a.id from accounts a join import_suppliers s on s.id = a.supplier_id where s.organisation_id = ${org}`;
  const parts: string[] = [];
  const shared = Boolean(env.DATABASE_URL);
  // Tables that reach the organisation through a parent other than the four columns below.
  const VIA: Record<string, string> = {
    console_sessions: `user_id in (select id from console_users where organisation_id = ${org})`,
    consumption_intervals: `meter_id in (select id from consumption_meters where organisation_id = ${org})`,
    consumption_days: `meter_id in (select id from consumption_meters where organisation_id = ${org})`,
    import_job_rows: `job_id in (select id from import_jobs where organisation_id = ${org})`,
    cohort_control_rows: `cohort_id in (select id from cohorts where organisation_id = ${org})`,
    cohort_mismatch_acceptances: `cohort_id in (select id from cohorts where organisation_id = ${org})`,
    cohort_reconciliations: `cohort_id in (select id from cohorts where organisation_id = ${org})`,
    cohort_reconciliation_results: `reconciliation_id in (select x.id from cohort_reconciliations x join cohorts c on c.id = x.cohort_id where c.organisation_id = ${org})`,
    jobs: `payload->>'organisation_id' = '${org}' or payload->>'importJobId' in (select id::text from import_jobs where organisation_id = ${org})
      or payload->>'cohortId' in (select id::text from cohorts where organisation_id = ${org})
      or payload->>'reconciliationId' in (select x.id::text from cohort_reconciliations x join cohorts c on c.id = x.cohort_id where c.organisation_id = ${org})`,
  };
  for (const [table, c] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
    const where =
      VIA[table] ??
      (c.has("organisation_id")
        ? `organisation_id = ${org}`
        : c.has("supplier_id")
          ? `supplier_id in (select id from import_suppliers where organisation_id = ${org})`
          : c.has("account_id")
            ? `account_id in (${accountsOfOrg})`
            : c.has("meter_point_id")
              ? `meter_point_id in (select id from meter_points where account_id in (${accountsOfOrg}))`
              : shared
                ? null
                : "true");
    if (where === null) continue;
    // A refusal's event, and its outbox row waiting for the relay (event_pending), are recorded on purpose.
    const refusals = REFUSAL_EVENTS.map((t) => `'${t}'`).join(", ");
    const extra =
      table === "events"
        ? ` and type not in (${refusals})`
        : table === "event_pending"
          ? ` and seq not in (select seq from events where organisation_id = ${org} and type in (${refusals}))`
          : "";
    parts.push(`'${table}=' || (select count(*) from "${table}" where (${where})${extra})`);
  }
  parts.push(
    `'suppliers:' || coalesce((select string_agg(md5(code || name || status || document_root || send_automated_emails::text), ',' order by id) from import_suppliers where organisation_id = ${org}), '')`,
  );
  parts.push(
    `'cohorts:' || coalesce((select string_agg(md5(name || status || coalesce(planned_cutover_date::text, '') || coalesce(notes, '')), ',' order by id) from cohorts where organisation_id = ${org}), '')`,
  );
  parts.push(
    `'keys:' || coalesce((select string_agg(id::text || coalesce(invalidated_at::text, ''), ',' order by id) from api_keys where organisation_id = ${org}), '')`,
  );
  parts.push(
    `'staged:' || coalesce((select string_agg(md5(payload::text), ',' order by id) from account_import_processes where supplier_id in (select id from import_suppliers where organisation_id = ${org})), '')`,
  );
  const query = sql.raw(`select ${parts.join(" || ' ' || ")} as state`);
  return async () => (await execRows<{ state: string }>(db, query))[0].state;
}

/**
 * The probe's last reading, reused as the next call's "before" while nothing has changed:
 * a refused call is checked against it, and only an accepted one makes it read again.
 */
export function storageTracker(probe: () => Promise<string>) {
  let last: string | null = null;
  return {
    before: async () => (last ??= await probe()),
    /** The state after a call; `accepted` calls may change it, so the next call reads afresh. */
    after: async (accepted: boolean) => {
      if (accepted) return void (last = null);
      const now = await probe();
      const was = last;
      last = now;
      return { was, now };
    },
  };
}

const ErrorShape = { detail: expect.any(String), code: expect.any(String), errors: expect.any(Array) };

/** The documented error body: {detail, code, errors: [{detail, code, attr}]} (documented extras allowed beside it). */
export function expectErrorShape(body: unknown, what: string) {
  expect(body, what).toMatchObject(ErrorShape);
  for (const e of (body as { errors: unknown[] }).errors)
    expect(FieldError.safeParse(e).success, `${what}: error item ${JSON.stringify(e)}`).toBe(true);
}

/** A compact description of a failing case for the assertion messages. */
export const describeCase = (x: unknown) => {
  const s = JSON.stringify(x, (_k, v) =>
    typeof v === "string" && v.length > 120 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
  );
  return s.length > 1500 ? `${s.slice(0, 1500)}…` : s;
};

/** The parts of two storage readings that differ, for the assertion messages. */
export function changedParts(was: string | null, now: string) {
  const before = new Set((was ?? "").split(" "));
  const after = new Set(now.split(" "));
  return [
    ...[...before].filter((p) => !after.has(p)).map((p) => `-${p}`),
    ...[...after].filter((p) => !before.has(p)).map((p) => `+${p}`),
  ]
    .join(" ")
    .slice(0, 600);
}
