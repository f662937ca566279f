import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec, DecimalNumber, decimalPlaces, decimalShape, hasAtMostPlaces } from "./decimals";

describe("hasAtMostPlaces", () => {
  it("agrees with the places of the number's shortest form, for every scale the API uses", () => {
    // Doubles of every magnitude, and decimals built from digits (the numbers clients send).
    const sent = fc
      .tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 12 }))
      .map(([k, p]) => Number(`${k}e-${p}`));
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), sent),
        fc.integer({ min: 0, max: 8 }),
        (n, places) => {
          expect(hasAtMostPlaces(n, places)).toBe(decimalPlaces(n) <= places);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("is exact at the edges a double makes hard", () => {
    expect(
      [0.1 + 0.2, 0.005, 1.005, 999_999_999_999.99, 999_999_999_999.995, 1e-7, 5e-324].map((n) =>
        hasAtMostPlaces(n, 2),
      ),
    ).toEqual([false, false, false, true, false, false, false]);
    expect(
      [0.29226, 0.00000001, 0.000000001, 12_345_678.12345678, 1e7 + 0.5].map((n) => hasAtMostPlaces(n, 8)),
    ).toEqual([true, true, false, true, true]);
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

describe("Dec (production's decimal: string or number)", () => {
  const codes = (v: unknown) => {
    const r = Dec(10, 10).safeParse(v, { reportInput: true });
    return r.success ? [] : r.error.issues.map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code);
  };
  it("takes production's pattern as a string, and JSON numbers, within its digits", () => {
    for (const ok of [
      "10.50",
      "-42.17",
      "0",
      ".5",
      "5.",
      "-0.0000000001",
      "9999999999.9999999999",
      " 1.5 ",
      10.5,
      -1e-10,
      1e9,
    ])
      expect(codes(ok), String(ok)).toEqual([]);
    expect(codes("1.12345678901")).toEqual(["max_decimal_places"]);
    expect(codes("12345678901")).toEqual(["max_value"]);
    expect(codes("00000000012.5")).toEqual([]);
    expect(codes(1e10)).toEqual(["max_value"]);
    expect(codes(1.5e-11)).toEqual(["max_decimal_places"]);
    for (const bad of ["", "-", ".", "1e5", "1,5", "+1", "ten", "0x10"])
      expect(codes(bad), bad).toEqual(["invalid_number"]);
    expect(codes(true)).toEqual(["invalid_type"]);
    expect(codes(null)).toEqual(["null"]);
    expect(codes(undefined)).toEqual(["required"]);
  });

  it("reads a string's digits in one pass exactly as the pattern does", () => {
    const PATTERN = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/;
    const viaPattern = (x: string) => {
      const m = PATTERN.exec(x);
      if (!m || m[2].length + (m[3] ?? "").length === 0) return -1;
      return m[2].replace(/^0+/, "").length * 1024 + (m[3] ?? "").length;
    };
    const text = fc
      .array(fc.constantFrom("0", "1", "9", ".", "-", " ", "\t", "\u00a0", "e", "+", ","), { maxLength: 14 })
      .map((cs) => cs.join(""));
    fc.assert(
      fc.property(fc.oneof(text, fc.string()), (x) => {
        expect(decimalShape(x)).toBe(viaPattern(x));
      }),
      { numRuns: 20_000 },
    );
  });
});
