import fc from "fast-check";
import { isSafeNumber, parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { ImpreciseNumber, parseExactJson, unstorableValueErrors } from "./exact-json";

describe("parseExactJson", () => {
  it("keeps a number a double would round as its source text", () => {
    const v = parseExactJson('{"a": 12345678901234567890, "b": 0.12345678901234567890123, "c": 1.5}') as Record<string, unknown>;
    expect(v.a).toEqual(new ImpreciseNumber("12345678901234567890"));
    expect(v.b).toEqual(new ImpreciseNumber("0.12345678901234567890123"));
    expect(v.c).toBe(1.5);
  });

  it("reads exponent numbers exactly, refusing only those a double cannot hold", () => {
    const v = parseExactJson('{"a": 1e2, "b": 1.5E-3, "c": 1e400}') as Record<string, unknown>;
    expect(v.a).toBe(100);
    expect(v.b).toBe(0.0015);
    expect(v.c).toBeInstanceOf(ImpreciseNumber);
  });

  it("is not fooled by digits and exponents inside strings", () => {
    const text = '{"id": "RUN-8E1-12345678901234567890", "note": "say \\"1e5\\" and 0.12345678901234567", "n": 7}';
    expect(parseExactJson(text)).toEqual({ id: "RUN-8E1-12345678901234567890", note: 'say "1e5" and 0.12345678901234567', n: 7 });
  });

  it("finds a long number after strings that hold quotes and backslashes", () => {
    const v = parseExactJson('{"s": "a\\\\", "t": "\\"", "n": 98765432109876543210}') as Record<string, unknown>;
    expect(v.n).toEqual(new ImpreciseNumber("98765432109876543210"));
    expect(unstorableValueErrors(v)).toEqual([expect.objectContaining({ attr: "n", code: "number_precision_exceeded" })]);
  });

  it("gives exactly what the exact parser gives, whatever the text holds", () => {
    const exact = (text: string) => parse(text, null, (s) => (isSafeNumber(s) ? Number(s) : new ImpreciseNumber(s)));
    const numberish = fc.oneof(fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?([eE][+-]?\d{1,3})?$/), fc.string());
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: "small" }, fc.jsonValue(), numberish, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(numberish, tie("v"), { maxKeys: 4 })),
    })).v;
    fc.assert(
      fc.property(value, fc.array(fc.stringMatching(/^-?[1-9]\d{14,21}(\.\d{1,5})?$/), { maxLength: 2 }), (v, bigs) => {
        // Splice raw number tokens in (JSON.stringify would round them) to exercise the slow path too.
        const text = JSON.stringify({ v, bigs: "__BIGS__" }).replace('"__BIGS__"', `[${bigs.join(",")}]`);
        expect(parseExactJson(text)).toEqual(exact(text));
      }),
      { numRuns: 500 },
    );
  });
});
