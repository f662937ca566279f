import { Findings as RuleFindings } from "../../../lib/findings";
import type { AccountErrorCode } from "../payload/error-codes";

export type { Path } from "../../../lib/findings";

/** An account rule's findings, in production's account codes (the one rule vocabulary: server/lib/findings.ts). */
export class Findings extends RuleFindings<AccountErrorCode> {}

/** Half-open date periods [from, to) over YYYY-MM-DD strings; a missing `to` is open-ended. */
export type DatePeriod = { from: string; to: string | null | undefined };

export const periodsOverlap = (a: DatePeriod, b: DatePeriod) =>
  (b.to == null || a.from < b.to) && (a.to == null || b.from < a.to);

/** Keys seen twice in `items` (by `keyOf`), as the indexes of the repeats. */
export function repeatIndexes<T>(
  items: readonly T[],
  keyOf: (item: T) => string | undefined,
): { index: number; first: number }[] {
  const seen = new Map<string, number>();
  const out: { index: number; first: number }[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (key === undefined) return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else out.push({ index, first });
  });
  return out;
}
