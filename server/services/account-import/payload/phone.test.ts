import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Phone } from "./fields";

const verdict = (value: string) => {
  const parsed = Phone.safeParse(value);
  return parsed.success
    ? "valid"
    : parsed.error.issues.map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code).join(",");
};

// Valid and invalid numbers of several countries' plans, so that every kind of pattern (GB
// mobile, landline and non-geographic; French, US, Irish) is checked more than once.
const CASES: [string, string][] = [
  ["07911 123456", "valid"],
  ["020 7946 0000", "valid"],
  ["0161 496 0123", "valid"],
  ["0800 123 4567", "valid"],
  ["+44 7911 123456", "valid"],
  ["+33 1 42 68 53 00", "valid"],
  ["+1 212 555 0123", "valid"],
  ["+1 212 555 01234", "invalid_phone_number"],
  ["+1 415 200 3000", "valid"],
  ["+353 1 234 5678", "valid"],
  ["12345", "invalid_phone_number"],
  ["07911 12345", "invalid_phone_number"],
  ["020 7946 00000", "invalid_phone_number"],
  ["+33 1 42 68 53", "invalid_phone_number"],
  ["", "valid"],
];

describe("phone numbers (libphonenumber-js with its patterns compiled once: patches/libphonenumber-js+1.13.16.patch)", () => {
  it("gives each number the same verdict however numbers of other plans come before it", () => {
    const first = CASES.map(([n]) => verdict(n));
    expect(first).toEqual(CASES.map(([, v]) => v));
    // Reversed and interleaved: a pattern kept from one number's plan must not judge another's.
    const again = [...CASES].reverse().map(([n]) => [n, verdict(n)]);
    expect(Object.fromEntries(again)).toEqual(Object.fromEntries(CASES));
    for (let round = 0; round < 3; round++) for (const [n, v] of CASES) expect(verdict(n), n).toBe(v);
  });

  it("runs the patched matcher that keeps each compiled pattern (the install applied the patch)", () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve("libphonenumber-js/package.json"));
    for (const build of ["es6", "build"]) {
      const source = readFileSync(path.join(root, build, "helpers", "matchesEntirely.js"), "utf8");
      expect(source, `${build}/helpers/matchesEntirely.js`).toContain(
        "regularExpressionCache.get(regularExpressionText)",
      );
    }
  });
});
