import { londonMidnight } from "../../lib/time";

/** An agreement's period in epoch ms, open-ended when it has no effective_to. */
export type Period = { from: number; to: number };

/** London midnight starting `date` (YYYY-MM-DD): agreements run from effective_from's midnight to effective_to's. */
export { londonMidnight };

export const periodOf = (a: { effective_from: string; effective_to?: string | null }): Period => ({
  from: londonMidnight(a.effective_from).getTime(),
  to: a.effective_to ? londonMidnight(a.effective_to).getTime() : Number.POSITIVE_INFINITY,
});

/** Half-open periods [from, to) that share an instant. */
export const overlaps = (a: Period, b: Period) => a.from < b.to && b.from < a.to;
