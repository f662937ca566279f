import Decimal from "decimal.js";
import { z } from "zod";
import { pushIssue } from "../../lib/validators";

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

/**
 * Whether `n` has at most `places` decimal places as sent (decimalPlaces(n) <= places),
 * without making its string: rounding n * 10^places to a whole k and dividing back gives n
 * exactly when n is the double nearest k / 10^places, i.e. when its shortest form has at most
 * `places` places. Exact while |n| * 10^places stays below 1e15 (the product is then within
 * 0.2 of k); larger magnitudes take the string route.
 */
export function hasAtMostPlaces(n: number, places: number): boolean {
  const scale = SCALES[places];
  if (scale !== undefined && Math.abs(n) < 1e15 / scale) return Math.round(n * scale) / scale === n;
  return decimalPlaces(n) <= places;
}
const SCALES = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];

/**
 * A JSON number with at most `places` decimal places and at most MAX_MONEY in size. A plain
 * check function (zod's `.check`), not `superRefine`, which allocates a closure on every
 * value: this runs for every amount of every imported transaction.
 */
export const DecimalNumber = (places: number, opts: { min?: number } = {}) =>
  z.number().check((payload) => {
    const n = payload.value;
    if (!Number.isFinite(n)) return pushIssue(payload, "invalid_number", "Enter a finite number.");
    if (!hasAtMostPlaces(n, places)) pushIssue(payload, "max_decimal_places", `At most ${places} decimal places.`);
    if (opts.min !== undefined && n < opts.min) pushIssue(payload, "min_value", `Must be at least ${opts.min}.`);
    if (Math.abs(n) > MAX_MONEY) pushIssue(payload, "max_value", `Must be at most ${MAX_MONEY} in size.`);
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
