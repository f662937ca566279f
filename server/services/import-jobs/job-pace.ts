/**
 * A running job's pace and time to go, from its recent real throughput (issue 39 item 7): the
 * rows handled in the last PACE_WINDOW_SECONDS, or since the job last started if that is later
 * (a pause is no part of the pace), over the time from the window's start to the latest row
 * handled. Lanes write a batch's rows at once when its work is done (import-row.ts), so the
 * pace is measured to that write, not to now, and the time since it counts down the ETA
 * instead of making the pace look slower between two writes (ADR 0422).
 */
export const PACE_WINDOW_SECONDS = 30;
/** Below this much measured time a pace is noise. */
const MIN_SPAN_SECONDS = 1;

export type PaceSample = {
  /** Rows handled in the window. */
  rows: number;
  /** Seconds from the window's start (or the job's last start) to the latest row handled. */
  startToLastSeconds: number;
  /** Seconds since the latest row handled. */
  sinceLastSeconds: number;
  pending: number;
};

export const NO_PACE: Omit<PaceSample, "pending"> = { rows: 0, startToLastSeconds: 0, sinceLastSeconds: 0 };

export function jobPace(s: PaceSample): { rate: number; etaSeconds: number | null } {
  if (s.rows <= 0 || s.startToLastSeconds < MIN_SPAN_SECONDS) return { rate: 0, etaSeconds: null };
  const rate = s.rows / s.startToLastSeconds;
  return { rate, etaSeconds: Math.ceil(Math.max(0, s.pending / rate - s.sinceLastSeconds)) };
}
