import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatMoney, formatTime } from "./format";

describe("shared date formats", () => {
  it("uses one month style all year: Sep as well as Oct", () => {
    expect(formatDay("2026-09-14")).toBe("14 Sep 2026");
    expect(formatDay("2026-10-01")).toBe("1 Oct 2026");
    expect(formatDate("2026-09-14T12:00:00Z")).toBe("14 Sep 2026");
    expect(formatDate("2026-10-14T12:00:00Z")).toBe("14 Oct 2026");
  });

  it("shows instants in London time, summer and winter", () => {
    expect(formatDateTime("2026-09-14T08:05:00Z")).toBe("14 Sep 2026, 09:05:00");
    expect(formatDateTime("2026-12-01T00:00:09Z")).toBe("1 Dec 2026, 00:00:09");
    // 23:30 UTC on 30 Sep is already 1 Oct in London.
    expect(formatDate(new Date("2026-09-30T23:30:00Z"))).toBe("1 Oct 2026");
    expect(formatTime(Date.parse("2026-07-01T11:00:00Z"))).toBe("12:00:00");
  });

  it("leaves missing and unreadable values recognisable", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDay("not-a-date")).toBe("not-a-date");
  });

  it("formats money from decimal strings with a true minus sign", () => {
    expect(formatMoney("-12.5")).toBe("−£12.50");
    expect(formatMoney("1234567.891")).toBe("£1,234,567.891");
  });
});
