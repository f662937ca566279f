import { describe, expect, it } from "vitest";
import { sampleQuote } from "./sample-quotes";

const p = (exc: string, inc: string) => ({ exc, inc });

// Prices and quotes from production responses captured by a client's tests
// (ryanw-mobile/OctoMeter, GetProductSampleData.kt: VAR-22-11-01 and AGILE-FLEX-22-11-25, region _C).
describe("sampleQuote reproduces production's published sample quotes", () => {
  it("Flexible Octopus, region C: single, dual, and dual fuel", () => {
    const quote = sampleQuote({
      single: { sc: p("36.88", "38.724"), unit: p("24.496", "25.7208") },
      dual: { sc: p("36.84", "38.682"), day: p("30.451", "31.97355"), night: p("12.866", "13.5093") },
      gas: { sc: p("28.55", "29.9775"), unit: p("5.82", "6.111") },
    });
    expect(quote).toEqual({
      electricity_single_rate: { annual_cost_inc_vat: 83580, annual_cost_exc_vat: 79600 },
      electricity_dual_rate: { annual_cost_inc_vat: 108571, annual_cost_exc_vat: 103401 },
      dual_fuel_single_rate: { annual_cost_inc_vat: 164799, annual_cost_exc_vat: 156951 },
      dual_fuel_dual_rate: { annual_cost_inc_vat: 189790, annual_cost_exc_vat: 180752 },
    });
    // production rounds the dual-fuel sum once: 83580.42 + 81218.29 -> 164799, not 83580 + 81218
    expect(Object.keys(quote!)).toEqual([
      "electricity_single_rate",
      "electricity_dual_rate",
      "dual_fuel_single_rate",
      "dual_fuel_dual_rate",
    ]);
  });

  it("Agile, region C: a product with neither dual register nor gas quotes electricity_single_rate only", () => {
    expect(sampleQuote({ single: { sc: p("30.01", "31.5105"), unit: p("15.24", "16.002") } })).toEqual({
      electricity_single_rate: { annual_cost_inc_vat: 54707, annual_cost_exc_vat: 52102 },
    });
  });

  it("no single-register electricity price: no entry, since clients require electricity_single_rate", () => {
    expect(sampleQuote({ gas: { sc: p("28.55", "29.9775"), unit: p("5.82", "6.111") } })).toBeNull();
  });

  it("is exact decimal arithmetic, halves away from zero", () => {
    // 365 x 0.7 is 255.5 exactly (a float gives 255.49999999999997); 365 x -0.1 is -36.5
    expect(sampleQuote({ single: { sc: p("-0.1", "0.7"), unit: p("0", "0") } })).toEqual({
      electricity_single_rate: { annual_cost_inc_vat: 256, annual_cost_exc_vat: -37 },
    });
    expect(
      sampleQuote({ single: { sc: p("0", "0"), unit: p("0.000185", "0.000186") } })?.electricity_single_rate,
    ).toEqual({ annual_cost_inc_vat: 1, annual_cost_exc_vat: 0 });
  });
});
