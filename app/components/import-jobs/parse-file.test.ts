import { describe, expect, it } from "vitest";
import { csvTemplate, parseAccountsFile } from "./parse-file";

describe("reading an uploaded accounts file", () => {
  it("takes a JSON array, {accounts: [...]}, or one account on its own", () => {
    expect(parseAccountsFile("a.json", '[{"external_account_number":"A"},{"external_account_number":"B"}]')).toEqual({
      format: "json",
      records: [{ external_account_number: "A" }, { external_account_number: "B" }],
      firstRow: 1,
    });
    expect(parseAccountsFile("a.json", '{"accounts":[{"external_account_number":"A"}]}')).toMatchObject({
      records: [{ external_account_number: "A" }],
    });
    expect(parseAccountsFile("a.json", '{"external_account_number":"A"}')).toMatchObject({
      records: [{ external_account_number: "A" }],
    });
    expect(parseAccountsFile("a.json", "[]")).toEqual({ error: "The file holds no accounts." });
  });

  it("takes JSON Lines, numbering each account by its line", () => {
    const text = '{"external_account_number":"A"}\n\n{"external_account_number":"B"}\r\n';
    const expected = {
      format: "json",
      records: [{ external_account_number: "A" }, { external_account_number: "B" }],
      firstRow: 1,
      rows: [1, 3],
    };
    expect(parseAccountsFile("a.jsonl", text)).toEqual(expected);
    expect(parseAccountsFile("a.ndjson", text)).toEqual(expected);
    // Named .json but one object per line.
    expect(parseAccountsFile("a.json", text)).toEqual(expected);
    expect(parseAccountsFile("a.jsonl", '{"a":1}\n{"a":')).toMatchObject({
      error: expect.stringMatching(/^Line 2 is not valid JSON/),
    });
    expect(parseAccountsFile("a.json", '{"a":')).toMatchObject({
      error: expect.stringMatching(/^The file is not valid JSON/),
    });
  });

  it("reads CSV by the template's columns and refuses columns it does not know", () => {
    const header = csvTemplate().split("\n")[0];
    const parsed = parseAccountsFile("a.csv", `${header}\nX-1${",".repeat(header.split(",").length - 1)}\n`);
    expect(parsed).toMatchObject({
      format: "csv",
      firstRow: 2,
      records: [expect.objectContaining({ external_account_number: "X-1", elec_identifier: "" })],
    });
    expect(parseAccountsFile("a.csv", "external_account_number,mpan\nX,1\n")).toEqual({
      error: "Unknown column(s): mpan. Rename or remove them; the template lists every column.",
    });
  });
});
