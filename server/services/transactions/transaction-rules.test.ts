import { describe, expect, it } from "vitest";
import {
  type LineItemFields,
  lineItemRules,
  netAmountTolerance,
  type SupplyChargeFields,
  supplyChargeRules,
} from "./transaction-rules";

const lineItemIssues = (l: LineItemFields) => lineItemRules(l).found;
const supplyChargeIssues = (t: SupplyChargeFields) => supplyChargeRules(t).found;

const line = (extra: Record<string, unknown> = {}) => ({
  start_date: "2026-01-01",
  end_date: "2026-01-31",
  number_of_units: "400.5",
  net_amount: "117.57",
  price_per_unit: "0.29356",
  ...extra,
});
const codes = (issues: { code: string; path: (string | number)[] }[]) => issues.map((i) => [i.code, i.path.join(".")]);

describe("lineItemIssues", () => {
  it("passes a consistent line item, with or without a price", () => {
    expect(lineItemIssues(line())).toEqual([]);
    expect(lineItemIssues(line({ price_per_unit: undefined, net_amount: "999" }))).toEqual([]);
    expect(lineItemIssues(line({ start_date: "2026-01-31" }))).toEqual([]);
  });

  it("allows net_amount to differ from units x price by rounding only: one unit in its last place, at least a penny", () => {
    // 400.5 x 0.29356 = 117.57078
    expect(netAmountTolerance("117.57").toString()).toBe("0.01");
    expect(netAmountTolerance("118").toString()).toBe("1");
    expect(lineItemIssues(line({ net_amount: "117.58" }))).toEqual([]); // half-up of 117.575...: within a penny
    expect(lineItemIssues(line({ net_amount: 117.57 }))).toEqual([]);
    expect(codes(lineItemIssues(line({ net_amount: "117.56" })))).toEqual([
      ["incorrect_line_item_net_amount", "net_amount"],
    ]); // 0.0108 off
    expect(lineItemIssues(line({ net_amount: "118" }))).toEqual([]);
    expect(lineItemIssues(line({ net_amount: "117.5708" }))).toEqual([]);
    expect(codes(lineItemIssues(line({ net_amount: "117.59" })))).toEqual([
      ["incorrect_line_item_net_amount", "net_amount"],
    ]);
    expect(codes(lineItemIssues(line({ net_amount: "-117.57" })))).toEqual([
      ["incorrect_line_item_net_amount", "net_amount"],
    ]);
    expect(lineItemIssues(line({ number_of_units: "-400.5", net_amount: "-117.57" }))).toEqual([]);
  });

  it("reports dates, rate specifications and units at the field they concern", () => {
    expect(codes(lineItemIssues(line({ start_date: "2026-02-01" })))).toEqual([
      ["start_date_later_than_end_date", "end_date"],
    ]);
    expect(codes(lineItemIssues(line({ rate_band: "X", time_series_specification_code: "T" })))).toEqual([
      ["conflicting_rate_band_specification", "time_series_specification_code"],
    ]);
    expect(lineItemIssues(line({ rate_specification_code: "R" }))).toEqual([]);
    expect(codes(lineItemIssues(line({ units: ["1", "2", "3"] })))).toEqual([
      ["line_item_units_must_be_two_values", "units"],
    ]);
    expect(lineItemIssues(line({ units: ["1", 2] }))).toEqual([]);
  });
});

describe("supplyChargeIssues", () => {
  const charge = (extra: Record<string, unknown> = {}) => ({
    amount: "123.45",
    line_items: [line()],
    tax_items: [{ amount: "5.88" }],
    ...extra,
  });
  it("compares the amount with the nets plus the taxes in whole pence", () => {
    expect(supplyChargeIssues(charge())).toEqual([]);
    expect(supplyChargeIssues(charge({ amount: 123.45 }))).toEqual([]);
    expect(
      supplyChargeIssues(charge({ line_items: [line({ net_amount: "117.5708" })], tax_items: [{ amount: "5.8785" }] })),
    ).toEqual([]); // 123.4493 -> 123.45
    expect(codes(supplyChargeIssues(charge({ amount: "123.46" })))).toEqual([
      ["ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount", "amount"],
    ]);
    expect(codes(supplyChargeIssues(charge({ tax_items: undefined })))).toEqual([
      ["ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount", "amount"],
    ]);
    // A hair apart across a half penny: different pence, however close.
    expect(
      codes(
        supplyChargeIssues({
          amount: "1.005",
          line_items: [line({ price_per_unit: undefined, net_amount: "1.0049999999" })],
        }),
      ),
    ).toEqual([["ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount", "amount"]]);
    expect(
      supplyChargeIssues({
        amount: 1.005,
        line_items: [line({ price_per_unit: undefined, net_amount: "1.0050000000" })],
      }),
    ).toEqual([]);
    expect(
      supplyChargeIssues(
        charge({
          amount: "-123.45",
          line_items: [line({ number_of_units: "-400.5", net_amount: "-117.57" })],
          tax_items: [{ amount: "-5.88" }],
        }),
      ),
    ).toEqual([]);
  });

  it("needs the supply point when a line item gives a rate specification code", () => {
    const specified = charge({ line_items: [line({ rate_specification_code: "R1" })] });
    expect(codes(supplyChargeIssues(specified))).toEqual([
      ["supply_point_identifier_required_for_rate_specification_code", "supply_point_identifier"],
    ]);
    expect(supplyChargeIssues({ ...specified, supply_point_identifier: "1200023456789" })).toEqual([]);
  });
});

describe("the rules' double-precision fast path", () => {
  it("agrees with exact decimal arithmetic on every input, near the bounds too", async () => {
    const fc = (await import("fast-check")).default;
    const Decimal = (await import("decimal.js")).default;
    const dec = (k: bigint, p: number) => new Decimal(k.toString()).div(new Decimal(10).pow(p));
    const exactNet = (
      u: InstanceType<typeof Decimal>,
      pr: InstanceType<typeof Decimal>,
      n: InstanceType<typeof Decimal>,
    ) => u.times(pr).minus(n).abs().lessThanOrEqualTo(netAmountTolerance(n.toFixed()));
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (uk, pk, off, netPlaces, asNumber) => {
          const u = dec(uk, 4);
          const pr = dec(pk, 7);
          // A net at, or a hair either side of, the tolerance bound.
          const n = u.times(pr).toDecimalPlaces(netPlaces).plus(new Decimal(off).times("0.005"));
          const send = (d: InstanceType<typeof Decimal>) =>
            asNumber && d.precision(true) <= 15 ? d.toNumber() : d.toFixed();
          const got =
            lineItemIssues(line({ number_of_units: send(u), price_per_unit: send(pr), net_amount: send(n) })).length ===
            0;
          expect(got).toBe(exactNet(u, pr, n));
        },
      ),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -2, max: 2 }),
        fc.boolean(),
        (ks, off, asNumber) => {
          const parts = ks.map((k) => dec(k, 4));
          const total = parts.reduce((a, b) => a.plus(b), new Decimal(0));
          const amount = total.plus(new Decimal(off).times("0.005"));
          const send = (d: InstanceType<typeof Decimal>) =>
            asNumber && d.precision(true) <= 15 ? d.toNumber() : d.toFixed();
          const issues = supplyChargeIssues({
            amount: send(amount),
            line_items: parts.map((p) => line({ price_per_unit: undefined, net_amount: send(p) })),
          });
          const pence = (d: InstanceType<typeof Decimal>) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
          expect(issues.length === 0).toBe(pence(total).equals(pence(amount)));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
