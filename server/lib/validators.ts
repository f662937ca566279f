import { isValid as isValidPostcode, toNormalised } from "postcode";
import { z } from "zod";
import { INT4 } from "@/db/limits";
import { isValidDate, parseLondonDateTime } from "./time";
import { mpanCheckDigit, mpanProblem, mprnProblem, postcodeProblem, quoted } from "./value-problems";

/** The id of a `serial` row: a larger number names no row, and the integer column refuses it. */
export const SerialId = z.number().int().min(1).max(INT4.max);

/** The MPAN core's 13th digit is a weighted checksum of the first twelve (value-problems.ts's mpanCheckDigit). */
export function isValidMpan(mpan: string): boolean {
  return /^\d{13}$/.test(mpan) && mpanCheckDigit(mpan) === Number(mpan[12]);
}

export function withMpanCheckDigit(first12: string): string {
  return `${first12}${mpanCheckDigit(first12)}`;
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

export const DateString = z.string().refine(isValidDate, {
  error: (i) => `${quoted(String(i.input))} is not a date: give it as YYYY-MM-DD, e.g. 2026-01-31.`,
  params: { code: "invalid_date" },
});

export const DateTimeString = z.string().refine((s) => parseLondonDateTime(s) !== null, {
  error: (i) => `${quoted(String(i.input))} is not a date and time: give it in ISO 8601, e.g. 2026-01-31T09:30:00Z.`,
  params: { code: "invalid_datetime" },
});

export const Postcode = z
  .string()
  .trim()
  .refine((p) => isValidPostcode(p), {
    error: (i) => postcodeProblem(String(i.input)) ?? "Not a UK postcode.",
    params: { code: "invalid_postcode" },
  })
  .transform((p) => toNormalised(p) ?? p);

export const Mpan = z
  .string()
  .trim()
  .refine(isValidMpan, {
    error: (i) => mpanProblem(String(i.input)) ?? "Not an MPAN.",
    params: { code: "invalid_supply_point_identifier" },
  });

export const Mprn = z
  .string()
  .trim()
  .refine(isValidMprn, {
    error: (i) => mprnProblem(String(i.input)) ?? "Not an MPRN.",
    params: { code: "invalid_supply_point_identifier" },
  });
