import Decimal from "decimal.js";

/** A price as its numeric column's exact text, in pence (per day or per kWh). */
export type Price = { exc: string; inc: string };

/** The tariffs one region offers for one payment method, priced at `tariffs_active_at`. */
export type QuoteParts = {
  single?: { sc: Price; unit: Price };
  dual?: { sc: Price; day: Price; night: Price };
  gas?: { sc: Price; unit: Price };
};

/** Production's typical yearly consumption (kWh), the same on every product (ADR 0200). */
export const SAMPLE_CONSUMPTION = {
  electricity_single_rate: { electricity_standard: 2700 },
  electricity_dual_rate: { electricity_day: 2262, electricity_night: 1638 },
  dual_fuel_single_rate: { electricity_standard: 2700, gas_standard: 11500 },
  dual_fuel_dual_rate: { electricity_day: 2262, electricity_night: 1638, gas_standard: 11500 },
};

const DAYS = 365;
const D = Decimal.clone({ precision: 40 });

type Vat = "exc" | "inc";
type Term = [Price, number];

const cost = (terms: Term[], vat: Vat) =>
  terms.reduce((sum, [price, qty]) => sum.plus(new D(price[vat]).times(qty)), new D(0));

/** Whole pence, halves away from zero, rounded once at the end (as production's figures show). */
function annual(terms: Term[]) {
  const pence = (vat: Vat) => cost(terms, vat).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  return { annual_cost_inc_vat: pence("inc"), annual_cost_exc_vat: pence("exc") };
}

/**
 * One region and payment method's sample quotes: 365 days of standing charge plus each
 * register's sample kWh times its unit rate, per fuel; dual fuel is the electricity and
 * gas sums together, then rounded. Exact decimals throughout. Without a single-register
 * electricity price there is no entry: typed clients require `electricity_single_rate`.
 */
export function sampleQuote(p: QuoteParts) {
  if (!p.single) return null;
  const c = SAMPLE_CONSUMPTION;
  const single: Term[] = [
    [p.single.sc, DAYS],
    [p.single.unit, c.electricity_single_rate.electricity_standard],
  ];
  const dual: Term[] | undefined = p.dual && [
    [p.dual.sc, DAYS],
    [p.dual.day, c.electricity_dual_rate.electricity_day],
    [p.dual.night, c.electricity_dual_rate.electricity_night],
  ];
  const gas: Term[] | undefined = p.gas && [
    [p.gas.sc, DAYS],
    [p.gas.unit, c.dual_fuel_single_rate.gas_standard],
  ];
  return {
    electricity_single_rate: annual(single),
    ...(dual ? { electricity_dual_rate: annual(dual) } : {}),
    ...(gas ? { dual_fuel_single_rate: annual([...single, ...gas]) } : {}),
    ...(dual && gas ? { dual_fuel_dual_rate: annual([...dual, ...gas]) } : {}),
  };
}
