import { describe, expect, it } from "vitest";
import { clockChangeDays, halfHourlyPeriods, londonHour, publicationDate, publishedThrough, quarterStart, quarterWindow } from "./demo-calendar";

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

  it("keeps 30 days of half hours through 23:00 London of the last published day, and this year's clock-change days", () => {
    expect(iso(halfHourlyPeriods(new Date("2026-11-25T10:00:00Z")))).toEqual([
      ["2026-03-28T00:00:00.000Z", "2026-03-30T23:00:00.000Z"],
      ["2026-10-23T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ]);
    // From 16:00 the window reaches 23:00 tomorrow; 30 days back joins the autumn days.
    expect(iso(halfHourlyPeriods(new Date("2026-11-24T16:00:00Z")))).toEqual([
      ["2026-03-28T00:00:00.000Z", "2026-03-30T23:00:00.000Z"],
      ["2026-10-23T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ]);
    // In early January this year's clock changes are still to come.
    expect(iso(halfHourlyPeriods(new Date("2027-01-05T12:00:00Z")))).toEqual([["2026-12-06T00:00:00.000Z", "2027-01-05T23:00:00.000Z"]]);
    // On the spring day before 16:00: that day up to 23:00 BST (22:00Z), 44 of its 46 half hours so far.
    const spring = halfHourlyPeriods(new Date("2026-03-29T12:00:00Z"));
    expect(iso(spring)).toEqual([["2026-02-27T00:00:00.000Z", "2026-03-29T22:00:00.000Z"]]);
  });

  it("prices variable products from four quarters back through the next one", () => {
    const { first, last } = quarterWindow(new Date("2026-11-25T12:00:00Z"));
    expect([quarterStart(first), quarterStart(last), quarterStart(last + 1)]).toEqual(["2025-10-01", "2027-01-01", "2027-04-01"]);
    // 31 March 23:30Z is 1 April in London: the new quarter.
    const april = quarterWindow(new Date("2026-03-31T23:30:00Z"));
    expect(quarterStart(april.first + 4)).toBe("2026-04-01");
  });
});
