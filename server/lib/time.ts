import { TZDate, tzOffset } from "@date-fns/tz";

export const LONDON = "Europe/London";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar date in YYYY-MM-DD form (rejects 2026-02-30), years 0100-9999. Integer
 * arithmetic, no Date: it runs for every date of every imported item, and the server's
 * Date is instrumented.
 */
export function isValidDate(s: string): boolean {
  // By character codes, not DATE_RE: this runs for every date of every imported transaction.
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1]);
}

/** The number the ASCII digits s[from, to) spell, or -1 if any is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * Parses an ISO 8601 date or datetime. With no offset it is Europe/London wall time:
 * in the repeated autumn hour the first (BST) instant is taken; a time in the missing
 * spring hour is moved forward by the gap, as Temporal's "compatible" rule does.
 * The instant must fall in UTC years 1-9999: an offset can push 9999-12-31 into year
 * 10000, which neither the `YYYY-MM-DDTHH:MM:SSZ` form nor a query bound can carry.
 */
export function parseLondonDateTime(s: string): Date | null {
  const t = parseLondonDateTimeUnbounded(s);
  if (!t) return null;
  const year = t.getUTCFullYear();
  return year >= 1 && year <= 9999 ? t : null;
}

function parseLondonDateTimeUnbounded(s: string): Date | null {
  const d = DATE_RE.exec(s);
  const m = (d ? [s, d[1], d[2], d[3], "00", "00", "00", undefined, undefined] : DATETIME_RE.exec(s)) as
    | (string | undefined)[]
    | null;
  if (!m) return null;
  const [y, mo, da, h, mi, se] = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)];
  // Milliseconds cut from the fraction's digits, not rounded: .9996 stays in its second (rounding gave 1000 ms, written as .1000).
  const ms = m[7] ? +m[7].padEnd(3, "0").slice(0, 3) : 0;
  if (!isValidDate(`${m[1]}-${m[2]}-${m[3]}`) || h > 23 || mi > 59 || se > 59) return null;
  const offset = m[8];
  if (offset) {
    const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${String(se).padStart(2, "0")}.${String(ms).padStart(3, "0")}${offset === "Z" ? "Z" : normaliseOffset(offset)}`;
    const t = new Date(iso);
    return Number.isNaN(t.getTime()) ? null : t;
  }
  return londonWallTime(y, mo, da, h, mi, se, ms);
}

function normaliseOffset(o: string) {
  return o.length === 5 ? `${o.slice(0, 3)}:${o.slice(3)}` : o;
}

export function londonWallTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Try each offset seen around that wall time; keep those that read back as the same
  // wall time. Two fit in the repeated hour (take the earlier instant); none in the gap.
  const offsets = [...new Set([offsetMinutes(wall - 86_400_000), offsetMinutes(wall + 86_400_000)])];
  const fits = offsets.map((o) => wall - o * 60_000).filter((t) => t + offsetMinutes(t) * 60_000 === wall);
  if (fits.length) return new Date(Math.min(...fits));
  return new Date(wall - offsetMinutes(wall - 86_400_000) * 60_000);
}

const HOUR_MS = 3_600_000;
export const HOURLY_FROM = Date.UTC(1900, 0, 1);
const MAX_FOUR_DIGIT_YEAR = Date.UTC(9999, 11, 31);
const hourOffsets = new Map<number, number>();

/**
 * Minutes Europe/London is ahead of UTC at an instant. Since 1900 London has changed its
 * offset only on the hour (UTC), so each hour's offset is looked up once (time.test.ts checks
 * every transition to 2100); earlier instants, with their local-mean-time offsets, are not cached.
 * An import parses a few dozen datetimes, and @date-fns/tz asks Intl each time.
 */
export function offsetMinutes(instant: number): number {
  if (!(instant >= HOURLY_FROM)) return tzOffset(LONDON, new Date(instant));
  const hour = Math.floor(instant / HOUR_MS);
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    if (hourOffsets.size >= 50_000) hourOffsets.clear();
    offset = tzOffset(LONDON, new Date(hour * HOUR_MS));
    hourOffsets.set(hour, offset);
  }
  return offset;
}

/** The instant a London day (YYYY-MM-DD) starts: 00:00 Europe/London. */
export function londonMidnight(day: string): Date {
  return londonWallTime(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}

/** Today's date in Europe/London as YYYY-MM-DD. */
export function londonToday(now = new Date()): string {
  return formatLondonDate(now);
}

export function formatLondonDate(t: Date): string {
  const ms = t.getTime();
  // The wall clock's date is the UTC date of the instant moved by the offset (years 1900-9999).
  if (ms >= HOURLY_FROM && ms < MAX_FOUR_DIGIT_YEAR)
    return new Date(ms + offsetMinutes(ms) * 60_000).toISOString().slice(0, 10);
  const z = new TZDate(ms, LONDON);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, "0")}-${String(z.getDate()).padStart(2, "0")}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the spec's datetime form. */
export function isoSeconds(t: Date): string {
  return t.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}
