import { describe, expect, it } from "vitest";
import { bodyOf } from "@/test/import-jobs";
import { csvRows, jsonLines } from "./parse-upload";

const collect = async (
  rows: AsyncGenerator<{ line: number; record: Record<string, unknown> | null; problem?: string }>,
) => {
  const out: [number, unknown][] = [];
  for await (const r of rows) out.push([r.line, r.record?.external_account_number ?? r.problem]);
  return out;
};

describe("uploaded rows are numbered as the operator sees the file", () => {
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
  ])(
    "CSV (%s): a blank row or a row of bare commas is skipped but counted; a cell over two lines is one row",
    async (_label, nl) => {
      const file = [
        "external_account_number,billing_postcode",
        "A2,YO1 7HH",
        "",
        "A4,NOPE",
        ",",
        '"A6","two',
        'lines"',
        "A7,YO1 7HH",
        "",
      ].join(nl);
      expect(await collect(csvRows(bodyOf(file, 5)))).toEqual([
        [2, "A2"],
        [4, "A4"],
        [6, "A6"],
        [7, "A7"],
      ]);
    },
  );

  it("CSV: the header is checked even when the first row under it is blank", async () => {
    await expect(collect(csvRows(bodyOf("external_account_number,colour\n\nA,blue\n")))).rejects.toMatchObject({
      code: "unknown_column",
    });
  });

  it("JSON Lines: blank lines are counted as the file's lines", async () => {
    const file = ['{"external_account_number":"J1"}', "", "   ", '{"external_account_number":"J4"}', "{oops", ""].join(
      "\n",
    );
    expect(await collect(jsonLines(bodyOf(file, 7)))).toEqual([
      [1, "J1"],
      [4, "J4"],
      [5, "This line is not valid JSON."],
    ]);
  });
});

describe("uploads as spreadsheets and scripts write them (issue 39 item 10)", () => {
  it("CSV headers match the template whatever their case and spacing; an unknown one is named as typed", async () => {
    const rows: { record: Record<string, unknown> | null }[] = [];
    for await (const r of csvRows(bodyOf("External_Account_Number , BILLING_POSTCODE\nA2,YO1 7HH\n"))) rows.push(r);
    expect(rows.map((r) => r.record)).toEqual([{ external_account_number: "A2", billing_postcode: "YO1 7HH" }]);
    await expect(collect(csvRows(bodyOf("External_Account_Number,Colour\nA,blue\n")))).rejects.toMatchObject({
      code: "unknown_column",
      errors: [{ attr: "Colour" }],
    });
  });

  it("a JSON array is refused at once with a clear message, not failed as one row", async () => {
    const file = ` \n[{"external_account_number":"J1"},\n{"external_account_number":"J2"}]\n`;
    await expect(collect(jsonLines(bodyOf(file, 3)))).rejects.toMatchObject({
      code: "json_array_not_json_lines",
      message: expect.stringContaining("JSON Lines"),
    });
  });

  it("a NUL in a record fails that row with the reason, not the whole upload", async () => {
    const file = [
      '{"external_account_number":"J1"}',
      '{"external_account_number":"J2","billing_name":"a\\u0000b"}',
      '{"external_account_number":"J3"}',
    ].join("\n");
    expect(await collect(jsonLines(bodyOf(file)))).toEqual([
      [1, "J1"],
      [2, "Text may not contain the NUL character (\\u0000). (at billing_name)"],
      [3, "J3"],
    ]);
  });
});
