import Decimal from "decimal.js";
import { decimalText } from "./decimals";

/** A cross-field rule's finding: where (relative to the object checked), the code, why. */
export type RuleIssue = { path: (string | number)[]; code: string; detail: string };

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
 * How far net_amount may be from number_of_units x price_per_unit: one unit in net_amount's
 * last decimal place, and at least a penny. That admits a net rounded any way (half-up,
 * half-even, truncated) from an exact product, and a price itself rounded to its 7 places,
 * while a net that is wrong by more than rounding is refused.
 */
export function netAmountTolerance(net: Num): Decimal {
  const ulp = new Decimal(10).pow(-dec(net).decimalPlaces());
  return Decimal.max(ulp, "0.01");
}

/** LineItem's object rules (production's codes), each at the field it concerns. */
export function lineItemIssues(l: LineItemFields): RuleIssue[] {
  const out: RuleIssue[] = [];
  if (l.start_date > l.end_date) out.push({ path: ["end_date"], code: "start_date_later_than_end_date", detail: "start_date is later than end_date." });
  const given = (["rate_band", "rate_specification_code", "time_series_specification_code"] as const).filter((k) => l[k] !== undefined);
  if (given.length > 1) {
    out.push({ path: [given[1]], code: "conflicting_rate_band_specification", detail: `Give one of rate_band, rate_specification_code and time_series_specification_code, not ${given.join(" and ")}.` });
  }
  if (l.units !== undefined && l.units.length !== 2) out.push({ path: ["units"], code: "line_item_units_must_be_two_values", detail: "units must hold exactly two values." });
  if (l.price_per_unit !== undefined) {
    const expected = dec(l.number_of_units).times(dec(l.price_per_unit));
    if (expected.minus(dec(l.net_amount)).abs().greaterThan(netAmountTolerance(l.net_amount))) {
      out.push({
        path: ["net_amount"],
        code: "incorrect_line_item_net_amount",
        detail: `net_amount ${decimalText(l.net_amount)} is not number_of_units x price_per_unit (${expected.toFixed()}).`,
      });
    }
  }
  return out;
}

/** Rounded to whole pence, half away from zero. */
const pence = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * EnergySupplyCharge's object rules: a rate specification code needs the supply point, and
 * the ledger amount is the line items' net amounts plus the tax amounts, compared in whole
 * pence (the ledger's unit) so that items kept to more places still add up.
 */
export function supplyChargeIssues(t: SupplyChargeFields): RuleIssue[] {
  const out: RuleIssue[] = [];
  const specified = t.line_items.findIndex((l) => l.rate_specification_code !== undefined);
  if (specified !== -1 && t.supply_point_identifier === undefined) {
    out.push({
      path: ["supply_point_identifier"],
      code: "supply_point_identifier_required_for_rate_specification_code",
      detail: `line_items.${specified} gives a rate_specification_code, so the supply charge needs its supply_point_identifier.`,
    });
  }
  const total = [...t.line_items.map((l) => l.net_amount), ...(t.tax_items ?? []).map((x) => x.amount)].reduce<Decimal>((sum, v) => sum.plus(dec(v)), new Decimal(0));
  if (!pence(total).equals(pence(dec(t.amount)))) {
    out.push({
      path: ["amount"],
      code: "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount",
      detail: `amount ${decimalText(t.amount)} is not the line items' net amounts plus the tax amounts (${total.toFixed()}).`,
    });
  }
  return out;
}
