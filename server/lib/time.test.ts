import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidDate, parseLondonDateTime } from "./time";

// The calendar as Date sees it, for comparison.
const byDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
const pad = (n: number, w: number) => String(n).padStart(w, "0");

describe("isValidDate", () => {
  it("knows month lengths and leap years", () => {
    expect(["2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30", "0100-01-01", "9999-12-31"].map(isValidDate)).toEqual(Array(6).fill(true));
    expect(["2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0099-12-31"].map(isValidDate)).toEqual(Array(7).fill(false));
  });

  it("refuses anything but YYYY-MM-DD", () => {
    expect(["2026-1-01", "2026-01-01T00:00", " 2026-01-01", "2026/01/01", "", "20260101"].map(isValidDate)).toEqual(Array(6).fill(false));
  });

  it("agrees with the Date calendar for every year from 0100 to 9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        expect(isValidDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)).toBe(byDate(y, m, d));
      }),
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
