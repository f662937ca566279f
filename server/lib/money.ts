import Decimal from "decimal.js";

/**
 * Money and other exact decimals as text, written once (issue 42 item 5, ADR 0507): what the
 * services store and answer, and what the console shows through its Money component. Never
 * through a float; decimal.js where digits must be reworked.
 */

/** Exact decimal string without exponent: 1e-7 -> "0.0000001". */
export const decimalString = (n: number | string) => {
  const s = String(n);
  return s.includes("e") ? new Decimal(s).toFixed() : s;
};

/** The exact canonical string of a validated decimal: no exponent, no redundant zeros ("007.50" -> "7.5"). */
export function decimalText(v: string | number): string {
  if (typeof v === "number") return decimalString(v);
  // Most strings are canonical already; decimal.js costs a microsecond or so each.
  return CANONICAL.test(v) && v !== "-0" ? v : new Decimal(v.trim()).toFixed();
}
const CANONICAL = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;
/** Canonical with exactly two places (what moneyText gives for them): "42.17", "-0.50", not "-0.00" or "042.17". */
const MONEY_TWO_PLACES = /^-?(?:0|[1-9]\d{0,12})\.\d\d$/;

/** An amount in pounds: exact, at least two places ("10.5" -> "10.50", "0.123" stays). */
export function moneyText(v: string | number): string {
  // Below 1e13, n * 100 is within 0.2 of a whole number: rounding it and dividing back gives n
  // exactly when n has at most two places (hasAtMostPlaces in transactions/decimals.ts).
  if (typeof v === "number" && Math.abs(v) < 1e13 && Math.round(v * 100) / 100 === v) return v.toFixed(2);
  if (typeof v === "string" && MONEY_TWO_PLACES.test(v) && v !== "-0.00") return v;
  const d = new Decimal(typeof v === "number" ? decimalString(v) : v.trim());
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}

/** numeric(20,10) as read ("10.5000000000") to the places that matter, at least two ("10.50", "0.123"). */
export const trimAmount = (amount: string) => amount.replace(/(\.\d\d\d*?)0+$/, "$1");

/** Whole pence (as production's statements send gross_amount) as a decimal string of pounds: 4217 → "42.17", -5 → "-0.05". */
export function penceToPounds(pence: string | number): string {
  return new Decimal(String(pence)).dividedBy(100).toFixed(2);
}

/** A decimal string with its sign turned over, as exact as it came: "3.50" → "-3.50". */
export function negateMoney(value: string): string {
  if (/^[-+]?0*(\.0*)?$/.test(value)) return value.replace(/^[-+]/, "");
  return value.startsWith("-") ? value.slice(1) : `-${value.replace(/^\+/, "")}`;
}
