import { describe, expect, it } from "vitest";
import { jsonErrorAt } from "./json-error";

const errorOf = (text: string) => {
  try {
    JSON.parse(text);
  } catch (e) {
    return jsonErrorAt(text, e);
  }
  throw new Error("parsed");
};

describe("a fix that is not JSON says where", () => {
  it("names the line and column where parsing stopped", () => {
    expect(errorOf('{\n  "a": 1,\n  "b": 2\n  "c": 3\n}')).toMatch(
      /^The account is not valid JSON: at line 4, column 3 \(/,
    );
    expect(errorOf('{\n  "a": 1,\n}')).toMatch(/^The account is not valid JSON: at line 3, column 1 \(/);
    expect(errorOf('{"a": ')).toMatch(/^The account is not valid JSON: at line 1, column 7 \(/);
  });
});
