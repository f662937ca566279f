import { formatMoney } from "@/app/components/ui/format";
import { penceToPounds } from "@/server/lib/money";

/** As db/schema/cohorts.ts lists them (kept here so the browser bundle carries no schema code). */
export const LIFECYCLE = [
  "planning",
  "importing",
  "imported",
  "reconciling",
  "reconciled",
  "cutting_over",
  "cut_over",
] as const;
export type CohortStatus = (typeof LIFECYCLE)[number];

export const STATUS_LABEL: Record<CohortStatus, string> = {
  planning: "Planning",
  importing: "Importing",
  imported: "Imported",
  reconciling: "Reconciling",
  reconciled: "Reconciled (signed off)",
  cutting_over: "Cutting over",
  cut_over: "Cut over",
};

export const CHECK_LABEL: Record<string, string> = {
  presence: "In both files",
  balance: "Closing balance",
  meter_points: "Meter points",
  meters: "Meters",
  payment: "Payment instruction",
  statements: "Statements",
  readings: "Last readings",
};

/** Whole pence as pounds ("-1234" → "−£12.34"), exact: the console's one money format, never a float. */
export function penceAsPounds(pence: string | null | undefined): string {
  return formatMoney(pence === null || pence === undefined || pence === "" ? pence : penceToPounds(pence));
}

/** A result's value as shown: a balance in pounds, an empty set as "(none)". */
export function showValue(check: string, value: string | null): string {
  if (value === null) return "—";
  if (value === "") return "(none)";
  return check === "balance" ? `${penceAsPounds(value)} (${value}p)` : value;
}
