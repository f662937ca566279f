import { addDays, formatLondonDate, londonMidnight, londonWallTime, offsetMinutes } from "../../lib/time";

/**
 * The dates the demo catalogue's rate series cover, all relative to `now` in Europe/London.
 * Every series is a window onto one fixed, endless series (a price depends only on its own
 * period), so loads at different times only ever add the same rows: they never conflict.
 */

/** Day-ahead prices (Agile, Tracker) are published at 16:00 London for the next London day. */
export const PUBLISH_HOUR = 16;

/** Days of half-hourly history the demo keeps behind today. */
export const HISTORY_DAYS = 30;

/** The London wall-clock hour at `t` (from the offset: a TZDate per half hour made the demo build slow). */
export function londonHour(t: Date): number {
  return Math.floor((t.getTime() / 60_000 + offsetMinutes(t.getTime())) / 60) % 24;
}

/** The last London day whose day-ahead prices are out at `now`: tomorrow from 16:00, else today. */
export function publishedThrough(now: Date): string {
  const today = formatLondonDate(now);
  return londonHour(now) >= PUBLISH_HOUR ? addDays(today, 1) : today;
}

/** The London date of the latest 16:00 publication at or before `now` (the daily job's key). */
export function publicationDate(now: Date): string {
  return addDays(publishedThrough(now), -1);
}

/** UK clock changes: 01:00 UTC on the last Sunday of March (46 half hours) and of October (50). */
export function clockChangeDays(year: number): { spring: string; autumn: string } {
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month, 0));
    return new Date(Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay())).toISOString().slice(0, 10);
  };
  return { spring: lastSunday(3), autumn: lastSunday(10) };
}

/** How long after a clock change the half-hourly series still reaches back to it. */
export const CLOCK_CHANGE_DAYS_KEPT = 62;

/**
 * The half-hourly (Agile) price periods at `now`, as one continuous [from, to) run of instants:
 * from London midnight 30 days back, or from the day before the latest clock change when that
 * was at most 62 days ago (so the 46- or 50-half-hour day stays in the series for two months),
 * up to 23:00 London on the last published day (each 16:00 publication covers 23:00 that
 * evening to 23:00 the next day, as production's day-ahead auction does). Every London day in
 * between is whole: 48 half hours, 46 and 50 on the clock-change days (ADR 0204).
 */
export function halfHourlyPeriods(now: Date): [Date, Date][] {
  const last = publishedThrough(now);
  const end = londonWallTime(...ymd(last), 23);
  const today = formatLondonDate(now);
  let first = addDays(today, -HISTORY_DAYS);
  const change = latestClockChange(last);
  if (change && change >= addDays(today, -CLOCK_CHANGE_DAYS_KEPT) && addDays(change, -1) < first)
    first = addDays(change, -1);
  return [[londonMidnight(first), end]];
}

/** The latest UK clock change on or before `date` (this year's or last year's autumn one). */
export function latestClockChange(date: string): string | null {
  const year = Number(date.slice(0, 4));
  const days = [clockChangeDays(year - 1).autumn, clockChangeDays(year).spring, clockChangeDays(year).autumn];
  return days.filter((d) => d <= date).at(-1) ?? null;
}

const ymd = (date: string) => date.split("-").map(Number) as [number, number, number];

/** Calendar quarters as an index (year * 4 + quarter) and the London date each starts. */
export const quarterOf = (date: string) =>
  Number(date.slice(0, 4)) * 4 + Math.floor((Number(date.slice(5, 7)) - 1) / 3);
export const quarterStart = (q: number) => `${Math.floor(q / 4)}-${String((q % 4) * 3 + 1).padStart(2, "0")}-01`;

/**
 * Quarter starts for price-cap style series at `now`: four quarters back through the next
 * one; each price ends when the next quarter starts, and the last one (the next quarter's)
 * is announced ahead, so a tariff is always priced at least three months ahead.
 */
export function quarterWindow(now: Date): { first: number; last: number } {
  const q = quarterOf(formatLondonDate(now));
  return { first: q - 4, last: q + 1 };
}

export { londonMidnight };
