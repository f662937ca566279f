import fc from "fast-check";
import { parse } from "lossless-json";
import { describe, expect, it, vi } from "vitest";
import {
  ImpreciseNumber,
  MAX_JSON_CONTAINERS,
  MAX_JSON_DEPTH,
  isExactNumber,
  knownStorable,
  parseExactJson,
  unstorableValueErrors,
} from "./exact-json";

/** What parseExactJson threw (a ServiceError carries code and errors), or undefined. */
function failure(text: string): any {
  try {
    parseExactJson(text);
  } catch (err) {
    return err;
  }
  return undefined;
}

const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);

describe("parseExactJson", () => {
  it("keeps a number a double would round as its source text", () => {
    const v = parseExactJson('{"a": 12345678901234567890, "b": 0.12345678901234567890123, "c": 1.5}') as Record<
      string,
      unknown
    >;
    expect(v.a).toEqual(new ImpreciseNumber("12345678901234567890"));
    expect(v.b).toEqual(new ImpreciseNumber("0.12345678901234567890123"));
    expect(v.c).toBe(1.5);
  });

  it("reads exponent numbers exactly, refusing only those a double cannot hold", () => {
    const v = parseExactJson('{"a": 1e2, "b": 1.5E-3, "c": 1e400, "d": 1e-400}') as Record<string, unknown>;
    expect(v.a).toBe(100);
    expect(v.b).toBe(0.0015);
    expect(v.c).toBeInstanceOf(ImpreciseNumber);
    expect(v.d).toBeInstanceOf(ImpreciseNumber);
  });

  it("takes a big integer a double holds digit for digit as a number (its size is the schema's business)", () => {
    const v = parseExactJson(
      '{"a": 1e20, "b": 100000000000000000000, "c": 1E+21, "d": 9007199254740993, "e": [12345678901234567890]}',
    ) as Record<string, unknown>;
    expect(v).toMatchObject({ a: 1e20, b: 1e20, c: 1e21 });
    expect(v.d).toEqual(new ImpreciseNumber("9007199254740993"));
    expect(v.e).toEqual([new ImpreciseNumber("12345678901234567890")]);
  });

  it("is not fooled by digits and exponents inside strings", () => {
    const text = '{"id": "RUN-8E1-12345678901234567890", "note": "say \\"1e5\\" and 0.12345678901234567", "n": 7}';
    expect(parseExactJson(text)).toEqual({
      id: "RUN-8E1-12345678901234567890",
      note: 'say "1e5" and 0.12345678901234567',
      n: 7,
    });
  });

  it("finds a long number after strings that hold quotes and backslashes, and after spaces", () => {
    const v = parseExactJson('{"s": "a\\\\", "t": "\\"", "n" :\n 98765432109876543210}') as Record<string, unknown>;
    expect(v.n).toEqual(new ImpreciseNumber("98765432109876543210"));
    expect(unstorableValueErrors(v)).toEqual([
      expect.objectContaining({ attr: "n", code: "number_precision_exceeded" }),
    ]);
  });

  it("gives exactly what the exact parser gives, whatever the text holds", () => {
    const exact = (text: string) => parse(text, null, (s) => (isExactNumber(s) ? Number(s) : new ImpreciseNumber(s)));
    const numberish = fc.oneof(fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?([eE][+-]?\d{1,3})?$/), fc.string());
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue(),
        numberish,
        fc.array(tie("v"), { maxLength: 4 }),
        fc.dictionary(numberish, tie("v"), { maxKeys: 4 }),
      ),
    })).v;
    const bigNumber = fc.stringMatching(/^-?[1-9]\d{14,21}(\.\d{1,5})?([eE][+-]?\d{1,3})?$/);
    fc.assert(
      fc.property(value, fc.array(bigNumber, { maxLength: 2 }), bigNumber, (v, bigs, big) => {
        // Splice raw number tokens in (JSON.stringify would round them) to exercise the slow path too.
        const text = JSON.stringify({ v, bigs: "__BIGS__", big: "__BIG__" })
          .replace('"__BIGS__"', `[${bigs.join(",")}]`)
          .replace('"__BIG__"', big);
        expect(parseExactJson(text)).toEqual(exact(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe("parseExactJson: nesting", () => {
  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more, naming where`, () => {
    expect(parseExactJson(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBeTruthy();
    const err = failure(`{"a":${nested(MAX_JSON_DEPTH)}}`);
    expect(err).toMatchObject({
      code: "nesting_too_deep",
      errors: [{ code: "nesting_too_deep", attr: `a${".0".repeat(MAX_JSON_DEPTH - 1)}` }],
    });
    expect(failure(`{"a":[{"b":${nested(MAX_JSON_DEPTH)}}]}`)).toMatchObject({
      code: "nesting_too_deep",
      errors: [{ attr: expect.stringMatching(/^a\.0\.b\.0\.0/) }],
    });
  });

  it("refuses any depth without overflowing the stack, on the fast and the exact path", () => {
    for (const depth of [1000, 5000, 200_000]) {
      expect(failure(`{"import_supplier": ${nested(depth)}}`)).toMatchObject({ code: "nesting_too_deep" });
      expect(failure(`{"n": 12345678901234567890, "x": ${nested(depth, "12345678901234567890")}}`)).toMatchObject({
        code: "nesting_too_deep",
      });
      expect(failure(`{"a": ${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`)).toMatchObject({
        code: "nesting_too_deep",
      });
    }
  });
});

describe("parseExactJson: bodies with many arrays and objects", () => {
  // Over 10,000 `{`: such bodies are scanned before JSON.parse builds anything.
  const pad = `"pad": [${Array(10_001).fill("{}").join(",")}]`;

  it("refuses 10 MB of nesting as nesting_too_deep, naming the same path as for a small body", () => {
    const text = "[".repeat(5_000_000) + "]".repeat(5_000_000);
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(failure(text)).toMatchObject({
        code: "nesting_too_deep",
        errors: [{ attr: Array(MAX_JSON_DEPTH).fill("0").join(".") }],
      });
      // Refused by the scan: JSON.parse (seconds of work on this text) never saw it.
      expect(parse.mock.calls.some(([arg]) => arg === text)).toBe(false);
    } finally {
      parse.mockRestore();
    }
    for (const deep of [
      `{"a":[{"b":${nested(MAX_JSON_DEPTH)}}]}`,
      `{"x\\":[{": 1, "k,[": [0, "],[", {"y": ${nested(MAX_JSON_DEPTH)}}]}`,
    ]) {
      const small = failure(`{"body": ${deep}}`);
      expect(small.code).toBe("nesting_too_deep");
      expect(failure(`{${pad}, "body": ${deep}}`)).toMatchObject({
        code: "nesting_too_deep",
        errors: [{ attr: small.errors[0].attr }],
      });
    }
    expect(failure(`{${pad}, "body": ${deep64()}}`)).toMatchObject({
      errors: [{ attr: expect.stringMatching(/^body\.k,\[\.2\.y\.0/) }],
    });
  });

  it(`refuses more than ${MAX_JSON_CONTAINERS.toLocaleString("en-GB")} arrays and objects as too_many_values`, () => {
    const err = failure(`[${Array(MAX_JSON_CONTAINERS).fill("[]").join(",")}]`);
    expect(err).toMatchObject({ code: "too_many_values", errors: [{ code: "too_many_values", attr: null }] });
    expect(err.message).toBe("A JSON body may hold at most 250,000 arrays and objects.");
    expect(
      (
        parseExactJson(
          `[${Array(MAX_JSON_CONTAINERS - 1)
            .fill("[]")
            .join(",")}]`,
        ) as unknown[]
      ).length,
    ).toBe(MAX_JSON_CONTAINERS - 1);
  });

  it("parses brackets inside strings, at any count, as text", () => {
    const text = "[{".repeat(20_000);
    expect(parseExactJson(JSON.stringify({ body: text, n: [1, { x: text }] }))).toEqual({
      body: text,
      n: [1, { x: text }],
    });
    expect(parseExactJson(`{${pad}, "a": ${nested(MAX_JSON_DEPTH - 1)}}`)).toMatchObject({ a: [expect.anything()] });
  });

  it("leaves malformed text to JSON.parse's own error", () => {
    expect(() => parseExactJson(`{${pad}, "a": "unterminated`)).toThrow(SyntaxError);
    expect(() => parseExactJson(`{${pad}, "a": [}`)).toThrow(SyntaxError);
  });
});

/** A deep value reached through a key holding `,[` and an array whose strings hold brackets. */
const deep64 = () => `{"k,[": [0, "],[", {"y": ${nested(MAX_JSON_DEPTH)}}]}`;

describe("parseExactJson: repeated keys", () => {
  it("refuses a key repeated in one object, naming its path, whatever the values", () => {
    expect(failure('{"body":"dup1","body":"dup2"}')).toMatchObject({
      code: "duplicate_key",
      errors: [{ code: "duplicate_key", attr: "body", detail: expect.any(String) }],
    });
    expect(failure('{"n":[{"x":1},{"y":{"a":1,"b":2,"a":1}}]}')).toMatchObject({ errors: [{ attr: "n.1.y.a" }] });
    expect(failure('{ "a" : 1 ,\n\t"a"\n:\r 1 }')).toMatchObject({ errors: [{ attr: "a" }] });
    expect(failure('{"a":1,"\\u0061":2}')).toMatchObject({ errors: [{ attr: "a" }] });
    expect(failure('{"__proto__":1,"__proto__":2}')).toMatchObject({ errors: [{ attr: "__proto__" }] });
  });

  it("takes the same key in different objects, and key-like text inside strings", () => {
    expect(parseExactJson('{"a":{"a":1},"b":[{"a":1},{"a":2}]}')).toEqual({ a: { a: 1 }, b: [{ a: 1 }, { a: 2 }] });
    expect(parseExactJson('{"s":"x\\":1,\\"s\\":2", "t" : "\\" :"}')).toEqual({ s: 'x":1,"s":2', t: '" :' });
  });

  it("refuses a repeated key exactly when the text has one", () => {
    const key = fc.constantFrom("a", "b", "a b", 'q"', "\\", ":", "\u00e9");
    const space = fc.constantFrom("", " ", "\n ");
    // Objects as entry lists, so a key can repeat; serialised by hand with odd spacing.
    const node = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie("v"), { maxLength: 3 }).map((items) => ({ items })),
        fc.array(fc.tuple(key, tie("v")), { maxLength: 4 }).map((entries) => ({ entries })),
      ),
    })).v as fc.Arbitrary<unknown>;
    const write = (v: any, s: string): [string, boolean] => {
      if (v && Array.isArray(v.items)) {
        const parts = v.items.map((x: unknown) => write(x, s));
        return [
          `[${parts.map((p: [string, boolean]) => p[0]).join(`,${s}`)}]`,
          parts.some((p: [string, boolean]) => p[1]),
        ];
      }
      if (v && Array.isArray(v.entries)) {
        const parts = v.entries.map(([k, x]: [string, unknown]) => [k, ...write(x, s)] as const);
        const repeated = new Set(v.entries.map((e: [string]) => e[0])).size < v.entries.length;
        return [
          `{${s}${parts.map((p: readonly [string, string, boolean]) => `${JSON.stringify(p[0])}${s}:${s}${p[1]}`).join(`${s},`)}${s}}`,
          repeated || parts.some((p: readonly [string, string, boolean]) => p[2]),
        ];
      }
      return [JSON.stringify(v), false];
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(key, node), { maxLength: 4 }), space, (entries, s) => {
        const [text, repeated] = write({ entries }, s);
        if (repeated) expect(failure(text)).toMatchObject({ code: "duplicate_key" });
        else expect(parseExactJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe("isExactNumber", () => {
  it.each([
    ["1e20", true],
    ["100000000000000000000", true],
    ["1000000000000", true],
    ["73.21", true],
    ["-0.0015", true],
    ["1.50", true],
    ["9007199254740992", true],
    ["9007199254740993", false],
    ["12345678901234567890", false],
    ["0.12345678901234567890", false],
    ["1.00000000000000000001", false],
    ["1e400", false],
    ["1e-400", false],
  ])("%s -> %s", (token, exact) => expect(isExactNumber(token)).toBe(exact));
});

describe("unstorableValueErrors", () => {
  it("refuses unpaired surrogates in text and in field names, and takes a proper pair", () => {
    const v = parseExactJson(
      '{"a":"x\\ud800","b":"\\udc00","c":"\\udc00\\ud800","ok":"\\ud83d\\ude00 caf\\u00e9","\\udfff":1}',
    );
    expect(unstorableValueErrors(v, ["p"])).toEqual([
      { attr: "p.a", code: "unpaired_surrogate", detail: expect.any(String) },
      { attr: "p.b", code: "unpaired_surrogate", detail: expect.any(String) },
      { attr: "p.c", code: "unpaired_surrogate", detail: expect.any(String) },
      { attr: "p.\\udfff", code: "unpaired_surrogate", detail: expect.any(String) },
    ]);
  });

  it("stops at the depth limit on a value built in code, instead of overflowing the stack", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableValueErrors(deep)).toEqual([expect.objectContaining({ code: "nesting_too_deep" })]);
  });
});

describe("bodies known to hold nothing unstorable (so routes skip walking each item again)", () => {
  it("marks a clean body and the containers directly in it, and nothing else", () => {
    const body = parseExactJson('{"ref": "X", "transactions": [{"note": "caf\\u00e9", "amount": 1.5}], "n": 1}') as {
      transactions: object[];
    };
    expect([knownStorable(body), knownStorable(body.transactions), knownStorable(body.transactions[0])]).toEqual([
      true,
      true,
      false,
    ]);
    expect(unstorableValueErrors(body)).toEqual([]);
  });

  it("does not mark a body with a NUL or surrogate escape, a raw lone surrogate, or a number a double would change", () => {
    for (const text of [
      '{"t": [{"note": "a\\u0000b"}]}',
      '{"t": [{"note": "\\uD800"}]}',
      '{"t": [{"note": "\\udc00x"}]}',
      `{"t": [{"note": "\ud800"}]}`,
      '{"t": [{"amount": 12345678901234567890}]}',
    ]) {
      const body = parseExactJson(text) as { t: unknown[] };
      expect(knownStorable(body) || knownStorable(body.t), text).toBe(false);
      expect(unstorableValueErrors(body.t, ["t"]).length, text).toBe(1);
    }
  });
});
