import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { isTable, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "@/db/schema";
import { appRouter } from "@/server/api/root";
import { callerFor } from "@/test/factories";
import { useTestDb, uniq } from "@/test/db";
import {
  accountPayload,
  makeImportedAccount,
  makeOrg,
  makeReconciledCohort,
  makeSupplier,
  makeUser,
  type OrgFixture,
} from "@/test/factories";
import { acceptMismatches } from "@/server/services/cohorts/sign-off";
import { call } from "@/test/http";
import { restRouteFiles } from "@/test/rest-routes";
import { intervalCsv, loadCsv, makeMeterAccount } from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { setEnv } from "@/server/env.mjs";

/**
 * Issue 18's isolation test: two organisations with every kind of record; each API key and
 * console user of one calls every REST route and tRPC procedure with the other's identifiers
 * and document paths. Every call answers 404 (or the documented equivalent: an empty list, a
 * refused root), no response carries anything of the other organisation that the caller did
 * not send, and none of its rows changes. Routes come from app/ and procedures from the router,
 * so one added without a case here fails the test.
 */

// The console's routes read the signed-in user through createRequestContext; the test signs users in here.
const signedIn = vi.hoisted(() => ({
  db: null as unknown,
  user: null as null | {
    id: number;
    organisationId: number;
    role: "operator" | "support";
    email: string;
    name: string;
  },
}));
vi.mock("@/server/api/context", () => ({
  createRequestContext: async (requestId: string = crypto.randomUUID()) => ({
    db: signedIn.db,
    user: signedIn.user,
    requestId,
  }),
}));

const t = useTestDb();
/** The router's procedures by dotted path (flat at run time). */
const PROCEDURES = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: "query" | "mutation" | "subscription" } }
>;
const APP = path.join(import.meta.dirname, "..", "app");

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type User = Awaited<ReturnType<typeof makeUser>>;
type Tenant = Awaited<ReturnType<typeof tenant>>;

let stripeUrl = "";
const stripe = createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: req.url!.split("/").pop(),
      object: "payment_method",
      type: "card",
      customer: "cus_1",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2099 },
    }),
  );
});
beforeAll(async () => {
  await new Promise<void>((r) => stripe.listen(0, "127.0.0.1", () => r()));
  stripeUrl = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
  setEnv({ PAYMENT_VENDOR_STRIPE_URL: stripeUrl });
  setEnv({ PAYMENT_VENDOR_STRIPE_TOKEN: "sk_test_fake" });
});
afterAll(() => new Promise<void>((r) => stripe.close(() => r())));

const json = (res: { json: unknown }) => JSON.stringify(res.json);

/** One organisation with a record of every kind, each carrying a marker no other organisation's data holds. */
async function tenant(label: string) {
  const mark = uniq(`SECRET${label}`);
  const org = await makeOrg(t.db, `${label} Energy ${mark}`);
  const dir = path.join("/tmp", `km-iso-${mark.toLowerCase()}`);
  mkdirSync(path.join(dir, "letters"), { recursive: true });
  writeFileSync(path.join(dir, "letters", "welcome.pdf"), `%PDF-1.4 ${mark}`);
  writeFileSync(path.join(dir, "statement.pdf"), `%PDF-1.4 ${mark}`);
  const supplier = await makeSupplier(org, { code: uniq(`${label}SUP`), documentRoot: `file://${dir}` });
  const account = await makeImportedAccount(org, supplier.code, { billing_name: `Billing ${mark}` });
  const auth = `Token ${org.apiKey}`;
  const ref = { import_supplier: supplier.code, external_account_number: account.externalAccountNumber };
  const post = async (route: string, body: unknown, params?: Record<string, string>) => {
    const mod = (await importRoute(`v1/data-import/${route}/route.ts`)) as { POST: Handler };
    const res = await call(mod.POST, "/x", { auth, body, params, method: "POST" });
    expect(res.status, `${label} seeds ${route}: ${json(res)}`).toBeLessThan(300);
    return res;
  };
  await post("notes/create", {
    ...ref,
    notes: [{ body: `Note ${mark}`, document_paths: [{ document_path: "letters/welcome.pdf" }] }],
  });
  await post("historical-statements/create", {
    ...ref,
    statements: [
      {
        statement_id: `ST-${mark}`,
        bill_period_from_date: "2025-01-01",
        bill_period_to_date: "2025-01-31",
        issued_date: "2025-02-01",
        number: "1",
        gross_amount: 100,
        statement_path: "statement.pdf",
      },
    ],
  });
  await post("transactions/create", {
    ...ref,
    transactions: [
      {
        transaction_id: `TX-${mark}`,
        transaction_date: "2026-11-01",
        amount: 12.5,
        type: "CHARGE",
        reason: "IMPORTED_CHARGE",
      },
    ],
  });
  await post("payment-instruction/create", { ...ref, vendor: "STRIPE", reference: `pm_${mark}`, type: "CARD" });
  await post("send-registration-flows/[import_supplier_code]/[external_account_number]", undefined, {
    import_supplier_code: supplier.code,
    external_account_number: account.externalAccountNumber,
  });
  // A staged account and a scheduled (v2) one: import processes that are not imported.
  const staged = accountPayload(supplier.code, uniq(`${label}STAGED`), { billing_name: `Staged ${mark}` });
  await post("account-import-process/create-or-update", staged);
  const scheduled = accountPayload(supplier.code, uniq(`${label}V2`), { billing_name: `Scheduled ${mark}` });
  const { scheduleAccountHandler: v2 } = await import("@/server/rest/routes/account-import-v2");
  const v2res = await call(v2 as Handler, "/x", {
    auth,
    body: {
      payload: scheduled,
      task_params: { schedule_window_start: new Date(Date.now() + 86_400_000).toISOString() },
    },
  });
  expect(v2res.status, json(v2res)).toBe(201);
  const [operator, support] = [await makeUser(org, "operator"), await makeUser(org, "support")];
  const extraKey = await callerFor(t.db, operator).apiKey.create({});
  const records = await callerFor(t.db, support).account.records({ accountNumber: account.accountNumber });
  const notes = await callerFor(t.db, support).account.notes({ accountNumber: account.accountNumber });
  const events = await callerFor(t.db, support).event.list({ accountNumber: account.accountNumber });
  const keys = await callerFor(t.db, support).apiKey.list({});
  // A meter point with half-hourly reads on each fuel, and a finished import job with a failed row (line 2).
  const meter = await makeMeterAccount(org);
  await loadCsv(
    org,
    intervalCsv(meter.mpan, meter.elecSerial, "2026-11-01T00:00:00Z", 48, () => "0.5"),
  );
  await loadCsv(
    org,
    intervalCsv(meter.mprn, meter.gasSerial, "2026-11-01T00:00:00Z", 48, () => "1.5"),
  );
  const failing = accountPayload(supplier.code, uniq(`${label}JOB`), {
    billing_name: `Job ${mark}`,
    billing_postcode: "XX",
  });
  const job = await uploadImportJob(
    org.ctx,
    { importSupplier: supplier.code, format: "jsonl", fileName: `${mark}.jsonl` },
    bodyOf(jsonl([accountPayload(supplier.code, uniq(`${label}JOBOK`)), failing])),
  );
  await drainLanes(t.db);
  // A customer key of the account's customer (ADR 0207).
  const customerKey = await issueCustomerKey(org.ctx, {
    accountNumber: account.accountNumber,
    email: "ada@example.com",
  });
  // A cohort of the account, reconciled against a control file (its balance differs), one mismatch accepted.
  const cohort = await makeReconciledCohort(t.db, org, supplier.code, [account], {
    name: `Wave ${mark}`,
    balanceMismatch: true,
  });
  expect(await acceptMismatches(org.ctx, { id: cohort.id, check: "balance", reason: `Refund ${mark}` })).toEqual({
    accepted: 1,
  });
  return {
    label,
    mark,
    org,
    dir,
    supplier,
    account,
    auth,
    ref,
    stagedExternal: staged.external_account_number,
    scheduledExternal: scheduled.external_account_number,
    operator,
    support,
    keyIds: keys.map((k: { id: number }) => k.id),
    extraKey,
    noteId: notes.items[0].id,
    statementId: records.statements.items[0].id,
    eventId: events.items[0].id,
    meter,
    jobId: job.id,
    failing,
    customerKey,
    cohortId: cohort.id,
    cohortName: cohort.name,
  };
}

/** Every row of the organisation's, in every table that holds organisation data (a new table must be placed here). */
const PLATFORM_WIDE = new Set([
  // The relay's delivery stamps: seq ranges and times, no organisation's data (its pending rows carry organisation_id).
  "event_deliveries",
  "settings",
  "products",
  "tariffs",
  "tariff_rates",
  "product_catalogue_state",
  "event_relay_state",
  "auth_rate_limits",
  "payment_vendor_failures",
]);
/**
 * Columns the platform's own background work moves on a shared test database (the relay
 * publishing events, workers running queued jobs and registrations started by other test
 * files), not anything a caller can reach: left out of the comparison; every other column counts.
 */
const BACKGROUND: Record<string, string[]> = {
  events: ["published_at", "attempts", "last_error"],
  jobs: ["status", "attempts", "locked_by", "locked_until", "last_error", "updated_at", "finished_at", "run_at"],
  meter_point_registrations: [
    "status",
    "error_detail",
    "attempts",
    "flow",
    "request_id",
    "sent_at",
    "failed_at",
    "updated_at",
  ],
};
async function snapshot(org: OrgFixture) {
  const accounts = sql`(select a.id from accounts a join import_suppliers s on s.id = a.supplier_id where s.organisation_id = ${org.id})`;
  const out: Record<string, unknown[]> = {};
  for (const table of Object.values(schema).filter((x) => isTable(x))) {
    const { name, columns } = getTableConfig(table as PgTable);
    // Columns are named in camelCase here; the database's casing is snake_case.
    const has = (c: string) => columns.some((col) => col.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`) === c);
    let where;
    if (name === "organisations") where = sql`id = ${org.id}`;
    else if (has("organisation_id")) where = sql`organisation_id = ${org.id}`;
    else if (has("account_id")) where = sql`account_id in ${accounts}`;
    else if (has("supplier_id"))
      where = sql`supplier_id in (select id from import_suppliers where organisation_id = ${org.id})`;
    else if (has("meter_point_id"))
      where = sql`meter_point_id in (select id from meter_points where account_id in ${accounts})`;
    // Sessions belong to a console user, interval reads to a consumption meter, job rows to an import job.
    else if (name === "console_sessions")
      where = sql`user_id in (select id from console_users where organisation_id = ${org.id})`;
    else if (has("meter_id"))
      where = sql`meter_id in (select id from consumption_meters where organisation_id = ${org.id})`;
    else if (name === "import_job_rows")
      where = sql`job_id in (select id from import_jobs where organisation_id = ${org.id})`;
    // A cohort's control rows, runs and acceptances belong to the cohort; a run's results to the run.
    else if (has("cohort_id")) where = sql`cohort_id in (select id from cohorts where organisation_id = ${org.id})`;
    else if (name === "cohort_reconciliation_results")
      where = sql`reconciliation_id in (select x.id from cohort_reconciliations x join cohorts c on c.id = x.cohort_id where c.organisation_id = ${org.id})`;
    // Customer keys belong to an account user, and so to the user's organisation.
    else if (name === "customer_api_keys")
      where = sql`account_user_id in (select id from account_users where organisation_id = ${org.id})`;
    else if (name === "jobs")
      where = sql`(payload->>'organisation_id')::int = ${org.id} or (payload->>'registration_id')::int in (select id from meter_point_registrations where account_id in ${accounts}) or (payload->>'importJobId')::int in (select id from import_jobs where organisation_id = ${org.id})
        or (payload->>'cohortId')::int in (select id from cohorts where organisation_id = ${org.id})
        or (payload->>'reconciliationId')::int in (select x.id from cohort_reconciliations x join cohorts c on c.id = x.cohort_id where c.organisation_id = ${org.id})`;
    else {
      expect(PLATFORM_WIDE, `table ${name} holds organisation data: scope it in the isolation snapshot`).toContain(
        name,
      );
      continue;
    }
    const res = await t.db.execute(sql`select * from ${sql.identifier(name)} where ${where} order by 1`);
    const rows = ((res as { rows?: unknown[] }).rows ?? res) as Record<string, unknown>[];
    out[name] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !BACKGROUND[name]?.includes(k))));
  }
  return JSON.parse(JSON.stringify(out));
}

/** Strings of the victim's that the attacker never sends: none may appear in any answer. */
const secretsOf = (v: Tenant) => [
  v.mark,
  v.org.number,
  v.account.accountNumber,
  v.account.mpan!,
  v.account.mprn!,
  v.dir,
  v.extraKey.key,
  v.meter.accountNumber,
  v.meter.mpan,
  v.meter.mprn,
  v.meter.elecSerial,
  v.meter.gasSerial,
  v.failing.external_account_number!,
  v.customerKey.key,
  v.cohortName,
];

type Outcome = "not_found" | "empty" | "refused" | "no_tenant_data";
/** `expected`: the documented status when it is not 404 (a path refused on the caller's own account). */
type Answer = { status: number; body: string; sent: string; expected?: number; code?: string };
type RestCase = { outcome: Outcome; why?: string; run?: (a: Tenant, v: Tenant) => Promise<Answer[]> };

const TABLE = restRouteFiles();
const importRoute = async (file: string) =>
  ((await TABLE[`/app/${file}`]?.()) ?? (await import(`@/app/${file.replace(/\.ts$/, "")}`))) as Record<
    string,
    Handler
  >;
const rest = async (
  file: string,
  method: string,
  a: Tenant,
  opts: { params?: Record<string, string>; body?: unknown; url?: string } = {},
) => {
  const mod = await importRoute(file);
  const res = await call(mod[method], opts.url ?? "/x", { auth: a.auth, method, params: opts.params, body: opts.body });
  return { status: res.status, body: JSON.stringify(res.json), sent: JSON.stringify(opts) };
};
const supAndExt = (v: Tenant) => ({ supplier: v.supplier.code, external: v.account.externalAccountNumber });

/** Every route file under app/, with what another organisation's call answers. */
const REST: Record<string, RestCase> = {
  "(console)/accounts/[number]/documents/[kind]/[id]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const { GET } = await importRoute("(console)/accounts/[number]/documents/[kind]/[id]/route.ts");
      const out = [];
      for (const user of [a.operator, a.support]) {
        signedIn.user = {
          id: user.id,
          organisationId: user.organisationId,
          role: user.role,
          email: user.email,
          name: user.name,
        };
        const cases: [string, string, number][] = [
          [v.account.accountNumber, "note", v.noteId],
          [v.account.accountNumber, "statement", v.statementId],
          // The victim's note or statement id under the caller's own account.
          [a.account.accountNumber, "note", v.noteId],
          [a.account.accountNumber, "statement", v.statementId],
        ];
        for (const [number, kind, id] of cases) {
          const res = await GET(new Request(`http://localhost/accounts/${number}/documents/${kind}/${id}`), {
            params: Promise.resolve({ number, kind, id: String(id) }),
          });
          out.push({ status: res.status, body: await res.text(), sent: `${number}/${kind}/${id}` });
        }
      }
      return out;
    },
  },
  "(console)/import-jobs/[id]/failures.csv/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const { GET } = await importRoute("(console)/import-jobs/[id]/failures.csv/route.ts");
      const out = [];
      for (const user of [a.operator, a.support]) {
        signIn(user);
        const res = await GET(new Request(`http://localhost/import-jobs/${v.jobId}/failures.csv`), {
          params: Promise.resolve({ id: String(v.jobId) }),
        });
        out.push({ status: res.status, body: await res.text(), sent: String(v.jobId) });
      }
      return out;
    },
  },
  "(console)/accounts/[number]/ledger.csv/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const { GET } = await importRoute("(console)/accounts/[number]/ledger.csv/route.ts");
      const out = [];
      for (const user of [a.operator, a.support]) {
        signIn(user);
        const number = v.account.accountNumber;
        const res = await GET(new Request(`http://localhost/accounts/${number}/ledger.csv`), {
          params: Promise.resolve({ number }),
        });
        out.push({ status: res.status, body: await res.text(), sent: number });
      }
      return out;
    },
  },
  "(console)/import-jobs/upload/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const { POST } = await importRoute("(console)/import-jobs/upload/route.ts");
      signIn(a.operator);
      const out = [];
      // The victim's supplier; then the caller's own supplier naming the victim's cohort.
      for (const [code, external, cohort] of [
        [v.supplier.code, v.stagedExternal, ""],
        [a.supplier.code, uniq("ISO-UP"), `&cohort=${v.cohortId}`],
      ]) {
        const url = `http://localhost/import-jobs/upload?supplier=${encodeURIComponent(code)}&format=jsonl&name=x.jsonl${cohort}`;
        const body = JSON.stringify(accountPayload(code, external));
        const res = await POST(
          new Request(url, { method: "POST", body, headers: { "content-type": "application/x-ndjson" } }),
          { params: Promise.resolve({}) },
        );
        out.push({ status: res.status, body: await res.text(), sent: url + body });
      }
      return out;
    },
  },
  "(console)/cohorts/[id]/control-file/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const { POST } = await importRoute("(console)/cohorts/[id]/control-file/route.ts");
      signIn(a.operator);
      const url = `http://localhost/cohorts/${v.cohortId}/control-file?name=c.jsonl&format=jsonl`;
      const body = JSON.stringify({
        external_account_number: v.account.externalAccountNumber,
        closing_balance_pence: 0,
      });
      const res = await POST(
        new Request(url, { method: "POST", body, headers: { "content-type": "application/x-ndjson" } }),
        { params: Promise.resolve({ id: String(v.cohortId) }) },
      );
      return [{ status: res.status, body: await res.text(), sent: url + body }];
    },
  },
  "(console)/cohorts/[id]/mismatches.csv/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const { GET } = await importRoute("(console)/cohorts/[id]/mismatches.csv/route.ts");
      const out = [];
      for (const user of [a.operator, a.support]) {
        signIn(user);
        const res = await GET(new Request(`http://localhost/cohorts/${v.cohortId}/mismatches.csv`), {
          params: Promise.resolve({ id: String(v.cohortId) }),
        });
        out.push({ status: res.status, body: await res.text(), sent: String(v.cohortId) });
      }
      return out;
    },
  },
  "api/auth/[...nextauth]/route.ts": {
    outcome: "no_tenant_data",
    why: "Auth.js sign-in: takes an e-mail and password, names no organisation's records",
  },
  "api/trpc/[trpc]/route.ts": {
    outcome: "not_found",
    why: "the tRPC adapter: every procedure is driven through it below",
  },
  "healthz/route.ts": { outcome: "no_tenant_data", run: async (a) => [await rest("healthz/route.ts", "GET", a)] },
  "healthz/ready/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("healthz/ready/route.ts", "GET", a)],
  },
  "v1/[[...rest]]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/[[...rest]]/route.ts", "GET", a, {
        url: `/v1/data-import/${v.supplier.code}/`,
        params: { rest: ["data-import", v.supplier.code] } as never,
      }),
    ],
  },
  "v2/[[...rest]]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v2/[[...rest]]/route.ts", "GET", a, {
        url: `/v2/data-import/${v.supplier.code}/`,
        params: { rest: ["data-import", v.supplier.code] } as never,
      }),
    ],
  },
  "v1/accounts/[account]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/accounts/[account]/route.ts", "GET", a, { params: { account: v.account.accountNumber } }),
    ],
  },
  "v1/data-import/account-import-process/create-or-update/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/account-import-process/create-or-update/route.ts", "POST", a, {
        body: accountPayload(v.supplier.code, v.stagedExternal),
      }),
    ],
  },
  "v1/data-import/account-import-process/process/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/account-import-process/process/route.ts", "POST", a, {
        body: { import_supplier_code: v.supplier.code, external_account_number: v.stagedExternal, dry_run: false },
      }),
      await rest("v1/data-import/account-import-process/process/route.ts", "POST", a, {
        body: { import_supplier_code: v.supplier.code, external_account_number: v.stagedExternal, dry_run: true },
      }),
    ],
  },
  "v1/data-import/validate-account/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/validate-account/route.ts", "POST", a, {
        body: accountPayload(v.supplier.code, v.stagedExternal),
      }),
    ],
  },
  "v1/data-import/account-transfer-status/[supplier]/[external]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/account-transfer-status/[supplier]/[external]/route.ts", "GET", a, {
        params: supAndExt(v),
      }),
    ],
  },
  "v1/data-import/meterpoint-statuses-for-account/[supplier]/[external]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/meterpoint-statuses-for-account/[supplier]/[external]/route.ts", "GET", a, {
        params: supAndExt(v),
      }),
    ],
  },
  ...Object.fromEntries(
    ["all", "pending", "imported", "failed"].map((which) => {
      const file = `v1/data-import/${which}-account-import-processes/[supplier]/route.ts`;
      return [
        file,
        {
          outcome: "not_found",
          run: async (a: Tenant, v: Tenant) => [await rest(file, "GET", a, { params: { supplier: v.supplier.code } })],
        } satisfies RestCase,
      ];
    }),
  ),
  "v1/data-import/notes/create/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/notes/create/route.ts", "POST", a, {
        body: { ...v.ref, notes: [{ body: "x", document_paths: [{ document_path: "letters/welcome.pdf" }] }] },
      }),
      // The caller's own account, the victim's file by a path that climbs there (encoded): not in the caller's store.
      {
        ...(await rest("v1/data-import/notes/create/route.ts", "POST", a, {
          body: {
            ...a.ref,
            notes: [{ document_paths: [{ document_path: `%2e%2e/${path.basename(v.dir)}/letters/welcome.pdf` }] }],
          },
        })),
        expected: 400,
        code: "path_does_not_exist_in_file_store",
      },
    ],
  },
  "v1/data-import/historical-statements/create/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/historical-statements/create/route.ts", "POST", a, {
        body: {
          ...v.ref,
          statements: [
            {
              statement_id: "X",
              bill_period_from_date: "2025-03-01",
              bill_period_to_date: "2025-03-31",
              issued_date: "2025-04-01",
              number: "2",
              gross_amount: 1,
              statement_path: "statement.pdf",
            },
          ],
        },
      }),
    ],
  },
  "v1/data-import/transactions/create/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/transactions/create/route.ts", "POST", a, {
        body: {
          ...v.ref,
          transactions: [
            {
              transaction_id: "X",
              transaction_date: "2026-11-02",
              amount: 1,
              type: "CHARGE",
              reason: "IMPORTED_CHARGE",
            },
          ],
        },
      }),
    ],
  },
  "v1/data-import/payment-instruction/create/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/data-import/payment-instruction/create/route.ts", "POST", a, {
        body: { ...v.ref, vendor: "STRIPE", reference: "pm_other", type: "CARD" },
      }),
    ],
  },
  "v1/data-import/send-registration-flows/[import_supplier_code]/[external_account_number]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest(
        "v1/data-import/send-registration-flows/[import_supplier_code]/[external_account_number]/route.ts",
        "POST",
        a,
        {
          params: { import_supplier_code: v.supplier.code, external_account_number: v.account.externalAccountNumber },
        },
      ),
    ],
  },
  // v2's documented refusal is a 400 import_process_failed_validation listing import_supplier_not_found, as for a missing supplier.
  "v2/data-import/accounts/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      {
        ...(await rest("v2/data-import/accounts/route.ts", "POST", a, {
          body: { payload: accountPayload(v.supplier.code, v.scheduledExternal), task_params: {} },
        })),
        expected: 400,
        code: "import_supplier_not_found",
      },
    ],
  },
  "v2/data-import/accounts/validate/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      {
        ...(await rest("v2/data-import/accounts/validate/route.ts", "POST", a, {
          body: { payload: accountPayload(v.supplier.code, v.stagedExternal) },
        })),
        expected: 400,
        code: "import_supplier_not_found",
      },
    ],
  },
  "v2/data-import/accounts/[supplier]/[external]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v2/data-import/accounts/[supplier]/[external]/route.ts", "GET", a, {
        params: { supplier: v.supplier.code, external: v.scheduledExternal },
      }),
      await rest("v2/data-import/accounts/[supplier]/[external]/route.ts", "GET", a, { params: supAndExt(v) }),
    ],
  },
  "v1/electricity-meter-points/[mpan]/route.ts": {
    outcome: "not_found",
    run: async (a, v) => [
      await rest("v1/electricity-meter-points/[mpan]/route.ts", "GET", a, { params: { mpan: v.meter.mpan } }),
    ],
  },
  "v1/electricity-meter-points/[mpan]/meters/[serial]/consumption/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const file = "v1/electricity-meter-points/[mpan]/meters/[serial]/consumption/route.ts";
      const url = "/x?period_from=2026-11-01T00:00:00Z&period_to=2026-11-02T00:00:00Z&group_by=day";
      return [
        await rest(file, "GET", a, { params: { mpan: v.meter.mpan, serial: v.meter.elecSerial }, url }),
        // The victim's serial under the caller's own meter point.
        await rest(file, "GET", a, { params: { mpan: a.meter.mpan, serial: v.meter.elecSerial }, url }),
      ];
    },
  },
  "v1/gas-meter-points/[mprn]/meters/[serial]/consumption/route.ts": {
    outcome: "not_found",
    run: async (a, v) => {
      const file = "v1/gas-meter-points/[mprn]/meters/[serial]/consumption/route.ts";
      return [
        await rest(file, "GET", a, {
          params: { mprn: v.meter.mprn, serial: v.meter.gasSerial },
          url: "/x?order_by=period",
        }),
        await rest(file, "GET", a, {
          params: { mprn: a.meter.mprn, serial: v.meter.gasSerial },
          url: "/x?group_by=month",
        }),
      ];
    },
  },
  "v1/events/asyncapi.json/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/events/asyncapi.json/route.ts", "GET", a)],
  },
  "v1/events/openapi.json/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/events/openapi.json/route.ts", "GET", a)],
  },
  "v1/events/relay-status/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/events/relay-status/route.ts", "GET", a)],
  },
  "v1/graphql/schema.graphql/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/graphql/schema.graphql/route.ts", "GET", a)],
  },
  "v1/industry/grid-supply-points/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/industry/grid-supply-points/route.ts", "GET", a)],
  },
  "v1/openapi.json/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/openapi.json/route.ts", "GET", a)],
  },
  "v1/graphql/route.ts": {
    outcome: "no_tenant_data",
    why: "obtainKrakenToken exchanges a secret (API key, refresh token, password) for a token; it takes no record identifiers",
  },
  "v1/products/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/products/route.ts", "GET", a)],
  },
  "v1/products/[product]/route.ts": {
    outcome: "no_tenant_data",
    run: async (a) => [await rest("v1/products/[product]/route.ts", "GET", a, { params: { product: "VAR-22-11-01" } })],
  },
};
for (const fuel of ["electricity", "gas"]) {
  for (const rate of ["day-unit-rates", "night-unit-rates", "standard-unit-rates", "standing-charges"]) {
    const file = `v1/products/[product]/${fuel}-tariffs/[tariff]/${rate}/route.ts`;
    REST[file] = {
      outcome: "no_tenant_data",
      run: async (a) => [
        await rest(file, "GET", a, {
          params: { product: "VAR-22-11-01", tariff: fuel === "gas" ? "G-1R-VAR-22-11-01-C" : "E-1R-VAR-22-11-01-C" },
        }),
      ],
    };
  }
}

type TrpcCase = { outcome: Outcome; input: (a: Tenant, v: Tenant) => unknown[] };
/** Every procedure, with inputs naming the victim's records (several where there are several ways to name them). */
const TRPC: Record<string, TrpcCase> = {
  "session.me": { outcome: "no_tenant_data", input: () => [{}] },
  "supplier.list": { outcome: "empty", input: () => [{}] },
  "supplier.get": { outcome: "not_found", input: (_a, v) => [{ code: v.supplier.code }] },
  // The caller may have a supplier of the same code (codes are per organisation); not in the victim's folder.
  "supplier.create": {
    outcome: "refused",
    input: (_a, v) => [
      { code: uniq("ISO"), documentRoot: `file://${v.dir}` },
      { code: uniq("ISO"), documentRoot: `file://${v.dir}/letters` },
    ],
  },
  "supplier.update": {
    outcome: "not_found",
    input: (a, v) => [
      { code: v.supplier.code, name: "taken over" },
      { code: v.supplier.code, documentRoot: a.supplier.documentRoot },
    ],
  },
  "supplier.setStatus": { outcome: "not_found", input: (_a, v) => [{ code: v.supplier.code, status: "Complete" }] },
  "supplier.audit": { outcome: "empty", input: (_a, v) => [{ code: v.supplier.code }] },
  // The caller's own allowed stores and folder: nothing of the victim's.
  "supplier.documentStores": { outcome: "no_tenant_data", input: () => [{}] },
  "accountImport.list": {
    outcome: "not_found",
    input: (_a, v) => [
      { importSupplier: v.supplier.code },
      { importSupplier: v.supplier.code, search: v.stagedExternal },
    ],
  },
  "accountImport.get": {
    outcome: "not_found",
    input: (_a, v) =>
      [v.account.externalAccountNumber, v.stagedExternal, v.scheduledExternal].map((e) => ({
        importSupplier: v.supplier.code,
        externalAccountNumber: e,
      })),
  },
  "accountImport.activity": { outcome: "not_found", input: (_a, v) => [{ importSupplier: v.supplier.code }] },
  "account.find": {
    outcome: "empty",
    input: (_a, v) =>
      [v.account.accountNumber, v.account.externalAccountNumber, v.stagedExternal, v.account.mpan, v.account.mprn].map(
        (query) => ({ query }),
      ),
  },
  "account.get": { outcome: "not_found", input: (_a, v) => [{ accountNumber: v.account.accountNumber }] },
  "account.notes": { outcome: "not_found", input: (_a, v) => [{ accountNumber: v.account.accountNumber }] },
  "account.transactions": { outcome: "not_found", input: (_a, v) => [{ accountNumber: v.account.accountNumber }] },
  "account.records": { outcome: "not_found", input: (_a, v) => [{ accountNumber: v.account.accountNumber }] },
  "event.list": { outcome: "empty", input: (_a, v) => [{ accountNumber: v.account.accountNumber }, {}] },
  "event.get": { outcome: "not_found", input: (_a, v) => [{ id: v.eventId }] },
  "event.delivery": { outcome: "no_tenant_data", input: () => [undefined] },
  "event.catalogue": { outcome: "no_tenant_data", input: () => [{}] },
  "apiKey.list": { outcome: "empty", input: () => [{}] },
  "apiKey.create": { outcome: "no_tenant_data", input: () => [{}] },
  "apiKey.roll": { outcome: "not_found", input: (_a, v) => v.keyIds.map((keyId) => ({ keyId })) },
  "apiKey.invalidate": { outcome: "not_found", input: (_a, v) => v.keyIds.map((keyId) => ({ keyId })) },
  "audit.list": {
    outcome: "empty",
    input: (_a, v) => [{}, { entityType: "import_supplier", entityId: v.supplier.code }],
  },
  "product.list": { outcome: "no_tenant_data", input: () => [{}] },
  // The inventory is the caller's own: a device id another organisation's meter carries adds a device to the caller's inventory only.
  "smartDevices.upload": {
    outcome: "no_tenant_data",
    input: () => [
      { format: "csv", content: `device_id,manufacturer,model,firmware_version\n${uniq("ISO-DEV")},Acme,M1,1.0\n` },
    ],
  },
  "product.rates": { outcome: "no_tenant_data", input: () => [{ tariffCode: "E-1R-VAR-22-11-01-C" }] },
  "consumption.upload": {
    outcome: "not_found",
    input: (a, v) => [
      {
        accountNumber: v.meter.accountNumber,
        mpxn: v.meter.mpan,
        format: "csv",
        content: intervalCsv(v.meter.mpan, v.meter.elecSerial, "2026-11-03T00:00:00Z", 2, () => "9"),
      },
      // The caller's own account, the victim's meter point.
      {
        accountNumber: a.meter.accountNumber,
        mpxn: v.meter.mpan,
        format: "csv",
        content: intervalCsv(v.meter.mpan, v.meter.elecSerial, "2026-11-03T00:00:00Z", 2, () => "9"),
      },
      {
        accountNumber: v.meter.accountNumber,
        mpxn: v.meter.mprn,
        format: "json",
        content: JSON.stringify([
          {
            mpxn: v.meter.mprn,
            serial_number: v.meter.gasSerial,
            interval_start: "2026-11-03T00:00:00Z",
            consumption: "9",
          },
        ]),
      },
    ],
  },
  "support.search": {
    outcome: "empty",
    input: (_a, v) =>
      [
        v.account.accountNumber,
        v.account.externalAccountNumber,
        v.stagedExternal,
        v.account.mpan!,
        v.mark,
        "Lovelace",
        "SW1A 1AA",
      ].map((query) => ({ query })),
  },
  "support.ledger": {
    outcome: "not_found",
    input: (_a, v) => [{ filter: { accountNumber: v.account.accountNumber } }],
  },
  "support.searchNotes": {
    outcome: "not_found",
    input: (_a, v) => [{ accountNumber: v.account.accountNumber, query: "Note" }],
  },
  "support.timeline": { outcome: "not_found", input: (_a, v) => [{ accountNumber: v.account.accountNumber }] },
  "customerKey.list": { outcome: "empty", input: (_a, v) => [{ accountNumber: v.account.accountNumber }] },
  "customerKey.issue": {
    outcome: "not_found",
    input: (_a, v) => [{ accountNumber: v.account.accountNumber, email: "ada@example.com" }],
  },
  "customerKey.revoke": {
    outcome: "not_found",
    input: (_a, v) => [
      { keyId: v.customerKey.id },
      { keyId: v.customerKey.id, accountNumber: v.account.accountNumber },
    ],
  },
  "importJob.list": { outcome: "not_found", input: (_a, v) => [{ importSupplier: v.supplier.code }] },
  "importJob.get": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.failureGroups": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.failedRows": {
    outcome: "not_found",
    input: (_a, v) => [{ id: v.jobId }, { id: v.jobId, code: "invalid_postcode" }],
  },
  "importJob.row": { outcome: "not_found", input: (_a, v) => [1, 2].map((line) => ({ id: v.jobId, line })) },
  "importJob.dashboard": { outcome: "not_found", input: (_a, v) => [{ importSupplier: v.supplier.code }] },
  "importJob.pause": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.resume": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.cancel": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.delete": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.importValidated": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId }] },
  "importJob.fixRow": {
    outcome: "not_found",
    input: (_a, v) => [
      {
        id: v.jobId,
        line: 2,
        payload: {
          ...accountPayload(v.supplier.code, v.failing.external_account_number!),
          billing_postcode: "SW1A 1AA",
        },
      },
    ],
  },
  "importJob.retryGroup": { outcome: "not_found", input: (_a, v) => [{ id: v.jobId, code: "invalid_postcode" }] },
  // The victim's cohort by id (each caller has a cohort of its own, so an id of another organisation is never an empty id).
  ...Object.fromEntries(
    [
      "get",
      "members",
      "reconciliation",
      "results",
      "cutover",
      "audit",
      "markImported",
      "reconcile",
      "signOff",
      "startCutover",
      "retryCutover",
    ].map((p) => [
      `cohort.${p}`,
      { outcome: "not_found", input: (_a: Tenant, v: Tenant) => [{ id: v.cohortId }] } satisfies TrpcCase,
    ]),
  ),
  "cohort.list": { outcome: "not_found", input: (_a, v) => [{ importSupplier: v.supplier.code }] },
  // The caller's own cohorts only: the victim's name (a secret) never appears.
  "cohort.dashboard": { outcome: "no_tenant_data", input: () => [{}, { days: 365 }] },
  "cohort.forAccount": { outcome: "empty", input: (_a, v) => [{ number: v.account.accountNumber }] },
  "cohort.create": {
    outcome: "not_found",
    input: (_a, v) => [{ importSupplier: v.supplier.code, name: "Taken over" }],
  },
  "cohort.update": {
    outcome: "not_found",
    input: (_a, v) => [
      { id: v.cohortId, name: "Taken over" },
      { id: v.cohortId, notes: "x", plannedCutoverDate: null },
    ],
  },
  "cohort.addMembers": {
    outcome: "not_found",
    input: (_a, v) => [{ id: v.cohortId, accounts: `${v.account.externalAccountNumber}\n${v.stagedExternal}` }],
  },
  "cohort.removeMembers": {
    outcome: "not_found",
    input: (_a, v) => [{ id: v.cohortId, externalAccountNumbers: [v.account.externalAccountNumber] }],
  },
  "cohort.accept": {
    outcome: "not_found",
    input: (_a, v) => [
      { id: v.cohortId, reason: "taken over", check: "statements" },
      {
        id: v.cohortId,
        reason: "taken over",
        items: [{ externalAccountNumber: v.account.externalAccountNumber, check: "payment" }],
      },
    ],
  },
};

const signIn = (user: User) => {
  signedIn.user = {
    id: user.id,
    organisationId: user.organisationId,
    role: user.role,
    email: user.email,
    name: user.name,
  };
};

/** Drives one procedure through the tRPC route handler, signed in as `user`, the way the console's client does. */
async function trpc(user: User, procedure: string, input: unknown) {
  signedIn.user = {
    id: user.id,
    organisationId: user.organisationId,
    role: user.role,
    email: user.email,
    name: user.name,
  };
  const { GET, POST } = (await import("@/app/api/trpc/[trpc]/route")) as unknown as Record<
    string,
    (req: Request) => Promise<Response>
  >;
  const def = PROCEDURES[procedure];
  const payload = input === undefined ? {} : { json: input };
  const res =
    def._def.type === "query"
      ? await GET(
          new Request(`http://localhost/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(payload))}`),
        )
      : await POST(
          new Request(`http://localhost/api/trpc/${procedure}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(payload),
          }),
        );
  return { status: res.status, body: await res.text() };
}

/** Every route file under app/ and every route of the REST table, as `v1/accounts/[account]/route.ts`. */
function routeFiles(): string[] {
  return [...appRouteFiles(), ...Object.keys(TABLE).map((f) => f.replace(/^\/app\//, ""))];
}

function appRouteFiles(dir = APP, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? appRouteFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
      : e.name === "route.ts"
        ? [`${prefix}route.ts`]
        : [],
  );
}

describe("one organisation cannot reach another's records (issue 18, isolation)", () => {
  let a: Tenant;
  let v: Tenant;
  beforeAll(async () => {
    signedIn.db = t.db;
    [a, v] = [await tenant("A"), await tenant("V")];
  }, 120_000);

  it("lists every route and procedure, and no console page reads data except through them", () => {
    expect(routeFiles().sort()).toEqual(Object.keys(REST).sort());
    expect(Object.keys(PROCEDURES).sort()).toEqual(Object.keys(TRPC).sort());
    for (const page of routeFiles().length
      ? readdirSync(APP, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith("page.tsx"))
      : []) {
      const imports = readFileSync(path.join(APP, page), "utf8").match(/from "@\/(server|db)\/[^"]+"/g) ?? [];
      // The sign-in page only asks who is signed in (to send a signed-in user on).
      // ...and the API reference shows the published GraphQL schema text and asks the route table for
      // /v1/openapi.json (no organisation's data in either).
      const published = [
        'from "@/server/api/context"',
        'from "@/server/graphql/sdl"',
        'from "@/server/rest/routes/router"',
      ];
      expect(
        imports.filter((i) => !published.includes(i)),
        page,
      ).toEqual([]);
    }
  });

  it("every REST route, with the other organisation's identifiers and paths, answers 404 (or holds no organisation data), reads and changes nothing", async () => {
    const before = await snapshot(v.org);
    const secrets = secretsOf(v);
    for (const [file, c] of Object.entries(REST)) {
      if (!c.run) {
        expect(c.why, `${file} needs a case or a reason`).toBeTruthy();
        continue;
      }
      for (const res of await c.run(a, v)) {
        if (c.outcome === "not_found") expect(res.status, `${file}: ${res.body}`).toBe(res.expected ?? 404);
        // Public and health routes answer as they would anyone (relay-status: 503 is its alarm while events wait).
        else
          expect(
            res.status < 500 || (res.status === 503 && file.includes("relay-status")),
            `${file}: ${res.status} ${res.body}`,
          ).toBe(true);
        if (res.code) expect(res.body, file).toContain(`"code":"${res.code}"`);
        // An identifier the caller sent may come back in the error; nothing else of the victim's may.
        for (const s of secrets.filter((x) => !res.sent.includes(x)))
          expect(res.body, `${file} leaks ${s}`).not.toContain(s);
      }
    }
    expect(await snapshot(v.org)).toEqual(before);
  }, 120_000);

  it("every tRPC procedure, called by each of the other organisation's console users with this one's identifiers, answers NOT_FOUND (or nothing of ours), reads and changes nothing", async () => {
    const before = await snapshot(v.org);
    const secrets = secretsOf(v);
    for (const user of [a.operator, a.support]) {
      for (const [procedure, c] of Object.entries(TRPC)) {
        for (const input of c.input(a, v)) {
          const res = await trpc(user, procedure, input);
          const what = `${user.role} ${procedure}(${JSON.stringify(input)?.slice(0, 120)}): ${res.status} ${res.body.slice(0, 300)}`;
          const writes = PROCEDURES[procedure]._def.type === "mutation";
          if (user.role === "support" && writes) expect(res.status, what).toBe(403);
          else if (c.outcome === "not_found") expect(res.status, what).toBe(404);
          else if (c.outcome === "refused") expect([400, 409], what).toContain(res.status);
          else expect(res.status, what).toBe(200);
          for (const s of secrets.filter((x) => !JSON.stringify(input ?? null).includes(x)))
            expect(res.body, `${what} leaks ${s}`).not.toContain(s);
        }
      }
    }
    expect(await snapshot(v.org)).toEqual(before);
    // The victim's records are all still there for its own users.
    const own = callerFor(t.db, v.support);
    expect((await own.account.records({ accountNumber: v.account.accountNumber })).statements.items).toHaveLength(1);
    expect((await own.supplier.get({ code: v.supplier.code })).status).toBe("Ongoing");
  }, 180_000);
});
