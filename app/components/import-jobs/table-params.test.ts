import { describe, expect, it } from "vitest";
import { selectSuppliers, supplierListParams } from "@/app/components/suppliers/list-params";
import { queryString } from "@/app/components/ui/search-params";
import { countOf } from "@/app/components/ui/format";
import { niceTicks } from "./chart-scale";
import { importRowsInput, importTableParams } from "./table-params";

describe("imports table state from the URL", () => {
  it("reads filter, search, sort and page, ignoring what it does not know", () => {
    const p = importTableParams({
      status: "failed",
      q: " BS-1 ",
      sort: "updated_at",
      dir: "asc",
      after: "abc",
      page: "3",
    });
    expect(p).toEqual({
      status: "failed",
      q: "BS-1",
      sort: "updated_at",
      dir: "asc",
      after: "abc",
      before: undefined,
      page: "3",
    });
    expect(importRowsInput("SUP", p)).toEqual({
      importSupplier: "SUP",
      status: "failed",
      search: "BS-1",
      sort: "updated_at",
      direction: "asc",
      cursor: "abc",
      before: undefined,
      limit: 25,
    });
    expect(importTableParams({ status: "weird", sort: "billing", dir: "up", page: "2" })).toEqual({});
    expect(importRowsInput("SUP", {})).toMatchObject({
      sort: "created_at",
      direction: "desc",
      cursor: undefined,
      before: undefined,
    });
    // One direction at a time; a page number means nothing without its cursor.
    expect(importTableParams({ after: "a", before: "b" })).toMatchObject({ after: "a", before: undefined });
    expect(importTableParams({ page: "4" }).page).toBeUndefined();
  });
});

describe("suppliers list state from the URL", () => {
  const rows = [
    { code: "B-TWO", name: "Second book", status: "Paused", counts: { staged: 3, imported: 10, failed: 0 } },
    { code: "A-ONE", name: "First book", status: "Ongoing", counts: { staged: 14, imported: 2, failed: 1 } },
    { code: "C-THREE", name: "C-THREE", status: "Ongoing", counts: { staged: 0, imported: 0, failed: 0 } },
  ];
  it("searches code and name, filters by status and sorts, by code by default", () => {
    const codes = (p: Record<string, string>) => selectSuppliers(rows, supplierListParams(p)).map((s) => s.code);
    expect(codes({})).toEqual(["A-ONE", "B-TWO", "C-THREE"]);
    expect(codes({ q: "book" })).toEqual(["A-ONE", "B-TWO"]);
    expect(codes({ status: "Ongoing", sort: "staged", dir: "desc" })).toEqual(["A-ONE", "C-THREE"]);
    expect(codes({ sort: "imported" })).toEqual(["C-THREE", "A-ONE", "B-TWO"]);
    expect(codes({ status: "Nonsense" })).toHaveLength(3);
    expect(queryString({ q: "book", status: "", page: ["1", "2"] })).toBe("q=book");
  });
});

describe("words and scales", () => {
  it("agrees the noun with the count", () => {
    expect(countOf(1, "account")).toBe("1 account");
    expect(countOf(0, "account")).toBe("0 accounts");
    expect(countOf(1204, "account is", "accounts are")).toBe("1,204 accounts are");
  });

  it("puts the chart's y axis on round numbers that cover the largest bar", () => {
    expect(niceTicks(63)).toEqual([0, 20, 40, 60, 80]);
    expect(niceTicks(14)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1000)).toEqual([0, 500, 1000]);
  });
});
