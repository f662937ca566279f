import { addDays, formatLondonDate, londonToday } from "../../lib/time";
import { env } from "@/server/env.mjs";

export type AgreementSpan = { validFrom: Date; validTo: Date | null };

/** Days between today and the earliest supply start date a registration may ask for. */
export const minLeadDays = () => Math.max(0, env.REGISTRATION_MIN_LEAD_DAYS || 0);

const covers = (a: AgreementSpan, date: string) =>
  formatLondonDate(a.validFrom) <= date && (!a.validTo || date < formatLondonDate(a.validTo));

/**
 * The earliest date, no sooner than today plus the lead time, on which one of the meter
 * point's agreements is in force (agreements run from valid_from, inclusive, to valid_to,
 * exclusive, as Europe/London dates). Null when no agreement is in force from then on.
 */
export function earliestSupplyStart(agreements: AgreementSpan[], today = londonToday()): string | null {
  const first = addDays(today, minLeadDays());
  const candidates = [first, ...agreements.map((a) => formatLondonDate(a.validFrom)).filter((d) => d > first)].sort();
  return candidates.find((d) => agreements.some((a) => covers(a, d))) ?? null;
}

/** Why `date` cannot be the supply start date, or null when it can. */
export function supplyStartProblem(agreements: AgreementSpan[], date: string, today = londonToday()): string | null {
  const first = addDays(today, minLeadDays());
  if (date < first) return `Supply start date ${date} is too early; the earliest valid supply start date is ${first}.`;
  if (!agreements.some((a) => covers(a, date))) return `No agreement is in force on the supply start date ${date}.`;
  return null;
}
