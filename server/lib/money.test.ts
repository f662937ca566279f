import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDecimalText } from "../services/transactions/decimals";
import { decimalText, moneyText, negateMoney, penceToPounds, trimAmount } from "./money";

// What the callers had before they shared this module (issue 42 item 5): each must still say the same.
const before = {
  /** account-import/payload/fields.ts's decimalText: a JSON number as plain text. */
  fieldsDecimalText: (n: number) => (String(n).includes("e") ? new Decimal(String(n)).toFixed() : String(n)),
  /** support/get-ledger.ts's decimalText, trimmed as the ledger and its CSV did. */
  ledgerOpening: (v: string) => trimAmount(v.includes(".") ? v : `${v}.00`),
  /** accounts/account-records.ts's poundsOf. */
  poundsOf: (pence: number) =>
    `${pence < 0 ? "-" : ""}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, "0")}`,
};

/** numeric(21,10) as PostgreSQL writes it: no exponent, no leading zeros, all ten places. */
const numericText = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 21n - 1n })).map(([neg, n]) => {
  const digits = n.toString().padStart(11, "0");
  const text = `${digits.slice(0, -10).replace(/^0+(?=\d)/, "")}.${digits.slice(-10)}`;
  return neg && n !== 0n ? `-${text}` : text;
});

describe("decimal and money text", () => {
  it("gives exact canonical strings, amounts with at least two places", () => {
    expect(["007.50", "12000.0", "-0.10", 1e-7, "5."].map(decimalText)).toEqual([
      "7.5",
      "12000",
      "-0.1",
      "0.0000001",
      "5",
    ]);
    expect(["10.5", 10.5, "0.123", "-42", "9999999999.9999999999", 1e-7].map(moneyText)).toEqual([
      "10.50",
      "10.50",
      "0.123",
      "-42.00",
      "9999999999.9999999999",
      "0.0000001",
    ]);
  });

  it("never rounds: places beyond two are kept, as sent", () => {
    expect([0.125, "0.125", -1.005, "-1.005", 0.1 + 0.2].map(moneyText)).toEqual([
      "0.125",
      "0.125",
      "-1.005",
      "-1.005",
      "0.30000000000000004",
    ]);
    expect(["0.10", "-0.00", "-0", 0, -0].map(moneyText)).toEqual(["0.10", "0.00", "0.00", "0.00", "0.00"]);
  });

  it("takes the shortcut for canonical strings only when decimal.js would say the same", () => {
    const viaDecimal = (x: string) => new Decimal(x.trim()).toFixed();
    const money = (x: string) => {
      const d = new Decimal(x.trim());
      return d.toFixed(Math.max(2, d.decimalPlaces()));
    };
    const sent = fc
      .tuple(
        fc.constantFrom("", "-", " "),
        fc.stringMatching(/^\d{0,12}$/),
        fc.constantFrom("", "."),
        fc.stringMatching(/^\d{0,10}$/),
      )
      .map(([sign, w, dot, f]) => `${sign.trim()}${w}${dot}${dot ? f : ""}`)
      .filter(isDecimalText);
    fc.assert(
      fc.property(sent, (x) => {
        expect(decimalText(x)).toBe(viaDecimal(x));
        expect(moneyText(x)).toBe(money(x));
      }),
      { numRuns: 20_000 },
    );
    expect(["-0", "-0.00", "0.10", "10", "-0.5"].map(decimalText)).toEqual(["0", "0", "0.1", "10", "-0.5"]);
  });

  it("says of a JSON number what the account import's own decimalText said", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(decimalText(n)).toBe(before.fieldsDecimalText(n));
      }),
      { numRuns: 5_000 },
    );
    expect([1e-7, 1e21, -2.5e-9, 42].map(decimalText)).toEqual([
      "0.0000001",
      "1000000000000000000000",
      "-0.0000000025",
      "42",
    ]);
  });

  it("gives the ledger's opening balance as the ledger and its CSV wrote it", () => {
    fc.assert(
      fc.property(numericText, (v) => {
        expect(moneyText(v)).toBe(before.ledgerOpening(v));
      }),
      { numRuns: 5_000 },
    );
    expect(["0", "42.1700000000", "-0.5000000000", "1.2345000000", "15"].map(moneyText)).toEqual([
      "0.00",
      "42.17",
      "-0.50",
      "1.2345",
      "15.00",
    ]);
  });

  it("trims numeric(20,10) text to the places that matter, at least two", () => {
    expect(["10.5000000000", "0.1230000000", "-3.0000000000", "0", "12.5"].map(trimAmount)).toEqual([
      "10.50",
      "0.123",
      "-3.00",
      "0",
      "12.5",
    ]);
  });
});

describe("pence and pounds", () => {
  it("turns whole pence into pounds exactly, negative and small amounts included", () => {
    expect([4217, -4217, 5, -5, 0, 100, 123456789012].map(penceToPounds)).toEqual([
      "42.17",
      "-42.17",
      "0.05",
      "-0.05",
      "0.00",
      "1.00",
      "1234567890.12",
    ]);
    expect(["4217", "-1", "99"].map(penceToPounds)).toEqual(["42.17", "-0.01", "0.99"]);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (p) => {
        expect(penceToPounds(p)).toBe(before.poundsOf(p));
      }),
      { numRuns: 5_000 },
    );
  });

  it("is the inverse of pounds in whole pence", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (p) => {
        expect(new Decimal(penceToPounds(p.toString())).times(100).toFixed()).toBe(p.toString());
      }),
    );
  });

  it("turns a sign over without touching the digits", () => {
    expect(["3.50", "-3.50", "+3.50", "0.00", "-0.00", "0.123"].map(negateMoney)).toEqual([
      "-3.50",
      "3.50",
      "-3.50",
      "0.00",
      "0.00",
      "-0.123",
    ]);
  });
});
