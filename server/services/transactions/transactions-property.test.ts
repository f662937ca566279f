import Decimal from "decimal.js";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTransactionsHandler as create } from "@/server/rest/routes/data-import";
import { execRows } from "@/db/client";
import { accounts, meterPoints, transactions } from "@/db/schema";
import { addDays, londonToday } from "@/server/lib/time";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { moneyText } from "../../lib/money";
import { type ArbitraryContext, TYPES, validBatch } from "./transaction-arbitraries";
import { eventsFor, importedAccount } from "@/test/factories";
import { testEnv } from "@/test/env.mjs";

const t = useTestDb();
const RUNS = testEnv.PROPERTY_RUNS ?? 40;
const URL = "/v1/data-import/transactions/create/";
const today = londonToday();

type Tx = Record<string, any>;
/** One field made wrong, and what the API must say about it (attr relative to the transaction). */
type Corruption = {
  name: string;
  applies: (t: Tx) => boolean;
  apply: (t: Tx) => Tx;
  code: string;
  attr: string | ((t: Tx) => string);
};

const without = (t: Tx, ...keys: string[]) => Object.fromEntries(Object.entries(t).filter(([k]) => !keys.includes(k)));
const is =
  (...types: string[]) =>
  (t: Tx) =>
    types.includes(t.type);
const any = () => true;
const line0 = (t: Tx, patch: (l: Tx) => Tx) => ({
  ...t,
  line_items: [patch(t.line_items[0]), ...t.line_items.slice(1)],
});
const BANDS = ["rate_band", "rate_specification_code", "time_series_specification_code"];

const CORRUPTIONS: Corruption[] = [
  {
    name: "no transaction_id",
    applies: any,
    apply: (t) => without(t, "transaction_id"),
    code: "missing_transaction_id",
    attr: "transaction_id",
  },
  {
    name: "blank transaction_id",
    applies: any,
    apply: (t) => ({ ...t, transaction_id: "   " }),
    code: "blank",
    attr: "transaction_id",
  },
  {
    name: "long transaction_id",
    applies: any,
    apply: (t) => ({ ...t, transaction_id: "x".repeat(101) }),
    code: "max_length",
    attr: "transaction_id",
  },
  {
    name: "impossible date",
    applies: any,
    apply: (t) => ({ ...t, transaction_date: "2026-02-30" }),
    code: "invalid_date",
    attr: "transaction_date",
  },
  {
    name: "date tomorrow",
    applies: any,
    apply: (t) => ({ ...t, transaction_date: addDays(today, 1) }),
    code: "transaction_in_future",
    attr: "transaction_date",
  },
  {
    name: "no date",
    applies: any,
    apply: (t) => without(t, "transaction_date"),
    code: "required",
    attr: "transaction_date",
  },
  {
    name: "amount not a number",
    applies: any,
    apply: (t) => ({ ...t, amount: "12,50" }),
    code: "invalid_number",
    attr: "amount",
  },
  {
    name: "amount 11 places",
    applies: any,
    apply: (t) => ({ ...t, amount: "0.12345678901" }),
    code: "max_decimal_places",
    attr: "amount",
  },
  {
    name: "amount 11 digits",
    applies: any,
    apply: (t) => ({ ...t, amount: 12345678901 }),
    code: "max_value",
    attr: "amount",
  },
  {
    name: "amount boolean",
    applies: any,
    apply: (t) => ({ ...t, amount: true }),
    code: "invalid_type",
    attr: "amount",
  },
  { name: "amount null", applies: any, apply: (t) => ({ ...t, amount: null }), code: "null", attr: "amount" },
  { name: "no amount", applies: any, apply: (t) => without(t, "amount"), code: "required", attr: "amount" },
  {
    name: "unknown type",
    applies: any,
    apply: (t) => ({ ...t, type: "REFUND" }),
    code: "invalid_choice",
    attr: "type",
  },
  { name: "no type", applies: any, apply: (t) => without(t, "type"), code: "required", attr: "type" },
  {
    name: "unknown reason",
    applies: is("CHARGE", "CREDIT", "PAYMENT", "REPAYMENT"),
    apply: (t) => ({ ...t, reason: "NOT_A_REASON" }),
    code: "invalid_choice",
    attr: "reason",
  },
  {
    name: "no reason",
    applies: is("CHARGE", "CREDIT"),
    apply: (t) => without(t, "reason"),
    code: "required",
    attr: "reason",
  },
  {
    name: "reason on a supply charge",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => ({ ...t, reason: "IMPORTED_CHARGE" }),
    code: "unknown_field",
    attr: "reason",
  },
  {
    name: "payment_type off its type",
    applies: is("CHARGE", "CREDIT", "SUPPLY_CHARGE"),
    apply: (t) => ({ ...t, payment_type: "CHEQUE" }),
    code: "unknown_field",
    attr: "payment_type",
  },
  {
    name: "the other type's payment_type",
    applies: is("PAYMENT", "REPAYMENT"),
    apply: (t) => ({ ...t, payment_type: t.type === "PAYMENT" ? "CARD_REFUND" : "DD_FIRST_COLLECTION" }),
    code: "invalid_choice",
    attr: "payment_type",
  },
  {
    name: "tax_items off its type",
    applies: is("CREDIT", "PAYMENT", "REPAYMENT"),
    apply: (t) => ({ ...t, tax_items: [] }),
    code: "unknown_field",
    attr: "tax_items",
  },
  {
    name: "amount in tenths of a penny",
    applies: any,
    apply: (t) => ({ ...t, amount: "1.005" }),
    code: "amount_not_whole_pence",
    attr: "amount",
  },
  {
    name: "unknown field",
    applies: any,
    apply: (t) => ({ ...t, colour: "red" }),
    code: "unknown_field",
    attr: "colour",
  },
  {
    name: "not the account's meter",
    applies: any,
    apply: (t) => ({ ...t, to_prepay_meter_serial_number: "NO-SUCH-METER" }),
    code: "prepay_meter_not_found",
    attr: "to_prepay_meter_serial_number",
  },
  {
    name: "bad tax unit_type",
    applies: is("CHARGE", "SUPPLY_CHARGE"),
    apply: (t) => ({
      ...t,
      tax_items: [{ amount: "1", value_taxed: "20", rate: "0.05", tax_type: "VAT", unit_type: "PER_LITRE" }],
    }),
    code: "invalid_choice",
    attr: "tax_items.0.unit_type",
  },
  {
    name: "bad tax rate",
    applies: is("CHARGE", "SUPPLY_CHARGE"),
    apply: (t) => ({
      ...t,
      tax_items: [{ amount: "1", value_taxed: "20", rate: "five", tax_type: "VAT", unit_type: "PROPORTION" }],
    }),
    code: "invalid_number",
    attr: "tax_items.0.rate",
  },
  {
    name: "unknown product",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => ({ ...t, product_code: "NO-SUCH-PRODUCT" }),
    code: "product_code_does_not_exist",
    attr: "product_code",
  },
  {
    name: "no product",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => without(t, "product_code"),
    code: "required",
    attr: "product_code",
  },
  {
    name: "no line items",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => ({ ...t, line_items: [] }),
    code: "too_few_items",
    attr: "line_items",
  },
  {
    name: "line items left out",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => without(t, "line_items"),
    code: "required",
    attr: "line_items",
  },
  {
    name: "one unit",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => line0(t, (l) => ({ ...l, units: ["1"] })),
    code: "line_item_units_must_be_two_values",
    attr: "line_items.0.units",
  },
  {
    name: "period backwards",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => line0(t, (l) => ({ ...l, start_date: addDays(l.end_date, 1) })),
    code: "start_date_later_than_end_date",
    attr: "line_items.0.end_date",
  },
  {
    name: "net not units x price",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => line0(t, (l) => ({ ...l, number_of_units: "2", price_per_unit: "1.5", net_amount: "3.02" })),
    code: "incorrect_line_item_net_amount",
    attr: "line_items.0.net_amount",
  },
  {
    name: "units 5 places",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => line0(t, (l) => ({ ...l, number_of_units: "1.12345" })),
    code: "max_decimal_places",
    attr: "line_items.0.number_of_units",
  },
  {
    name: "band and time series",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) =>
      line0(t, (l) => ({
        ...without(l, ...BANDS),
        rate_band: "CONSUMPTION_STANDARD",
        time_series_specification_code: "HH",
      })),
    code: "conflicting_rate_band_specification",
    attr: "line_items.0.time_series_specification_code",
  },
  {
    name: "amount off the items",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) => ({ ...t, amount: new Decimal(String(t.amount)).plus("0.01").toFixed() }),
    code: "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount",
    attr: "amount",
  },
  {
    name: "rate code without supply point",
    applies: is("SUPPLY_CHARGE"),
    apply: (t) =>
      without(
        line0(t, (l) => ({ ...without(l, ...BANDS), rate_specification_code: "STANDING" })),
        "supply_point_identifier",
      ),
    code: "supply_point_identifier_required_for_rate_specification_code",
    attr: "supply_point_identifier",
  },
];

async function written(accountId: number) {
  const [row] = await execRows<Record<string, unknown>>(
    t.db,
    sql`select (select count(*) from transactions where account_id = ${accountId}) n, (select max(seq) from events) e, (select max(id) from notes) m`,
  );
  return JSON.stringify(row);
}

async function setup() {
  const s = await importedAccount(t.db);
  const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  const serials = await t.db
    .select({ serial: sql<string>`coalesce(m->>'serial_number', m->>'meter_serial_number')` })
    .from(sql`${meterPoints}, jsonb_array_elements(${meterPoints.meters}) m`)
    .where(eq(meterPoints.accountId, acc.id));
  const ctx: ArbitraryContext = { today, productCode: "VAR-22-11-01", meterSerial: serials[0].serial };
  return { ...s, accountId: acc.id, ctx };
}

describe("transactions generated from the schemas", () => {
  it("every corruption has a case for each type it applies to", () => {
    for (const type of TYPES) expect(CORRUPTIONS.filter((c) => c.applies({ type })).length, type).toBeGreaterThan(15);
  });

  it(
    "valid batches of every type are added exactly (amounts as sent, one ledger event each), and resending them is a resend",
    async () => {
      const s = await setup();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer().chain((n) => validBatch(s.ctx, `V${(run++).toString(36)}x${(n >>> 0).toString(36)}`)),
          async (batch) => {
            const before = (await eventsFor(t.db, s.account.accountNumber)).filter(
              (e) => e.type === "billing.ledger.entry_posted",
            ).length;
            const res = await call(create, URL, { body: { ...s.ref, transactions: batch }, auth: s.auth });
            expect(res.status, JSON.stringify(res.json)).toBe(201);
            const ids = res.json.results.map((r: any) => r.added_transaction_id);
            expect(res.json.results.map((r: any) => r.status)).toEqual(batch.map(() => "TRANSACTION_ADDED_TO_ACCOUNT"));
            expect(ids.every(Number.isInteger)).toBe(true);
            expect(res.json.results.map((r: any) => r.transaction_data.amount)).toEqual(
              batch.map((b) => moneyText(b.amount)),
            );
            const rows = await t.db.select().from(transactions).where(eq(transactions.accountId, s.accountId));
            const byId = new Map(rows.map((r) => [r.id, r]));
            batch.forEach((b, i) => {
              const row = byId.get(ids[i])!;
              expect([
                row.transactionId,
                row.type,
                new Decimal(row.amount).equals(new Decimal(String(b.amount))),
              ]).toEqual([b.transaction_id, b.type, true]);
              expect(row.reason).toBe(b.reason || null); // "" is read as absent
            });
            const after = (await eventsFor(t.db, s.account.accountNumber)).filter(
              (e) => e.type === "billing.ledger.entry_posted",
            ).length;
            expect(after - before).toBe(batch.length);
            const again = await call(create, URL, { body: { ...s.ref, transactions: batch }, auth: s.auth });
            expect(again.json.results.map((r: any) => [r.status, r.added_transaction_id])).toEqual(
              ids.map((id: number) => ["TRANSACTION_ALREADY_EXISTS", id]),
            );
          },
        ),
        { numRuns: RUNS },
      );
    },
    30_000 + RUNS * 1000,
  );

  it(
    "a single corrupted field anywhere in a valid batch is refused with its code and attr, and nothing is written",
    async () => {
      const s = await setup();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer().chain((n) => validBatch(s.ctx, `C${(run++).toString(36)}x${(n >>> 0).toString(36)}`)),
          fc.nat(),
          fc.nat(),
          async (batch, at, pick) => {
            const i = at % batch.length;
            const applicable = CORRUPTIONS.filter((c) => c.applies(batch[i]));
            const c = applicable[pick % applicable.length];
            const items = batch.map((b, k) => (k === i ? c.apply(b) : b));
            const before = await written(s.accountId);
            const res = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
            const attr = `transactions.${i}.${typeof c.attr === "string" ? c.attr : c.attr(batch[i])}`;
            expect([c.name, res.status, res.json.status]).toEqual([c.name, 400, "TRANSACTION_IMPORT_ERROR"]);
            expect(
              res.json.errors.map((e: any) => [e.code, e.attr]),
              `${c.name}: ${JSON.stringify(res.json.errors)}`,
            ).toContainEqual([c.code, attr]);
            expect(res.json.transaction_data).toMatchObject({
              ...(items[i].transaction_id !== undefined && typeof items[i].transaction_id === "string"
                ? { transaction_id: items[i].transaction_id }
                : {}),
            });
            expect(await written(s.accountId)).toBe(before);
          },
        ),
        { numRuns: RUNS * 3 },
      );
    },
    30_000 + RUNS * 500,
  );

  it("a repeated transaction_id is refused at the later one", async () => {
    const s = await setup();
    await fc.assert(
      fc.asyncProperty(
        validBatch(s.ctx, "D", 5).filter((b) => b.length >= 2),
        fc.nat(),
        async (batch, at) => {
          const i = 1 + (at % (batch.length - 1));
          const items = batch.map((b, k) => (k === i ? { ...b, transaction_id: batch[0].transaction_id } : b));
          const res = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
          expect(res.json).toMatchObject({
            status: "TRANSACTION_IMPORT_ERROR",
            code: "duplicate_transaction_ids",
            errors: [{ attr: `transactions.${i}.transaction_id` }],
          });
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
