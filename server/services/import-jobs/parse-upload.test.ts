import { describe, expect, it } from "vitest";
import { bodyOf } from "@/test/import-jobs";
import { csvRows, jsonLines } from "./parse-upload";

const collect = async (rows: AsyncGenerator<{ line: number; record: Record<string, unknown> | null; problem?: string }>) => {
  const out: [number, unknown][] = [];
  for await (const r of rows) out.push([r.line, r.record?.external_account_number ?? r.problem]);
  return out;
};

describe("uploaded rows are numbered as the operator sees the file", () => {
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
  ])("CSV (%s): a blank row or a row of bare commas is skipped but counted; a cell over two lines is one row", async (_label, nl) => {
    const file = ["external_account_number,billing_postcode", "A2,YO1 7HH", "", "A4,NOPE", ",", '"A6","two', 'lines"', "A7,YO1 7HH", ""].join(nl);
    expect(await collect(csvRows(bodyOf(file, 5)))).toEqual([
      [2, "A2"],
      [4, "A4"],
      [6, "A6"],
      [7, "A7"],
    ]);
  });

  it("CSV: the header is checked even when the first row under it is blank", async () => {
    await expect(collect(csvRows(bodyOf("external_account_number,colour\n\nA,blue\n")))).rejects.toMatchObject({ code: "unknown_column" });
  });

  it("JSON Lines: blank lines are counted as the file's lines", async () => {
    const file = ['{"external_account_number":"J1"}', "", "   ", '{"external_account_number":"J4"}', "{oops", ""].join("\n");
    expect(await collect(jsonLines(bodyOf(file, 7)))).toEqual([
      [1, "J1"],
      [4, "J4"],
      [5, "This line is not valid JSON."],
    ]);
  });
});
