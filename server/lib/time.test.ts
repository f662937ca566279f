import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TZDate, tzOffset } from "@date-fns/tz";
import { formatLondonDate, HOURLY_FROM, isValidDate, LONDON, offsetMinutes, parseLondonDateTime } from "./time";

// The calendar as Date sees it, for comparison.
const byDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
const pad = (n: number, w: number) => String(n).padStart(w, "0");

describe("isValidDate", () => {
  it("knows month lengths and leap years", () => {
    expect(
      ["2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30", "0100-01-01", "9999-12-31"].map(isValidDate),
    ).toEqual(Array(6).fill(true));
    expect(
      ["2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0099-12-31"].map(
        isValidDate,
      ),
    ).toEqual(Array(7).fill(false));
  });

  it("refuses anything but YYYY-MM-DD", () => {
    expect(["2026-1-01", "2026-01-01T00:00", " 2026-01-01", "2026/01/01", "", "20260101"].map(isValidDate)).toEqual(
      Array(6).fill(false),
    );
  });

  it("agrees with the Date calendar for every year from 0100 to 9999", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          expect(isValidDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)).toBe(byDate(y, m, d));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("parseLondonDateTime bounds", () => {
  const iso = (s: string) => parseLondonDateTime(s)?.toISOString() ?? null;

  it("refuses an instant past 9999 once the offset is applied", () => {
    expect(iso("9999-12-31T23:00:00-01:00")).toBeNull();
    expect(iso("9999-12-31T23:59:59.999-00:01")).toBeNull();
    expect(iso("9999-12-31T22:59:59-01:00")).toBe("9999-12-31T23:59:59.000Z");
    expect(iso("9999-12-31T23:59:59Z")).toBe("9999-12-31T23:59:59.000Z");
    expect(iso("9999-12-31T23:59:59")).toBe("9999-12-31T23:59:59.000Z");
    expect(iso("9999-12-31")).toBe("9999-12-31T00:00:00.000Z");
  });

  it("cuts a fraction to milliseconds, never rounding into the next second", () => {
    expect(iso("2026-11-21T10:00:00.9996Z")).toBe("2026-11-21T10:00:00.999Z");
    expect(iso("2026-11-21T10:00:00.9996")).toBe("2026-11-21T10:00:00.999Z");
    expect(iso("2026-11-21T10:00:00.5+01:00")).toBe("2026-11-21T09:00:00.500Z");
    expect(iso("2026-07-01T10:00:00.123456")).toBe("2026-07-01T09:00:00.123Z");
    expect(iso("2026-07-01T10:00:00.04")).toBe("2026-07-01T09:00:00.040Z");
  });

  it("keeps the earliest dates, which an offset may move back into year 99", () => {
    expect(iso("0100-01-01T00:00:00+01:00")).toBe("0099-12-31T23:00:00.000Z");
    expect(iso("0099-12-31T23:00:00Z")).toBeNull();
  });
});

describe("London's offset, looked up once per hour", () => {
  const direct = (t: number) => tzOffset(LONDON, new Date(t));
  const DAY = 86_400_000;

  // The cache's premise: from 1900 every change of London's offset falls on a whole UTC hour.
  it("finds every offset change from 1900 to 2100 on the hour, and agrees around each", () => {
    let changes = 0;
    for (let day = HOURLY_FROM; day < Date.UTC(2100, 0, 1); day += DAY) {
      if (direct(day) === direct(day + DAY - 1)) continue;
      let [lo, hi] = [day, day + DAY - 1]; // offset(lo) differs from offset(hi): bisect to the first instant of the new offset
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (direct(mid) === direct(lo)) lo = mid;
        else hi = mid;
      }
      changes++;
      expect(new Date(hi).toISOString().slice(14)).toBe("00:00.000Z");
      for (const t of [hi - 1, hi, hi + 1, hi - 3_600_000, hi + 3_599_999]) expect(offsetMinutes(t)).toBe(direct(t));
    }
    // Two a year since 1916, more in the war years and 1968-71's year-round summer time.
    expect(changes).toBeGreaterThan(300);
  });

  it("agrees with @date-fns/tz at any instant, before 1900 too", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1800, 0, 1), max: Date.UTC(2200, 0, 1) }), (t) => {
        expect(offsetMinutes(t)).toBe(direct(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("gives the London calendar date of an instant as TZDate does", () => {
    const viaTzDate = (t: number) => {
      const z = new TZDate(t, LONDON);
      return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, "0")}-${String(z.getDate()).padStart(2, "0")}`;
    };
    // Midnight either side of the clocks changing, then anywhere.
    for (const t of [
      Date.UTC(2026, 2, 28, 23, 59, 59, 999),
      Date.UTC(2026, 2, 29, 0, 0),
      Date.UTC(2026, 5, 30, 22, 59, 59, 999),
      Date.UTC(2026, 5, 30, 23, 0),
      Date.UTC(2026, 9, 25, 0, 0),
    ]) {
      expect(formatLondonDate(new Date(t))).toBe(viaTzDate(t));
    }
    expect(formatLondonDate(new Date(Date.UTC(2026, 5, 30, 23, 0)))).toBe("2026-07-01");
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1800, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59) }), (t) => {
        expect(formatLondonDate(new Date(t))).toBe(viaTzDate(t));
      }),
      { numRuns: 3000 },
    );
  });
});
