import Decimal from "decimal.js";
import { z } from "zod";

/** Largest magnitude a numeric(14,2) column holds. */
export const MAX_MONEY = new Decimal("999999999999.99");

function decimalOf(n: number): Decimal | null {
  return Number.isFinite(n) ? new Decimal(n) : null;
}

/**
 * A JSON number with at most `places` decimal places. The exact parser has already
 * refused numbers a double cannot hold, so String(n) is the number that was sent.
 */
export const DecimalNumber = (places: number, opts: { min?: number; max?: Decimal } = {}) =>
  z.number().superRefine((n, ctx) => {
    const d = decimalOf(n);
    if (!d) return void ctx.addIssue({ code: "custom", message: "Enter a finite number.", params: { code: "invalid_number" } });
    if (d.decimalPlaces() > places) {
      ctx.addIssue({ code: "custom", message: `At most ${places} decimal places.`, params: { code: "max_decimal_places" } });
    }
    if (opts.min !== undefined && d.lt(opts.min)) {
      ctx.addIssue({ code: "custom", message: `Must be at least ${opts.min}.`, params: { code: "min_value" } });
    }
    const max = opts.max ?? MAX_MONEY;
    if (d.abs().gt(max)) ctx.addIssue({ code: "custom", message: `Must be at most ${max.toFixed()} in size.`, params: { code: "max_value" } });
  });

/** Money in pounds: at most two places, at most 999,999,999,999.99. */
export const Money = (opts: { min?: number } = {}) => DecimalNumber(2, opts);

/** Two-place string for responses: 10.5 -> "10.50". */
export const moneyString = (n: number | string) => new Decimal(n).toFixed(2);

/** Exact decimal string without exponent: 1e-7 -> "0.0000001". */
export const decimalString = (n: number | string) => new Decimal(n).toFixed();
