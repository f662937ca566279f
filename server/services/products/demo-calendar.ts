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

/**
 * The half-hourly (Agile) price periods at `now`, as [from, to) instants: London midnight 30
 * days back up to 23:00 London on the last published day (each 16:00 publication covers 23:00
 * that evening to 23:00 the next day, as production's day-ahead auction does), plus this year's
 * two clock-change days, each whole with a day either side, once published.
 */
export function halfHourlyPeriods(now: Date): [Date, Date][] {
  const last = publishedThrough(now);
  const end = londonWallTime(...ymd(last), 23);
  const days = new Set<string>();
  for (let d = addDays(formatLondonDate(now), -HISTORY_DAYS); d <= last; d = addDays(d, 1)) days.add(d);
  const { spring, autumn } = clockChangeDays(Number(last.slice(0, 4)));
  for (const change of [spring, autumn]) {
    for (const d of [addDays(change, -1), change, addDays(change, 1)]) if (d <= last) days.add(d);
  }
  const runs: [Date, Date][] = [];
  for (const d of [...days].sort()) {
    const from = londonMidnight(d);
    const to = new Date(Math.min(londonMidnight(addDays(d, 1)).getTime(), end.getTime()));
    const run = runs.at(-1);
    if (run && run[1].getTime() === from.getTime()) run[1] = to;
    else runs.push([from, to]);
  }
  return runs;
}

const ymd = (date: string) => date.split("-").map(Number) as [number, number, number];

/** Calendar quarters as an index (year * 4 + quarter) and the London date each starts. */
export const quarterOf = (date: string) => Number(date.slice(0, 4)) * 4 + Math.floor((Number(date.slice(5, 7)) - 1) / 3);
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
