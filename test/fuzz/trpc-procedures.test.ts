import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import fc from "fast-check";
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@/server/api/root";
import { useTestDb } from "@/test/db";
import { intervalCsv } from "@/test/factories";
import { mutated } from "./mutate";
import {
  FUZZ_RUNS,
  type FuzzWorld,
  changedParts,
  describeCase,
  fuzzParams,
  fuzzWorld,
  storageProbe,
  storageTracker,
} from "./world";

/**
 * Issue 18's fuzz suite, tRPC half: every procedure of the console's router (read from the
 * router, so a new procedure fails this file until it is given an input below) is called over
 * tRPC's HTTP adapter, as an operator, with a valid input made bad at any depth, or a field its
 * schema has set to a bad value. Never a 5xx, always the error shape (a code, the service code
 * and field errors), and a refused call stores nothing.
 */

const t = useTestDb();

/** A valid input of every procedure (or several: one is picked per run). */
const INPUTS: Record<string, (w: FuzzWorld) => unknown> = {
  "session.me": () => ({}),
  "supplier.list": () => ({}),
  "supplier.get": (w) => ({ code: w.supplier.code }),
  "supplier.create": () => ({
    code: "FUZZ-NEW",
    name: "Fuzz",
    status: "Ongoing",
    documentRoot: "file:///tmp/km-fuzz",
    sendAutomatedEmails: false,
  }),
  "supplier.update": (w) => ({
    code: w.paused.code,
    name: "Renamed",
    documentRoot: "file:///tmp/km-fuzz-2",
    sendAutomatedEmails: true,
  }),
  "supplier.setStatus": (w) => ({ code: w.paused.code, status: "Paused" }),
  "supplier.audit": (w) => ({ code: w.supplier.code, cursor: null, direction: "forward" }),
  "supplier.documentStores": () => ({}),
  "accountImport.list": (w) => ({
    importSupplier: w.supplier.code,
    status: "staged",
    search: "S",
    sort: "created_at",
    direction: "desc",
    cursor: null,
    before: null,
    limit: 10,
  }),
  "accountImport.get": (w) => ({
    importSupplier: w.supplier.code,
    externalAccountNumber: w.staged.external_account_number,
  }),
  "accountImport.activity": (w) => ({ importSupplier: w.supplier.code, days: 30 }),
  "account.find": (w) => ({ query: w.account.externalAccountNumber }),
  "account.get": (w) => ({ accountNumber: w.account.accountNumber }),
  "account.notes": (w) => ({ accountNumber: w.account.accountNumber, cursor: null, direction: "forward", limit: 10 }),
  "account.transactions": (w) => ({
    accountNumber: w.account.accountNumber,
    cursor: null,
    direction: "forward",
    limit: 10,
  }),
  "account.records": (w) => ({ accountNumber: w.account.accountNumber }),
  "support.search": (w) => [{ query: w.account.externalAccountNumber }, { query: "Lovelace", limit: 5 }],
  "support.ledger": (w) => ({
    filter: {
      accountNumber: w.account.accountNumber,
      types: ["PAYMENT"],
      from: "2026-01-01",
      to: "2026-12-31",
      minAmount: "0",
      maxAmount: "100",
    },
    cursor: null,
    limit: 10,
  }),
  "support.searchNotes": (w) => ({ accountNumber: w.account.accountNumber, query: "bills" }),
  "support.timeline": (w) => ({ accountNumber: w.account.accountNumber, cursor: null, limit: 10 }),
  "event.list": (w) => ({
    typePrefix: "account",
    accountNumber: w.account.accountNumber,
    from: "2026-01-01T00:00:00Z",
    to: "2027-01-01T00:00:00Z",
    delivery: "any",
    cursor: null,
    limit: 10,
    withTotal: true,
  }),
  "event.get": () => ({ id: "00000000-0000-4000-8000-000000000000" }),
  "event.delivery": () => undefined,
  "event.catalogue": () => ({ search: "account" }),
  "apiKey.list": () => ({}),
  "apiKey.create": () => ({}),
  "apiKey.roll": (w) => ({ keyId: w.org.apiKeyId }),
  "apiKey.invalidate": (w) => ({ keyId: w.org.apiKeyId }),
  "customerKey.list": (w) => ({ accountNumber: w.meter.accountNumber }),
  "customerKey.issue": (w) => ({ accountNumber: w.meter.accountNumber, email: "ada@example.com" }),
  "customerKey.revoke": () => ({ keyId: 1 }),
  "audit.list": () => ({ entityType: "supplier", entityId: "x", cursor: null, limit: 10, direction: "forward" }),
  "product.list": () => ({ search: "VAR", brand: "OCTOPUS_ENERGY", cursor: null, limit: 10, direction: "forward" }),
  "product.rates": () => ({ tariffCode: "E-1R-VAR-22-11-01-C" }),
  "consumption.upload": (w) => [
    {
      accountNumber: w.meter.accountNumber,
      mpxn: w.meter.mpan,
      fileName: "reads.csv",
      format: "csv",
      content: intervalCsv(w.meter.mpan, w.meter.elecSerial, "2026-11-02T00:00:00Z", 4, () => "0.25"),
    },
    {
      accountNumber: w.meter.accountNumber,
      mpxn: w.meter.mprn,
      format: "json",
      content: JSON.stringify([
        {
          mpxn: w.meter.mprn,
          serial_number: w.meter.gasSerial,
          interval_start: "2026-11-02T00:00:00Z",
          consumption: "1.5",
        },
      ]),
    },
  ],
  "smartDevices.upload": () => [
    {
      fileName: "inventory.csv",
      format: "csv",
      content: "device_id,device_type,manufacturer,model,firmware_version\nFZ-00-01,ESME,Landis+Gyr,E470,4.3.1\n",
    },
    {
      format: "json",
      content: JSON.stringify([
        { device_id: "FZ-00-02", manufacturer: "Itron", model: "Gallus", firmware_version: "1.0" },
      ]),
    },
  ],
  "importJob.list": (w) => ({ importSupplier: w.supplier.code, limit: 10 }),
  "importJob.get": (w) => ({ id: w.job.id }),
  "importJob.failureGroups": (w) => ({ id: w.job.id }),
  "importJob.failedRows": (w) => ({ id: w.job.id, code: "invalid_postcode", afterLine: 0, limit: 10 }),
  "importJob.row": (w) => ({ id: w.job.id, line: 2 }),
  "importJob.dashboard": (w) => ({ importSupplier: w.supplier.code, minutes: 60 }),
  "importJob.pause": (w) => ({ id: w.job.id }),
  "importJob.resume": (w) => ({ id: w.job.id }),
  "importJob.cancel": (w) => ({ id: w.job.id }),
  "importJob.delete": (w) => ({ id: w.job.id }),
  "importJob.importValidated": (w) => ({ id: w.job.id }),
  "importJob.fixRow": (w) => ({ id: w.job.id, line: 2, payload: { ...w.failing, billing_postcode: "SW1A 1AA" } }),
  "importJob.retryGroup": (w) => ({ id: w.job.id, code: "invalid_postcode" }),
  "cohort.list": (w) => [{ importSupplier: w.supplier.code }, {}],
  "cohort.get": (w) => ({ id: w.cohort.id }),
  "cohort.members": (w) => ({ id: w.cohort.id, state: "imported", after: "", limit: 10 }),
  "cohort.reconciliation": (w) => ({ id: w.cohort.id }),
  "cohort.results": (w) => ({
    id: w.cohort.id,
    check: "balance",
    state: "open",
    q: w.account.externalAccountNumber,
    after: "",
    limit: 10,
  }),
  "cohort.cutover": (w) => ({ id: w.cohort.id }),
  "cohort.dashboard": () => ({ days: 30 }),
  "cohort.forAccount": (w) => ({ number: w.account.accountNumber }),
  "cohort.audit": (w) => ({ id: w.cohort.id, cursor: null, limit: 10 }),
  "cohort.create": (w) => ({
    importSupplier: w.supplier.code,
    name: "Fuzz wave",
    plannedCutoverDate: "2027-03-01",
    notes: "fuzz",
  }),
  "cohort.update": (w) => ({
    id: w.planned.id,
    name: "Fuzz renamed",
    plannedCutoverDate: "2027-03-02",
    notes: "renamed by the fuzzer",
  }),
  "cohort.addMembers": (w) => ({ id: w.planned.id, accounts: "FUZZ-1\nFUZZ-2" }),
  "cohort.removeMembers": (w) => ({ id: w.planned.id, externalAccountNumbers: ["FUZZ-1"] }),
  "cohort.markImported": (w) => ({ id: w.planned.id }),
  "cohort.reconcile": (w) => ({ id: w.cohort.id }),
  "cohort.accept": (w) => [
    { id: w.cohort.id, reason: "Refund after the extract", check: "balance" },
    {
      id: w.cohort.id,
      reason: "Refund after the extract",
      items: [{ externalAccountNumber: w.account.externalAccountNumber, check: "balance" }],
    },
  ],
  "cohort.signOff": (w) => ({ id: w.cohort.id }),
  "cohort.startCutover": (w) => ({ id: w.cohort.id }),
  "cohort.retryCutover": (w) => ({ id: w.cohort.id }),
};

/** Procedures whose valid input is a change the fuzzer must not make for real: their mutated inputs keep a bad value. */
type Procedure = { _def: { type: "query" | "mutation"; inputs: z.ZodType[] } };
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures;

/** The top-level fields a procedure's input schema names, so a field the valid input leaves out is fuzzed too. */
function schemaKeys(p: Procedure): string[][] {
  const schema = p._def.inputs[0];
  if (!schema) return [];
  try {
    const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(js.properties ?? {}).map((k) => [k]);
  } catch {
    return [];
  }
}

let w: FuzzWorld;
let state: ReturnType<typeof storageTracker>;

beforeAll(async () => {
  w = await fuzzWorld(t.db);
  state = storageTracker(await storageProbe(t.db, w.org.id));
});

async function callOver(path: string, type: "query" | "mutation", input: unknown) {
  const url = new URL(`http://localhost/api/trpc/${path}`);
  if (type === "query" && input !== undefined) url.searchParams.set("input", JSON.stringify({ json: input }));
  const req = new Request(url, {
    method: type === "query" ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: type === "mutation" ? JSON.stringify(input === undefined ? {} : { json: input }) : undefined,
  });
  const user = {
    id: w.operator.id,
    organisationId: w.org.id,
    role: w.operator.role,
    email: w.operator.email,
    name: w.operator.name,
  };
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => ({ db: t.db, requestId: "fuzz", user }),
  });
  return { status: res.status, text: await res.text() };
}

const TrpcError = z.object({
  error: z.object({
    json: z.object({
      message: z.string(),
      code: z.number(),
      data: z.object({
        code: z.string(),
        httpStatus: z.number(),
        serviceCode: z.string().nullable(),
        requestId: z.string().nullable(),
        fieldErrors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
      }),
    }),
  }),
});

describe("fuzz: every tRPC procedure", () => {
  it("covers every procedure of the router", () => {
    const names = Object.keys(procedures).sort();
    expect(
      names.filter((n) => !(n in INPUTS)),
      "procedures without fuzz inputs (add them to INPUTS)",
    ).toEqual([]);
    expect(
      Object.keys(INPUTS).filter((n) => !names.includes(n)),
      "INPUTS entries with no procedure",
    ).toEqual([]);
  });

  for (const [name, procedure] of Object.entries(procedures)) {
    it(
      `${name}: bad input is never a 5xx, always the error shape, and stores nothing`,
      async () => {
        const given = INPUTS[name](w);
        const bases = Array.isArray(given) ? given : [given ?? {}];
        const inputs = fc.oneof(...bases.map((b) => mutated(b, schemaKeys(procedure))));
        await fc.assert(
          fc.asyncProperty(inputs, async ({ input, mutations }) => {
            await state.before();
            const res = await callOver(name, procedure._def.type, input);
            const what = `${name} ${describeCase(mutations)} -> ${res.status} ${res.text.slice(0, 400)}`;
            expect(res.status, what).toBeLessThan(500);
            if (res.status < 400) return void (await state.after(true));
            expect(TrpcError.safeParse(JSON.parse(res.text)).success, `${what}: not the error shape`).toBe(true);
            const { was, now } = (await state.after(false))!;
            expect(now, `${what}: a refused call changed what is stored (${changedParts(was, now)})`).toBe(was);
          }),
          fuzzParams(name.length),
        );
      },
      60_000 + FUZZ_RUNS * 2_000,
    );
  }
});
