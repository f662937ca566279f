import Decimal from "decimal.js";
import { Findings } from "../../lib/findings";
import { decimalText } from "../../lib/money";

type Num = string | number;
export type LineItemFields = {
  start_date: string;
  end_date: string;
  net_amount: Num;
  number_of_units: Num;
  price_per_unit?: Num;
  rate_band?: string;
  rate_specification_code?: string;
  time_series_specification_code?: string;
  units?: Num[];
};
export type SupplyChargeFields = {
  amount: Num;
  supply_point_identifier?: string;
  line_items: LineItemFields[];
  tax_items?: { amount: Num }[];
};

const dec = (v: Num) => new Decimal(decimalText(v));

/**
 * Most checks are settled with doubles: below FLOAT_LIMIT in size a double is within 1e-7 of
 * the exact value, so a comparison that clears its bound by more than MARGIN cannot come out
 * differently in exact arithmetic. Only the rest (huge values, or within MARGIN of the bound)
 * are decided with decimal.js, which costs a few microseconds each.
 */
const FLOAT_LIMIT = 1e9;
const MARGIN = 1e-6;
const SUM_MARGIN = 1e-4;
const float = (v: Num) => (typeof v === "number" ? v : Number(v));
/** 0, 1 or "2 or more" decimal places of the value (trailing zeros do not count): all the tolerance needs to know. */
const fewPlaces = (v: Num) => {
  if (typeof v === "number") return Number.isInteger(v) ? 0 : Math.round(v * 10) / 10 === v ? 1 : 2;
  const t = v.trim();
  const dot = t.indexOf(".");
  return dot === -1 ? 0 : Math.min(2, t.replace(/0+$/, "").length - dot - 1);
};

/**
 * How far net_amount may be from number_of_units x price_per_unit: one unit in net_amount's
 * last decimal place (of its value: "117.50" is 117.5), and at least a penny. That admits a net rounded any way (half-up,
 * half-even, truncated) from an exact product, and a price itself rounded to its 7 places,
 * while a net that is wrong by more than rounding is refused.
 */
export function netAmountTolerance(net: Num): Decimal {
  const ulp = new Decimal(10).pow(-dec(net).decimalPlaces());
  return Decimal.max(ulp, "0.01");
}

/** LineItem's object rules (production's codes), each at the field it concerns. */
export function lineItemRules(l: LineItemFields): Findings {
  const f = new Findings();
  if (l.start_date > l.end_date)
    f.add(["end_date"], "start_date_later_than_end_date", "start_date is later than end_date.");
  const given = (["rate_band", "rate_specification_code", "time_series_specification_code"] as const).filter(
    (k) => l[k] !== undefined,
  );
  if (given.length > 1) {
    f.add(
      [given[1]],
      "conflicting_rate_band_specification",
      `Give one of rate_band, rate_specification_code and time_series_specification_code, not ${given.join(" and ")}.`,
    );
  }
  if (l.units !== undefined && l.units.length !== 2)
    f.add(["units"], "line_item_units_must_be_two_values", "units must hold exactly two values.");
  if (l.price_per_unit !== undefined && !netAmountHolds(l.number_of_units, l.price_per_unit, l.net_amount)) {
    const expected = dec(l.number_of_units).times(dec(l.price_per_unit));
    f.add(
      ["net_amount"],
      "incorrect_line_item_net_amount",
      `net_amount ${decimalText(l.net_amount)} is not number_of_units x price_per_unit (${expected.toFixed()}).`,
    );
  }
  return f;
}

/** Whether |units x price - net| is within netAmountTolerance(net): by doubles when that is certain, else exactly. */
function netAmountHolds(units: Num, price: Num, net: Num): boolean {
  const product = float(units) * float(price);
  const n = float(net);
  if (Math.abs(product) < FLOAT_LIMIT && Math.abs(n) < FLOAT_LIMIT) {
    const places = fewPlaces(net);
    const tolerance = places === 0 ? 1 : places === 1 ? 0.1 : 0.01;
    const diff = Math.abs(product - n);
    if (diff < tolerance - MARGIN) return true;
    if (diff > tolerance + MARGIN) return false;
  }
  return !dec(units).times(dec(price)).minus(dec(net)).abs().greaterThan(netAmountTolerance(net));
}

/** Rounded to whole pence, half away from zero. */
const pence = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * EnergySupplyCharge's object rules: a rate specification code needs the supply point, and
 * the ledger amount is the line items' net amounts plus the tax amounts, compared in whole
 * pence (the ledger's unit) so that items kept to more places still add up.
 */
export function supplyChargeRules(t: SupplyChargeFields): Findings {
  const f = new Findings();
  const specified = t.line_items.findIndex((l) => l.rate_specification_code !== undefined);
  if (specified !== -1 && t.supply_point_identifier === undefined) {
    f.add(
      ["supply_point_identifier"],
      "supply_point_identifier_required_for_rate_specification_code",
      `line_items.${specified} gives a rate_specification_code, so the supply charge needs its supply_point_identifier.`,
    );
  }
  const parts = [...t.line_items.map((l) => l.net_amount), ...(t.tax_items ?? []).map((x) => x.amount)];
  if (!amountMatches(t.amount, parts)) {
    const total = parts.reduce<Decimal>((sum, v) => sum.plus(dec(v)), new Decimal(0));
    f.add(
      ["amount"],
      "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount",
      `amount ${decimalText(t.amount)} is not the line items' net amounts plus the tax amounts (${total.toFixed()}).`,
    );
  }
  return f;
}

/**
 * Whether amount and the parts' sum are the same in whole pence. With doubles: equal sums
 * (the usual case) match, sums a penny or more apart do not (two values in one penny are less
 * than a penny apart); anything between is decided exactly.
 */
function amountMatches(amount: Num, parts: Num[]): boolean {
  const a = float(amount);
  let sum = 0;
  let small = Math.abs(a) < FLOAT_LIMIT;
  for (const p of parts) {
    const f = float(p);
    if (!(Math.abs(f) < FLOAT_LIMIT)) small = false;
    sum += f;
  }
  if (small && Math.abs(sum) < FLOAT_LIMIT) {
    const diff = Math.abs(a - sum);
    // A sum of up to 120 doubles below FLOAT_LIMIT is within ~2e-5 of the exact one, so the
    // bounds keep SUM_MARGIN (1e-4) clear: equal, and not that close to a half penny (where
    // values that close could still round to different pence); or more than a penny apart.
    const cents = Math.abs(a * 100);
    if (diff < 1e-9 && Math.abs(cents - Math.trunc(cents) - 0.5) > SUM_MARGIN * 100) return true;
    if (diff > 0.01 + SUM_MARGIN) return false;
  }
  const total = parts.reduce<Decimal>((acc, v) => acc.plus(dec(v)), new Decimal(0));
  return pence(total).equals(pence(dec(amount)));
}
