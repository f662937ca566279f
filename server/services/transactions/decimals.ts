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
const SCALES = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

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
 * Production's `(decimal)`: a string matching `^-?\d{0,W}(\.\d{0,P})?$` (with at least one
 * digit) or a JSON number, at most W digits before the point and P after. The value is kept
 * as sent (string or number); `decimalText` (server/lib/money.ts) gives its exact canonical string. A plain check
 * function (zod's `.check`): it runs for every amount of every imported transaction.
 */
export const Dec = (whole: number, places: number) =>
  // z.unknown, not z.custom: custom runs a check of its own on every value (3x the cost).
  z
    .unknown()
    .check((payload) => void checkDecimal(payload, whole, places))
    .meta({
      anyOf: [{ type: "string", pattern: `^-?\\d{0,${whole}}(?:\\.\\d{0,${places}})?$` }, { type: "number" }],
      description: `Decimal (${whole}.${places}): a string or a JSON number.`,
    }) as unknown as z.ZodType<string | number>;

/** Dec's check: pushes its issues and answers whether the value is such a decimal. */
function checkDecimal(payload: z.core.ParsePayload<unknown>, whole: number, places: number): boolean {
  const v = payload.value;
  const before = payload.issues.length;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) pushIssue(payload, "invalid_number", "Enter a finite number.");
    else {
      if (!hasAtMostPlaces(v, places)) pushIssue(payload, "max_decimal_places", `At most ${places} decimal places.`);
      if (Math.abs(v) >= 10 ** whole)
        pushIssue(payload, "max_value", `At most ${whole} digits before the decimal point.`);
    }
  } else if (typeof v !== "string") {
    const [code, detail] =
      v === undefined
        ? ["required", "This field is required."]
        : v === null
          ? ["null", "This field may not be null."]
          : ["invalid_type", "Expected a decimal number or a string holding one."];
    pushIssue(payload, code, detail);
  } else {
    const shape = decimalShape(v);
    if (shape < 0) pushIssue(payload, "invalid_number", "A valid number is required.");
    else {
      if (shape % 1024 > places) pushIssue(payload, "max_decimal_places", `At most ${places} decimal places.`);
      if (Math.floor(shape / 1024) > whole)
        pushIssue(payload, "max_value", `At most ${whole} digits before the decimal point.`);
    }
  }
  return payload.issues.length === before;
}

/**
 * What a ledger posts: production's `(decimal)` in pounds (Dec(10, 10)'s form and sizes) that
 * is a whole number of pence. Trailing zeros are no precision ("10.500" is 10.50); anything
 * finer ("10.005") is refused with `amount_not_whole_pence`, never rounded (ADR 0110).
 */
export const WholePence = () =>
  z
    .unknown()
    .check((payload) => {
      if (checkDecimal(payload, 10, 10) && !isWholePence(payload.value as string | number)) {
        pushIssue(
          payload,
          "amount_not_whole_pence",
          "A whole number of pence is required (at most two decimal places): the ledger holds pence and nothing is rounded.",
        );
      }
    })
    .meta({
      anyOf: [
        { type: "string", pattern: "^-?\\d{0,10}(?:\\.\\d{0,2}0{0,8})?$" },
        { type: "number", multipleOf: 0.01 },
      ],
      description:
        "Pounds, a whole number of pence: a decimal string or a JSON number with at most two decimal places (trailing zeros aside).",
    }) as unknown as z.ZodType<string | number>;

/** Whether a valid decimal is a whole number of pence: at most two places once trailing zeros are dropped. */
export function isWholePence(v: string | number): boolean {
  if (typeof v === "number") return hasAtMostPlaces(v, 2);
  const t = v.trim();
  const dot = t.indexOf(".");
  if (dot === -1) return true;
  let end = t.length;
  while (end > dot + 1 && t.charCodeAt(end - 1) === 48 /* 0 */) end--;
  return end - dot - 1 <= 2;
}

/**
 * A decimal string's whole digits (leading zeros not counted) x 1024 + its places, or -1 when
 * it is no decimal: `^\s*-?\d*(\.\d*)?\s*$` with at least one digit (surrounding white space
 * is allowed, as on every text field). One pass, no allocation: it runs for every
 * amount sent as a string.
 */
export function decimalShape(s: string): number {
  let i = 0;
  let end = s.length;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  while (end > i && isSpace(s.charCodeAt(end - 1))) end--;
  if (i < end && s.charCodeAt(i) === 45 /* - */) i++;
  let whole = 0;
  let digits = 0;
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    if (whole > 0 || c !== 48) whole++;
    digits++;
  }
  let places = 0;
  if (i < end && s.charCodeAt(i) === 46 /* . */) {
    for (i++; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) return -1;
      places++;
    }
  }
  return i === end && digits + places > 0 ? whole * 1024 + Math.min(places, 1023) : -1;
}
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 160 ||
  c === 0xfeff ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0x1680;

/** Whether a string is a decimal `Dec` accepts the form of (any size). */
export const isDecimalText = (s: string) => decimalShape(s) >= 0;
