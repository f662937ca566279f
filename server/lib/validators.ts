import { isValid as isValidPostcode, toNormalised } from "postcode";
import { z } from "zod";
import { INT4 } from "@/db/limits";
import { isValidDate, parseLondonDateTime } from "./time";

/** The id of a `serial` row: a larger number names no row, and the integer column refuses it. */
export const SerialId = z.number().int().min(1).max(INT4.max);

const MPAN_WEIGHTS = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43];

/** The MPAN core's 13th digit is a weighted checksum of the first twelve. */
export function isValidMpan(mpan: string): boolean {
  if (!/^\d{13}$/.test(mpan)) return false;
  const sum = MPAN_WEIGHTS.reduce((acc, w, i) => acc + w * Number(mpan[i]), 0);
  return (sum % 11) % 10 === Number(mpan[12]);
}

export function withMpanCheckDigit(first12: string): string {
  const sum = MPAN_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first12[i]), 0);
  return `${first12}${(sum % 11) % 10}`;
}

export function isValidMprn(mprn: string): boolean {
  return /^\d{6,10}$/.test(mprn);
}

/**
 * Adds a custom issue carrying the API's error `code` (params.code) to a zod `.check()`
 * payload: the allocation-free counterpart of `ctx.addIssue` for checks on hot paths.
 */
export function pushIssue(payload: z.core.ParsePayload<unknown>, code: string, message: string, path?: PropertyKey[]) {
  payload.issues.push({ code: "custom", message, input: payload.value, params: { code }, ...(path ? { path } : {}) });
}

export const Text = (max = 255) => z.string().trim().min(1).max(max);

export const DateString = z
  .string()
  .refine(isValidDate, { message: "Enter a valid date in YYYY-MM-DD form.", params: { code: "invalid_date" } });

export const DateTimeString = z
  .string()
  .refine((s) => parseLondonDateTime(s) !== null, { message: "Enter a valid ISO 8601 datetime.", params: { code: "invalid_datetime" } });

export const Postcode = z
  .string()
  .trim()
  .refine((p) => isValidPostcode(p), { message: "Enter a valid UK postcode.", params: { code: "invalid_postcode" } })
  .transform((p) => toNormalised(p) ?? p);

export const Mpan = z
  .string()
  .trim()
  .refine(isValidMpan, { message: "An MPAN is 13 digits ending in a valid check digit.", params: { code: "invalid_supply_point_identifier" } });

export const Mprn = z
  .string()
  .trim()
  .refine(isValidMprn, { message: "An MPRN is 6 to 10 digits.", params: { code: "invalid_supply_point_identifier" } });
