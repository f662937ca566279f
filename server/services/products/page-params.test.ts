import { describe, expect, it } from "vitest";
import { pageParam, pageSize, pythonInt } from "./page-params";

describe("pythonInt: Python's int() on a query value", () => {
  it.each([
    ["25000", 25000],
    ["007", 7],
    [" 12\t", 12],
    ["+3", 3],
    ["-4", -4],
    ["1_500", 1500],
    ["\u0663", 3], // ARABIC-INDIC DIGIT THREE
    ["\uff11\uff10", 10], // fullwidth 1 0
    ["\u{1D7D9}", 1], // MATHEMATICAL DOUBLE-STRUCK DIGIT ONE: the second run of ten in a block of fifty
    ["\u00a05\u3000", 5],
  ])("%j is %d", (s, n) => expect(pythonInt(s)).toBe(n));

  it.each(["", " ", "abc", "10.5", "1e3", "0x10", "_1", "1_", "1__0", "- 5", "+-1", "\ufeff1", "\x1c9", "½", "²"])(
    "%j raises ValueError",
    (s) => {
      expect(pythonInt(s)).toBeNull();
    },
  );
});

describe("pageSize: DRF get_page_size with max_page_size 1500 and page_size 100", () => {
  it.each([
    [undefined, 100],
    ["25000", 1500],
    ["1501", 1500],
    ["1500", 1500],
    ["7", 7],
    ["0", 100],
    ["-5", 100],
    ["", 100],
    ["abc", 100],
    ["10.5", 100],
    ["9".repeat(400), 1500],
  ])("%j gives %d", (raw, size) => expect(pageSize(raw)).toBe(size));
});

describe("pageParam: DRF/Django page number", () => {
  it.each([
    [undefined, 1],
    ["2", 2],
    [" 02 ", 2],
    ["last", "last"],
    ["1000000000", 1000000000],
  ])("%j is %j", (raw, page) => expect(pageParam(raw)).toBe(page));

  it.each(["", "abc", "0", "-1", "1.5", "LAST", "first"])("%j is not a page (404)", (raw) =>
    expect(pageParam(raw)).toBeNull(),
  );

  it("a page too large for any list stays an exact integer, so its offset never overflows", () => {
    const p = pageParam("9".repeat(30)) as number;
    expect(Number.isSafeInteger((p - 1) * 1500)).toBe(true);
  });
});
