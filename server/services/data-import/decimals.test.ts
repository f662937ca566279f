import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DecimalNumber, decimalPlaces, hasAtMostPlaces } from "./decimals";

describe("hasAtMostPlaces", () => {
  it("agrees with the places of the number's shortest form, for every scale the API uses", () => {
    // Doubles of every magnitude, and decimals built from digits (the numbers clients send).
    const sent = fc.tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 12 })).map(([k, p]) => Number(`${k}e-${p}`));
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), sent), fc.integer({ min: 0, max: 8 }), (n, places) => {
        expect(hasAtMostPlaces(n, places)).toBe(decimalPlaces(n) <= places);
      }),
      { numRuns: 20_000 },
    );
  });

  it("is exact at the edges a double makes hard", () => {
    expect([0.1 + 0.2, 0.005, 1.005, 999_999_999_999.99, 999_999_999_999.995, 1e-7, 5e-324].map((n) => hasAtMostPlaces(n, 2))).toEqual([false, false, false, true, false, false, false]);
    expect([0.29226, 0.00000001, 0.000000001, 12_345_678.12345678, 1e7 + 0.5].map((n) => hasAtMostPlaces(n, 8))).toEqual([true, true, false, true, true]);
  });
});

describe("DecimalNumber", () => {
  const codes = (n: unknown) => {
    const r = DecimalNumber(2, { min: 0 }).safeParse(n);
    return r.success ? [] : r.error.issues.map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code);
  };
  it("reports each rule with its code and passes what holds", () => {
    expect(codes(12.5)).toEqual([]);
    expect(codes(12.345)).toEqual(["max_decimal_places"]);
    expect(codes(-1)).toEqual(["min_value"]);
    expect(codes(-1.234)).toEqual(["max_decimal_places", "min_value"]);
    expect(codes(1e13)).toEqual(["max_value"]);
    expect(codes(Number.POSITIVE_INFINITY)).toEqual(["invalid_type"]); // zod refuses it before the check (JSON has none)
    expect(codes("12.5")).toEqual(["invalid_type"]);
  });
});
