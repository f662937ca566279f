import { describe, expect, it } from "vitest";
import { addDays, formatLondonDate } from "../../lib/time";
import {
  clockChangeDays,
  halfHourlyPeriods,
  latestClockChange,
  londonHour,
  publicationDate,
  publishedThrough,
  quarterStart,
  quarterWindow,
} from "./demo-calendar";
import { halfHourlyRates } from "./demo-rates";

const iso = (periods: [Date, Date][]) => periods.map(([a, b]) => [a.toISOString(), b.toISOString()]);

describe("demo calendar (Europe/London)", () => {
  it("finds the UK clock changes: the last Sundays of March and October", () => {
    expect(clockChangeDays(2026)).toEqual({ spring: "2026-03-29", autumn: "2026-10-25" });
    expect(clockChangeDays(2027)).toEqual({ spring: "2027-03-28", autumn: "2027-10-31" });
    expect(clockChangeDays(2028)).toEqual({ spring: "2028-03-26", autumn: "2028-10-29" });
  });

  it("reads the London hour across both clock changes", () => {
    expect(londonHour(new Date("2026-03-29T00:59:00Z"))).toBe(0);
    expect(londonHour(new Date("2026-03-29T01:00:00Z"))).toBe(2);
    expect(londonHour(new Date("2026-10-25T00:30:00Z"))).toBe(1);
    expect(londonHour(new Date("2026-10-25T01:30:00Z"))).toBe(1);
    expect(londonHour(new Date("2026-06-16T23:30:00Z"))).toBe(0);
  });

  it("publishes the next day at 16:00 London, in summer (15:00Z) and winter (16:00Z)", () => {
    expect(publishedThrough(new Date("2026-06-16T14:59:59Z"))).toBe("2026-06-16");
    expect(publishedThrough(new Date("2026-06-16T15:00:00Z"))).toBe("2026-06-17");
    expect(publishedThrough(new Date("2026-11-25T15:59:59Z"))).toBe("2026-11-25");
    expect(publishedThrough(new Date("2026-11-25T16:00:00Z"))).toBe("2026-11-26");
    // 00:30 BST on 17 June is still 16 June in UTC
    expect(publishedThrough(new Date("2026-06-16T23:30:00Z"))).toBe("2026-06-17");
    expect(publicationDate(new Date("2026-11-25T15:59:59Z"))).toBe("2026-11-24");
    expect(publicationDate(new Date("2026-11-25T16:00:00Z"))).toBe("2026-11-25");
  });

  it("keeps one run of half hours through 23:00 London of the last published day: 30 days back, or from the day before a clock change of the last 62 days", () => {
    // 25 November: the autumn change (25 October) was 31 days ago, so the run starts on 24 October.
    expect(iso(halfHourlyPeriods(new Date("2026-11-25T10:00:00Z")))).toEqual([
      ["2026-10-23T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ]);
    // From 16:00 the run reaches 23:00 tomorrow.
    expect(iso(halfHourlyPeriods(new Date("2026-11-24T16:00:00Z")))).toEqual([
      ["2026-10-23T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ]);
    // 1 December: 30 days back is 1 November, but 27 to 31 October are kept, not skipped.
    expect(iso(halfHourlyPeriods(new Date("2026-12-01T12:00:00Z")))).toEqual([
      ["2026-10-23T23:00:00.000Z", "2026-12-01T23:00:00.000Z"],
    ]);
    // In early January the autumn change is 72 days back: 30 days only.
    expect(iso(halfHourlyPeriods(new Date("2027-01-05T12:00:00Z")))).toEqual([
      ["2026-12-06T00:00:00.000Z", "2027-01-05T23:00:00.000Z"],
    ]);
    // On the spring day before 16:00: that day up to 23:00 BST (22:00Z), 44 of its 46 half hours so far.
    expect(iso(halfHourlyPeriods(new Date("2026-03-29T12:00:00Z")))).toEqual([
      ["2026-02-27T00:00:00.000Z", "2026-03-29T22:00:00.000Z"],
    ]);
    // 20 May: the spring change (29 March) was 52 days ago.
    expect(iso(halfHourlyPeriods(new Date("2026-05-20T12:00:00Z")))).toEqual([
      ["2026-03-28T00:00:00.000Z", "2026-05-20T22:00:00.000Z"],
    ]);
    expect([latestClockChange("2026-03-28"), latestClockChange("2026-03-29"), latestClockChange("2026-12-31")]).toEqual(
      ["2025-10-26", "2026-03-29", "2026-10-25"],
    );
  });

  it("prices every London day of the run whole: 48 half hours, 46 and 50 on the clock-change days, across both changes", () => {
    for (const at of [
      "2026-04-20T17:00:00Z",
      "2026-05-29T09:00:00Z",
      "2026-11-02T12:00:00Z",
      "2026-12-01T12:00:00Z",
      "2026-12-25T17:00:00Z",
    ]) {
      const now = new Date(at);
      const [[from, to]] = halfHourlyPeriods(now);
      const perDay = new Map<string, number>();
      for (const r of halfHourlyRates(from, to, 2)) {
        const day = formatLondonDate(new Date(r.valid_from!));
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      const { spring, autumn } = clockChangeDays(2026);
      const last = publishedThrough(now);
      let days = 0;
      for (let d = formatLondonDate(from); d <= last; d = addDays(d, 1), days++) {
        const whole = d === spring ? 46 : d === autumn ? 50 : 48;
        // The last published day runs to 23:00 London: its last two half hours come with the next publication.
        expect(perDay.get(d), `${at}: ${d}`).toBe(d === last ? whole - 2 : whole);
      }
      expect(days).toBe(perDay.size);
    }
  });

  it("prices variable products from four quarters back through the next one", () => {
    const { first, last } = quarterWindow(new Date("2026-11-25T12:00:00Z"));
    expect([quarterStart(first), quarterStart(last), quarterStart(last + 1)]).toEqual([
      "2025-10-01",
      "2027-01-01",
      "2027-04-01",
    ]);
    // 31 March 23:30Z is 1 April in London: the new quarter.
    const april = quarterWindow(new Date("2026-03-31T23:30:00Z"));
    expect(quarterStart(april.first + 4)).toBe("2026-04-01");
  });
});
