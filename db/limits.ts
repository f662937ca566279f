/**
 * What the database's column types can hold, in one place: zod schemas that feed a column take
 * their bounds from here, so staging refuses (400 at the field) what processing could not store.
 */

/** PostgreSQL `integer` (serial ids, counts, profile classes, consumption standards). */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** PostgreSQL `bigint` as drizzle's `mode: "number"` reads it: JavaScript's exact integers. */
export const INT8_NUMBER = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;

/** `numeric(precision, scale)`: digits before the point (precision - scale) and after it. */
export const numericDigits = (precision: number, scale: number) => ({ digits: precision - scale, places: scale });

/** The numeric columns account imports write: amounts, balances and readings. */
export const NUMERIC = {
  /** accounts.transfer_balance, meter_readings.reading_value: numeric(21, 10). */
  balance: numericDigits(21, 10),
  /** transactions.amount: numeric(20, 10). */
  transactionAmount: numericDigits(20, 10),
} as const;

/** A file name (one path segment) in the document stores: ext4 and most filesystems allow 255 bytes. */
export const PATH_SEGMENT_BYTES = 255;
