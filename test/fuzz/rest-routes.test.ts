import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { energyCharge, legacyPaymentInstruction, statement } from "@/server/services/import-bodies/production-bodies";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload } from "@/test/factories";
import { badQueryValue, badSegment } from "./bad-values";
import { mutated } from "./mutate";
import {
  FUZZ_RUNS,
  type FuzzWorld,
  changedParts,
  describeCase,
  expectErrorShape,
  fuzzParams,
  fuzzWorld,
  storageProbe,
  storageTracker,
} from "./world";
import { env, setEnv } from "@/server/env.mjs";
import { startConsoleSession } from "@/server/auth/console-sessions";
import { restRouteFiles } from "@/test/rest-routes";

/**
 * Issue 18's fuzz suite, REST half: every route under app/ and in the REST route table (found from both, so a new
 * route fails this file until it is given inputs below) is called with generated bad input in
 * its path segments, query string, headers and body. Never a 5xx, always the error shape, and a
 * refused request stores nothing. FUZZ_RUNS sets the runs per route and method (10; nightly 100000).
 */

// The console's routes read the session through Auth.js, which needs Next's request scope: the
// signed-in user is given here instead, as the tRPC tests give their context.
const session = vi.hoisted(() => ({
  current: null as null | { user: { id: string; organisationId: number }; sessionId: string },
}));
vi.mock("@/server/auth/config", async (original) => ({
  ...(await original<object>()),
  auth: async () => session.current,
}));
setEnv({ AUTH_SECRET: env.AUTH_SECRET ?? "fuzz-secret-fuzz-secret-fuzz-secret" });

const t = useTestDb();
// The files under app/ and the REST route table's routes (server/rest/routes/table.ts, ADR 0505).
const ROUTE_FILES = { ...import.meta.glob<Record<string, unknown>>("/app/**/route.ts"), ...restRouteFiles() };
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

type Spec = {
  /** Valid path parameters (the fuzzer replaces them with bad ones). */
  params?: (w: FuzzWorld) => Record<string, string | string[]>;
  /** A valid body for the write methods (the fuzzer makes it bad). */
  body?: (w: FuzzWorld) => unknown;
  /** Field names the body's schema has beyond the valid body's, at their paths. */
  extraKeys?: (string | number)[][];
  /** Query parameters the route reads. */
  query?: string[];
  /** A valid query string: each parameter is kept, left out or made bad per run. */
  validQuery?: (w: FuzzWorld) => Record<string, string>;
  /** Optional request headers the route reads, with a valid value each: each is sent valid, left out or bad per run. */
  headers?: (w: FuzzWorld) => Record<string, string>;
  /** How the route is authenticated: the API key (default), a console session, or none. */
  auth?: "token" | "session" | "none";
  /** The documented error body of this route when it is not the standard shape. */
  errorShape?: "standard" | "graphql" | "trpc" | "authjs" | "registration" | "meterpoint-statuses";
};

const ref = (w: FuzzWorld) => w.ref;
const listParams = (w: FuzzWorld) => ({ supplier: w.supplier.code });
const accountParams = (w: FuzzWorld) => ({ supplier: w.supplier.code, external: w.account.externalAccountNumber });
const RATE_LIST = {
  params: () => ({ product: "VAR-22-11-01", tariff: "E-1R-VAR-22-11-01-C" }),
  query: ["period_from", "period_to", "page_size", "page"],
  auth: "none" as const,
};
const LIST = { params: listParams, query: ["page_size", "after"] };
const CONSUMPTION_QUERY = ["period_from", "period_to", "page", "page_size", "order_by", "group_by"];
const consumptionQuery = () => ({
  period_from: "2026-11-01T00:00:00Z",
  period_to: "2026-11-02T00:00:00Z",
  group_by: "hour",
  page_size: "10",
  order_by: "period",
});

/** Every route of the app, by its folder under app/. */
const ROUTES: Record<string, Spec> = {
  "(console)/accounts/[number]/documents/[kind]/[id]": {
    params: (w) => ({ number: w.account.accountNumber, kind: "note", id: "1" }),
    query: ["index"],
    auth: "session",
  },
  "(console)/import-jobs/[id]/failures.csv": { params: (w) => ({ id: String(w.job.id) }), auth: "session" },
  // The body is the control file: one JSON line (the valid body) is a JSON Lines file of one account.
  "(console)/cohorts/[id]/control-file": {
    params: (w) => ({ id: String(w.cohort.id) }),
    body: (w) => ({
      external_account_number: w.account.externalAccountNumber,
      closing_balance_pence: 0,
      statement_count: 0,
      payment_reference: "",
    }),
    extraKeys: [["mpans"], ["mprns"], ["last_readings"]],
    query: ["name", "format"],
    validQuery: () => ({ name: "control.jsonl", format: "jsonl" }),
    auth: "session",
  },
  "(console)/cohorts/[id]/mismatches.csv": {
    params: (w) => ({ id: String(w.cohort.id) }),
    query: ["check"],
    validQuery: () => ({ check: "balance" }),
    auth: "session",
  },
  "(console)/accounts/[number]/ledger.csv": {
    params: (w) => ({ number: w.account.accountNumber }),
    query: ["type", "reason", "from", "to", "min", "max"],
    validQuery: () => ({ type: "PAYMENT,CHARGE", from: "2026-01-01", to: "2026-12-31", min: "0", max: "100" }),
    auth: "session",
  },
  // The body is the file itself: one JSON line (the valid body) is a JSON Lines file of one account.
  "(console)/import-jobs/upload": {
    body: (w) => accountPayload(w.supplier.code, uniq("UP")),
    query: ["supplier", "format", "name", "dryRun", "registration", "cohort"],
    validQuery: (w) => ({
      supplier: w.supplier.code,
      format: "jsonl",
      name: "fuzz.jsonl",
      dryRun: "1",
      cohort: String(w.planned.id),
    }),
    auth: "session",
  },
  "api/auth/[...nextauth]": {
    params: () => ({ nextauth: ["session"] }),
    body: () => ({ email: "x@example.com", password: "x" }),
    auth: "none",
    errorShape: "authjs",
  },
  "api/trpc/[trpc]": {
    params: () => ({ trpc: "supplier.get" }),
    body: (w) => ({ json: { code: w.supplier.code } }),
    query: ["input", "batch"],
    auth: "session",
    errorShape: "trpc",
  },
  healthz: { auth: "none" },
  "healthz/ready": { auth: "none" },
  "v1/[[...rest]]": { params: () => ({ rest: ["nothing", "here"] }), body: () => ({}) },
  "v1/accounts/[account]": { params: (w) => ({ account: w.account.accountNumber }) },
  // The staged account is a member of "Fuzz planned": naming it joins nothing new, naming "Fuzz reconciled" is account_in_another_cohort.
  "v1/data-import/account-import-process/create-or-update": {
    body: (w) => accountPayload(w.supplier.code, w.staged.external_account_number!),
    headers: () => ({ "x-kraken-migrate-cohort": "Fuzz planned" }),
  },
  "v1/data-import/account-import-process/process": {
    body: (w) => ({
      import_supplier_code: w.supplier.code,
      external_account_number: w.staged.external_account_number,
      dry_run: true,
    }),
    extraKeys: [["import_supplier"], ["operations_team_name"]],
  },
  "v1/data-import/account-transfer-status/[supplier]/[external]": { params: accountParams },
  "v1/data-import/all-account-import-processes/[supplier]": LIST,
  "v1/data-import/failed-account-import-processes/[supplier]": LIST,
  "v1/data-import/imported-account-import-processes/[supplier]": LIST,
  "v1/data-import/pending-account-import-processes/[supplier]": LIST,
  "v1/data-import/meterpoint-statuses-for-account/[supplier]/[external]": {
    params: accountParams,
    errorShape: "meterpoint-statuses",
  },
  "v1/data-import/historical-statements/create": {
    body: (w) => ({ ...ref(w), statements: [statement(uniq("ST"), { statement_path: "probe/ok.pdf" })] }),
  },
  "v1/data-import/notes/create": {
    body: (w) => ({
      ...ref(w),
      notes: [
        {
          body: "fuzz",
          created_at: "2026-01-01T10:00:00Z",
          document_paths: [{ document_path: "probe/ok.pdf" }],
          is_pinned: true,
          unpin_at: "2026-02-01T10:00:00Z",
        },
      ],
    }),
    extraKeys: [["notes", 0, "external_id"], ["notes", 0, "is_archived"], ["account_number"]],
  },
  "v1/data-import/payment-instruction/create": {
    body: (w) => legacyPaymentInstruction(ref(w), "STRIPE", "CARD", "pm_fuzz"),
  },
  "v1/data-import/send-registration-flows/[import_supplier_code]/[external_account_number]": {
    params: (w) => ({
      import_supplier_code: w.supplier.code,
      external_account_number: w.account.externalAccountNumber,
    }),
    errorShape: "registration",
  },
  "v1/data-import/transactions/create": {
    body: (w) => ({ ...ref(w), dry_run: true, transactions: [energyCharge(uniq("TX"), w.yesterday)] }),
    extraKeys: [["check_previously_added"], ["force_add_to_current_statement"], ["transactions", 0, "tax_items"]],
  },
  "v1/data-import/validate-account": { body: (w) => accountPayload(w.supplier.code) },
  "v1/electricity-meter-points/[mpan]": { params: (w) => ({ mpan: w.meter.mpan }) },
  "v1/electricity-meter-points/[mpan]/meters/[serial]/consumption": {
    params: (w) => ({ mpan: w.meter.mpan, serial: w.meter.elecSerial }),
    query: CONSUMPTION_QUERY,
    validQuery: consumptionQuery,
  },
  "v1/gas-meter-points/[mprn]/meters/[serial]/consumption": {
    params: (w) => ({ mprn: w.meter.mprn, serial: w.meter.gasSerial }),
    query: CONSUMPTION_QUERY,
    validQuery: () => ({ ...consumptionQuery(), group_by: "day", order_by: "-period", page: "1" }),
  },
  "v1/events/asyncapi.json": { auth: "none" },
  "v1/events/openapi.json": { auth: "none" },
  "v1/events/relay-status": { auth: "none" },
  "v1/graphql": {
    body: (w) => ({ query: `mutation { obtainKrakenToken(input: {APIKey: "${w.auth.slice(6)}"}) { token } }` }),
    query: ["query", "variables", "extensions", "operationName"],
    validQuery: () => ({ query: "{ __typename }", variables: "{}" }),
    auth: "none",
    errorShape: "graphql",
  },
  "v1/graphql/schema.graphql": { auth: "none" },
  "v1/industry/grid-supply-points": { query: ["postcode"], validQuery: () => ({ postcode: "SW1A 1AA" }), auth: "none" },
  "v1/openapi.json": { auth: "none" },
  "v1/products": {
    query: [
      "is_variable",
      "is_green",
      "is_tracker",
      "is_prepay",
      "is_business",
      "available_at",
      "brand",
      "page_size",
      "page",
    ],
    auth: "none",
  },
  "v1/products/[product]": { params: () => ({ product: "VAR-22-11-01" }), query: ["tariffs_active_at"], auth: "none" },
  "v1/products/[product]/electricity-tariffs/[tariff]/day-unit-rates": RATE_LIST,
  "v1/products/[product]/electricity-tariffs/[tariff]/night-unit-rates": RATE_LIST,
  "v1/products/[product]/electricity-tariffs/[tariff]/standard-unit-rates": RATE_LIST,
  "v1/products/[product]/electricity-tariffs/[tariff]/standing-charges": RATE_LIST,
  "v1/products/[product]/gas-tariffs/[tariff]/day-unit-rates": RATE_LIST,
  "v1/products/[product]/gas-tariffs/[tariff]/night-unit-rates": RATE_LIST,
  "v1/products/[product]/gas-tariffs/[tariff]/standard-unit-rates": RATE_LIST,
  "v1/products/[product]/gas-tariffs/[tariff]/standing-charges": RATE_LIST,
  "v2/[[...rest]]": { params: () => ({ rest: ["nothing"] }), body: () => ({}) },
  "v2/data-import/accounts": {
    body: (w) => ({ payload: accountPayload(w.supplier.code, uniq("V2")), task_params: { is_dry_run: true } }),
    extraKeys: [
      ["task_params", "schedule_window_start"],
      ["task_params", "schedule_window_end"],
    ],
  },
  "v2/data-import/accounts/[supplier]/[external]": { params: accountParams },
  "v2/data-import/accounts/validate": { body: (w) => ({ payload: accountPayload(w.supplier.code) }) },
};

const routeId = (file: string) => file.replace(/^\/app\//, "").replace(/\/?route\.ts$/, "");

let w: FuzzWorld;
let state: ReturnType<typeof storageTracker>;
let vendor: http.Server;

beforeAll(async () => {
  // A payment vendor that knows no instruction: a valid body is then a 400, as production's.
  vendor = http.createServer((_req, res) => res.writeHead(404).end("{}"));
  await new Promise<void>((r) => vendor.listen(0, "127.0.0.1", r));
  for (const name of ["STRIPE", "BOTTOMLINE"]) {
    setEnv({ [`PAYMENT_VENDOR_${name}_URL`]: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}` });
    setEnv({ [`PAYMENT_VENDOR_${name}_TOKEN`]: "fuzz" });
  }
  w = await fuzzWorld(t.db);
  // A real session row: without one the console routes answer 401 before reading any input.
  session.current = {
    user: { id: String(w.operator.id), organisationId: w.org.id },
    sessionId: await startConsoleSession(t.db, w.operator.id, 3600),
  };
  state = storageTracker(await storageProbe(t.db, w.org.id));
});
afterAll(() => new Promise<void>((r) => vendor.close(() => r())));

const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  null,
] as const;

type Case = {
  params: Record<string, string | string[]>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: unknown;
  raw?: string;
  contentType: string | null;
  auth: "good" | "none" | "bad";
};

/** Header values a client can send (Latin-1, no control characters but tab): other names, blanks, padding, overlong, Latin-1 letters. */
const badHeaderValue = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\t",
    "Fuzz reconciled",
    "fuzz planned",
    " Fuzz planned ",
    "Fuzz%20planned",
    "x".repeat(101),
    "x".repeat(5000),
    "Caf\u00e9",
    "'; drop table cohorts; --",
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 120 }),
);

function cases(spec: Spec, method: Method, world: FuzzWorld): fc.Arbitrary<Case> {
  const valid = spec.params?.(world) ?? {};
  const params = fc.record(
    Object.fromEntries(
      Object.entries(valid).map(([k, v]) => [
        k,
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(v) },
          {
            weight: 2,
            arbitrary: Array.isArray(v) ? fc.array(badSegment, { minLength: 1, maxLength: 3 }) : badSegment,
          },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string | string[]>>;
  const keys = [...(spec.query ?? []), "page_size", "unknown"];
  const bad = fc.array(fc.tuple(fc.constantFrom(...keys), badQueryValue), { maxLength: 3 });
  // From the valid query string: each parameter kept (mostly), left out or made bad, plus bad extras.
  const validQuery = Object.entries(spec.validQuery?.(world) ?? {});
  const kept = fc.tuple(
    ...validQuery.map(([k, v]) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([[k, v]] as [string, string][]) },
        { weight: 1, arbitrary: fc.constant([] as [string, string][]) },
        { weight: 2, arbitrary: badQueryValue.map((b) => [[k, b]] as [string, string][]) },
      ),
    ),
  );
  const query = validQuery.length ? fc.tuple(kept, bad).map(([k, b]) => [...k.flat(), ...b]) : bad;
  const headers = fc
    .record(
      Object.fromEntries(
        Object.entries(spec.headers?.(world) ?? {}).map(([k, v]) => [
          k,
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(v) },
            { weight: 1, arbitrary: fc.constant(undefined) },
            { weight: 3, arbitrary: badHeaderValue },
          ),
        ]),
      ),
    )
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);
  const writes = method === "POST" || method === "PUT" || method === "PATCH";
  const base = writes && spec.body ? spec.body(world) : undefined;
  const body: fc.Arbitrary<{ body?: unknown; raw?: string }> = !writes
    ? fc.constant({})
    : fc.oneof(
        {
          weight: 8,
          arbitrary:
            base === undefined
              ? fc.constant({ body: {} })
              : mutated(base, spec.extraKeys).map((m) => ({ body: m.input })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              "{",
              "[]",
              "null",
              '{"a":1,"a":2}',
              "\u0000",
              '{"x":"\\u0000"}',
              '{"x":"\\ud800"}',
              "1e999",
              "",
            )
            .map((raw) => ({ raw })),
        },
      );
  return fc
    .record({
      params,
      query,
      headers,
      body,
      contentType: fc.constantFrom(...CONTENT_TYPES),
      auth: fc.constantFrom("good", "good", "good", "none", "bad"),
    })
    .map(({ body: b, ...rest }) => ({ ...rest, ...b }));
}

function request(id: string, method: Method, spec: Spec, c: Case): Request {
  const url = new URL(`http://localhost:3000/${id.replace(/^\(console\)\//, "")}/`);
  for (const [k, v] of c.query) url.searchParams.append(k, v);
  const headers = new Headers(c.headers);
  if (c.contentType && (c.body !== undefined || c.raw !== undefined)) headers.set("content-type", c.contentType);
  if (spec.auth !== "none" && spec.auth !== "session" && c.auth !== "none")
    headers.set("authorization", c.auth === "good" ? w.auth : "Token sk_live_\u00e9\u00e9");
  const text = c.raw ?? (c.body !== undefined ? JSON.stringify(c.body) : undefined);
  return new Request(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : text });
}

function expectDocumentedError(spec: Spec, res: Response, body: unknown, what: string) {
  const shape = spec.errorShape ?? "standard";
  if (shape === "authjs") return;
  if (shape === "graphql") return void expect(body, what).toMatchObject({ errors: expect.any(Array) });
  if (shape === "trpc") return void expect(body, what).toSatisfy((b: unknown) => JSON.stringify(b).includes('"code"'));
  if (shape === "registration" && res.status === 404 && Array.isArray(body)) return;
  if (shape === "meterpoint-statuses" && res.status === 404)
    return void expect(body, what).toEqual({ error: expect.any(String) });
  if (res.status === 405 || res.status === 304) return;
  expect(res.headers.get("content-type"), what).toContain("application/json");
  expectErrorShape(body, what);
}

describe("fuzz: every REST route", () => {
  it("covers every route of the app/ tree", () => {
    const found = Object.keys(ROUTE_FILES).map(routeId).sort();
    expect(
      found.filter((id) => !(id in ROUTES)),
      "routes without fuzz inputs (add them to ROUTES)",
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((id) => !found.includes(id)),
      "ROUTES entries with no route",
    ).toEqual([]);
  });

  for (const [file, load] of Object.entries(ROUTE_FILES)) {
    const id = routeId(file);
    it(
      `${id}: bad input is never a 5xx, always the error shape, and stores nothing`,
      async () => {
        const mod = (await load()) as Record<string, unknown>;
        const spec = ROUTES[id];
        expect(spec, `no fuzz inputs for ${id}`).toBeDefined();
        const methods = METHODS.filter((m) => typeof mod[m] === "function");
        expect(methods.length).toBeGreaterThan(0);
        // The route's own method gets the runs; the others (405s, preflights) a few each.
        const main: Method = spec.body ? "POST" : "GET";
        for (const [n, method] of methods.entries()) {
          const writes = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
          await fc.assert(
            fc.asyncProperty(cases(spec, method, w), async (c) => {
              if (writes) await state.before();
              const res = await (mod[method] as Handler)(request(id, method, spec, c), {
                params: Promise.resolve(c.params),
              });
              const text = await res.text();
              const what = `${method} ${id} ${describeCase(c)} -> ${res.status} ${text.slice(0, 400)}`;
              // relay-status's 503 is its documented alarm (events waiting), answered in its own shape.
              if (id === "v1/events/relay-status" && method === "GET" && res.status === 503)
                return void expect(JSON.parse(text), what).toMatchObject({ healthy: false });
              expect(res.status, what).toBeLessThan(500);
              if (res.status < 400) return void (writes && (await state.after(true)));
              let body: unknown = text;
              try {
                body = text ? JSON.parse(text) : null;
              } catch {
                /* not JSON: the shape check says so */
              }
              expectDocumentedError(spec, res, body, what);
              if (!writes) return;
              const { was, now } = (await state.after(false))!;
              expect(now, `${what}: a refused request changed what is stored (${changedParts(was, now)})`).toBe(was);
            }),
            { ...fuzzParams(n), numRuns: method === main ? FUZZ_RUNS : Math.max(2, Math.ceil(FUZZ_RUNS / 10)) },
          );
        }
      },
      60_000 + FUZZ_RUNS * 2_000,
    );
  }
});
