import fc from "fast-check";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { validateAccountHandler as validate } from "@/server/rest/routes/account-import";
import { accountImportProcesses, accounts, agreements, meterPoints, supplyAddresses } from "@/db/schema";
import * as F from "@/server/services/account-import/payload/fields";
import { EnergyAccount } from "@/server/services/account-import/payload/energy-account";
import { payloadRuleErrors } from "@/server/services/account-import/rules";
import { uniq, useTestDb } from "@/test/db";
import { domesticCustomer, electricityPoint, freshMeterIds, gasPoint, supplyAddress } from "@/test/factories";
import { rawEnergyAccount, repair } from "@/test/energy-account-arbitrary";
import { makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";
import { def, type Leaf, leavesOf, maxLengthOf } from "@/test/zod-arbitrary";
import { testEnv } from "@/test/env.mjs";

/**
 * Accounts generated from the EnergyAccount zod schema itself (test/zod-arbitrary.ts): any
 * documented field, any value its type allows. Valid ones are accepted whole; one broken field
 * is refused with production's code at that field's dotted attr, and nothing else.
 */
const t = useTestDb();
const RUNS = testEnv.PROPERTY_RUNS ?? 0;
const runs = (n: number) => ({ numRuns: RUNS || n });
/** More runs than the defaults (PROPERTY_RUNS) need more than vitest's 30 s. */
const TIMEOUT = RUNS ? 30_000 + RUNS * 2_000 : undefined;

async function world() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  return { supplier, auth: `Token ${org.apiKey}` };
}

const validAccount = (supplier: string) =>
  rawEnergyAccount.map((raw) => repair(raw, { supplier, external: uniq("GEN") }));

const withoutSupplier = (a: Record<string, unknown>) => {
  const { import_supplier: _s, ...rest } = a;
  return rest;
};

describe("generated EnergyAccount payloads", () => {
  it("the generator yields only what the schema accepts, and reaches every top-level field", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(rawEnergyAccount, (raw) => {
        const r = EnergyAccount.safeParse(raw);
        expect(r.success, JSON.stringify(r.error?.issues.slice(0, 2))).toBe(true);
        for (const k of Object.keys(raw as object)) seen.add(k);
      }),
      runs(300),
    );
    const embedded = ["notes", "statements", "current_statement_transactions", "historical_statement_transactions"];
    expect(Object.keys(EnergyAccount.shape).filter((k) => !seen.has(k) && !embedded.includes(k))).toEqual([]);
  });

  it("once made consistent, they pass every cross-field rule", () => {
    fc.assert(
      fc.property(validAccount("SUP"), (a) => {
        expect(payloadRuleErrors(EnergyAccount.parse(a))).toEqual([]);
      }),
      runs(200),
    );
  });

  it(
    "validate-account accepts them and answers the payload back",
    async () => {
      const w = await world();
      await fc.assert(
        fc.asyncProperty(validAccount(w.supplier.code), async (a) => {
          const res = await call(validate, "/v", { body: a, auth: w.auth });
          expect(res.status, JSON.stringify(res.json).slice(0, 800)).toBe(200);
          expect(res.json).toEqual(a);
        }),
        runs(25),
      );
    },
    TIMEOUT,
  );

  it(
    "staging keeps every field as sent, and processing makes one row per supply address, meter point and agreement",
    async () => {
      const w = await world();
      await fc.assert(
        fc.asyncProperty(validAccount(w.supplier.code), async (a) => {
          const staged = await call(stage, "/s", { body: a, auth: w.auth });
          expect(staged.status, JSON.stringify(staged.json).slice(0, 800)).toBe(201);
          const [row] = await t.db
            .select()
            .from(accountImportProcesses)
            .where(eq(accountImportProcesses.externalAccountNumber, a.external_account_number));
          expect(row.payload).toEqual(withoutSupplier(a));
          const done = await call(processRoute, "/p", {
            body: { import_supplier_code: w.supplier.code, external_account_number: a.external_account_number },
            auth: w.auth,
          });
          expect(done.status, JSON.stringify(done.json).slice(0, 800)).toBe(201);
          const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, done.json.kraken_account_number));
          const points = (a.supply_addresses ?? []).flatMap(
            (sa: { meter_points: { agreements: unknown[] }[] }) => sa.meter_points,
          );
          const counted = async (table: typeof supplyAddresses | typeof meterPoints | typeof agreements) =>
            (await t.db.select({ n: count() }).from(table).where(eq(table.accountId, acc.id)))[0].n;
          expect([await counted(supplyAddresses), await counted(meterPoints), await counted(agreements)]).toEqual([
            a.supply_addresses?.length ?? 0,
            points.length,
            points.reduce((n: number, p: { agreements: unknown[] }) => n + p.agreements.length, 0),
          ]);
        }),
        runs(8),
      );
    },
    TIMEOUT,
  );
});

type Corruption = {
  path: (string | number)[];
  value?: unknown;
  drop?: boolean;
  attr: string;
  code: string;
  what: string;
};

const isPostcode = (l: Leaf) =>
  def(l.schema).type === "string" && l.schema.safeParse("SW1A 1AA").success && !l.schema.safeParse("abc").success;

/** Every single-field corruption this payload admits, each with the code and attr it must be refused with. */
function corruptionsOf(a: unknown): Corruption[] {
  const leaves = leavesOf(EnergyAccount, a);
  const attr = (p: (string | number)[]) => p.join(".");
  const out: Corruption[] = [];
  for (const l of leaves) {
    const at = attr(l.path);
    const kind = def(l.schema).type;
    if (l.kind === "object") {
      out.push({
        path: [...l.path, "not_a_production_field"],
        value: 1,
        attr: l.path.length ? `${at}.not_a_production_field` : "not_a_production_field",
        code: "unknown_field",
        what: "unknown field",
      });
      const shape = def(l.schema).shape as Record<string, z.ZodType>;
      for (const [k, s] of Object.entries(shape)) {
        if (def(s).type !== "optional")
          out.push({
            path: [...l.path, k],
            drop: true,
            attr: attr([...l.path, k]),
            code: "required",
            what: "required field left out",
          });
      }
      continue;
    }
    if (l.schema === F.Mpan)
      out.push({
        path: l.path,
        value: `${String(l.value).slice(0, 12)}${(Number(String(l.value)[12]) + 1) % 10}`,
        attr: at,
        code: "invalid_supply_point_identifier",
        what: "MPAN check digit",
      });
    if (l.schema === F.Mprn)
      out.push({ path: l.path, value: "12AB56", attr: at, code: "invalid_supply_point_identifier", what: "MPRN" });
    if (isPostcode(l))
      out.push({ path: l.path, value: "SW1A 1A", attr: at, code: "invalid_postcode", what: "postcode" });
    if (l.schema === F.Phone)
      out.push({ path: l.path, value: "12345", attr: at, code: "invalid_phone_number", what: "phone" });
    if (l.schema === F.DateStr)
      out.push({ path: l.path, value: "2025-02-30", attr: at, code: "invalid_date", what: "date" });
    if (l.schema === F.DateTimeStr)
      out.push({ path: l.path, value: "2025-13-01T00:00:00Z", attr: at, code: "invalid_datetime", what: "datetime" });
    if (kind === "enum" || kind === "literal")
      out.push({ path: l.path, value: "NOT_A_CHOICE", attr: at, code: "invalid_choice", what: "enum" });
    if (kind === "string" && l.schema !== F.AnyJson) {
      out.push({ path: l.path, value: 12, attr: at, code: "invalid_type", what: "number for a string" });
      const max = maxLengthOf(l.schema);
      if (max !== undefined && max < 2000)
        out.push({ path: l.path, value: "9".repeat(max + 1), attr: at, code: "max_length", what: "over-long string" });
    }
    if (kind === "boolean")
      out.push({ path: l.path, value: "yes", attr: at, code: "invalid_type", what: "string for a boolean" });
    if (kind === "number")
      out.push({ path: l.path, value: "7", attr: at, code: "invalid_type", what: "string for a number" });
    if (l.kind === "decimal")
      out.push({ path: l.path, value: true, attr: at, code: "invalid_type", what: "boolean for a decimal" });
  }
  return out;
}

function applyCorruption(a: unknown, c: Corruption) {
  const copy: any = structuredClone(a);
  let node = copy;
  for (const k of c.path.slice(0, -1)) node = node[k];
  const last = c.path[c.path.length - 1];
  if (c.drop) delete node[last];
  else node[last] = c.value;
  return copy;
}

/** A generated account around a core that has every kind of field to break: both fuels, a customer with phones. */
const accountWithCore = (supplier: string) =>
  rawEnergyAccount.map((raw: any) => {
    const ids = freshMeterIds();
    const core = { ...raw, unknown_occupier: false };
    core.supply_addresses = [
      supplyAddress([electricityPoint(ids.mpan), gasPoint(ids.mprn)]),
      ...(raw.supply_addresses ?? []),
    ];
    core.customers = [domesticCustomer(), ...(raw.customers ?? [])];
    core.billing_address = undefined;
    core.billing_postcode = "EH2 3AT";
    return repair(core, { supplier, external: uniq("BAD") });
  });

const KINDS = [
  "unknown field",
  "required field left out",
  "MPAN check digit",
  "MPRN",
  "postcode",
  "phone",
  "date",
  "datetime",
  "enum",
  "number for a string",
  "string for a boolean",
  "string for a number",
  "boolean for a decimal",
  "over-long string",
];

describe("single-field corruptions of generated accounts", () => {
  for (const what of KINDS) {
    it(
      `${what}: refused by validate-account and by staging with its code at the field's dotted attr, and nothing else; nothing staged`,
      async () => {
        const w = await world();
        const cases = accountWithCore(w.supplier.code).chain((a) =>
          fc.constantFrom(...corruptionsOf(a).filter((c) => c.what === what)).map((c) => ({ a, c })),
        );
        await fc.assert(
          fc.asyncProperty(cases, async ({ a, c }) => {
            const body = applyCorruption(a, c);
            for (const route of [validate, stage]) {
              const res = await call(route, "/x", { body, auth: w.auth });
              const why = `${c.what} at ${c.attr}: ${JSON.stringify(res.json).slice(0, 600)}`;
              expect(res.status, why).toBe(400);
              expect(res.json.code, why).toBe("account_failed_validation");
              expect(
                res.json.errors.map((e: { code: string }) => e.code),
                why,
              ).toContain(c.code);
              expect([...new Set(res.json.errors.map((e: { attr: string }) => e.attr))], why).toEqual([c.attr]);
            }
            const [{ n }] = await t.db
              .select({ n: count() })
              .from(accountImportProcesses)
              .where(eq(accountImportProcesses.supplierId, w.supplier.id));
            expect(n).toBe(0);
          }),
          runs(5),
        );
      },
      TIMEOUT,
    );
  }
});
