import Decimal from "decimal.js";
import { z } from "zod";

/** Largest magnitude a numeric(14,2) column holds. */
export const MAX_MONEY = 999_999_999_999.99;

/**
 * Decimal places of a JSON number as it was sent. The exact parser has already refused
 * numbers a double cannot hold, so the shortest round-trip form (String(n)) is the number
 * that was sent; only exponent forms need decimal.js.
 */
export function decimalPlaces(n: number): number {
  const s = String(n);
  if (s.includes("e")) return new Decimal(s).decimalPlaces();
  const dot = s.indexOf(".");
  return dot === -1 ? 0 : s.length - dot - 1;
}

/** A JSON number with at most `places` decimal places and at most MAX_MONEY in size. */
export const DecimalNumber = (places: number, opts: { min?: number } = {}) =>
  z.number().superRefine((n, ctx) => {
    if (!Number.isFinite(n)) return void ctx.addIssue({ code: "custom", message: "Enter a finite number.", params: { code: "invalid_number" } });
    if (decimalPlaces(n) > places) ctx.addIssue({ code: "custom", message: `At most ${places} decimal places.`, params: { code: "max_decimal_places" } });
    if (opts.min !== undefined && n < opts.min) ctx.addIssue({ code: "custom", message: `Must be at least ${opts.min}.`, params: { code: "min_value" } });
    if (Math.abs(n) > MAX_MONEY) ctx.addIssue({ code: "custom", message: `Must be at most ${MAX_MONEY} in size.`, params: { code: "max_value" } });
  });

/** Money in pounds: at most two places, at most 999,999,999,999.99. */
export const Money = (opts: { min?: number } = {}) => DecimalNumber(2, opts);

/**
 * Two-place string: 10.5 -> "10.50". For a validated number (at most two places, below
 * 1e13) toFixed(2) rounds the double back to exactly the decimal that was sent.
 */
export const moneyString = (n: number | string) => (typeof n === "number" && Math.abs(n) < 1e13 ? n.toFixed(2) : new Decimal(n).toFixed(2));

/** Exact decimal string without exponent: 1e-7 -> "0.0000001". */
export const decimalString = (n: number | string) => {
  const s = String(n);
  return s.includes("e") ? new Decimal(s).toFixed() : s;
};
