import { parseLondonDateTime } from "../../lib/time";

/** An agreement's period in epoch ms, open-ended when it has no valid_to. */
export type Period = { from: number; to: number };

export const periodOf = (a: { valid_from: string; valid_to?: string | null }): Period => ({
  from: parseLondonDateTime(a.valid_from)!.getTime(),
  to: a.valid_to ? parseLondonDateTime(a.valid_to)!.getTime() : Number.POSITIVE_INFINITY,
});

/** Half-open periods [from, to) that share an instant. */
export const overlaps = (a: Period, b: Period) => a.from < b.to && b.from < a.to;
