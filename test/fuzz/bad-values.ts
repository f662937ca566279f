import fc from "fast-check";
import { INT4, INT8_NUMBER } from "@/db/limits";

/**
 * The bad input the fuzz suite sends (issue 18): dates that are not dates or sit at the edges of
 * the calendar, numbers at and past the database's column limits, text with NUL, lone
 * surrogates and odd Unicode, document paths that cannot name a file, and the wrong JSON type.
 */

export const BAD_DATES = [
  "not-a-date",
  "2024-02-30T00:00:00Z",
  "2024-13-01T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "0001-01-01T10:00:00+14:00",
  "9999-12-31T23:59:59-14:00",
  "0000-01-01",
  "0099-12-31",
  "10000-01-01",
  "2024-02-29T24:00:00Z",
  "2026-03-29T01:30:00",
  "2024-01-01T00:00:00+99:00",
  "2024-1-1",
  "２０２４-０１-０１",
  "",
] as const;

export const EDGE_NUMBERS = [
  INT4.max,
  INT4.max + 1,
  INT4.min,
  INT4.min - 1,
  3_000_000_000,
  INT8_NUMBER.max,
  INT8_NUMBER.max + 2,
  -INT8_NUMBER.max - 2,
  1e20,
  1e21,
  -1e300,
  1.7976931348623157e308,
  5e-324,
  0.1,
  -0,
  -1,
  0,
  2 ** 63,
] as const;

export const EDGE_NUMBER_TEXT = [
  "99999999999.9999999999",
  "99999999999999999999999",
  "1e5",
  "-",
  ".",
  "NaN",
  "Infinity",
  "0x10",
  " 1",
  "1_000",
  "١٢٣",
] as const;

export const BAD_DOCUMENT_PATHS = [
  "probe/ok.pdf%00.txt",
  `probe/${"a".repeat(300)}.pdf`,
  `${"deep/".repeat(250)}x.pdf`,
  "../../etc/passwd",
  "%2e%2e/%2e%2e/etc/passwd",
  "probe/%ZZ.pdf",
  "probe//x.pdf",
  "probe\\x.pdf",
  "/",
  "C:\\x.pdf",
  "probe/%F0%9F.pdf",
  "probe/\u202Egnp.pdf",
  "probe/ok.pdf\u0000.txt",
  `probe/${"é".repeat(200)}.pdf`,
] as const;

/** Text no column can hold, or that trips normalisation, bidi, width or length handling. */
export const ODD_TEXT = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\u202Eevil",
  "\u200B",
  "\uFEFF",
  "e\u0301\u0301\u0301",
  "😀".repeat(40),
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "ǅ",
  "İ",
  "ß".repeat(100),
  "\r\n\t",
  " ",
  "%00",
  "%",
  "'; drop table accounts; --",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "../",
  "a".repeat(70_000),
] as const;

const oddString = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom("\u0000", "\ud800", "\udfff"), fc.string({ maxLength: 10 }))
    .map((p) => p.join("")),
);

/** Any JSON-able bad value a field might be given. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...BAD_DATES) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...EDGE_NUMBER_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...BAD_DOCUMENT_PATHS) },
  { weight: 3, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }, [[[]]]) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** A bad path segment (Next hands route handlers the decoded text). */
export const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...ODD_TEXT.filter((s) => s.length < 1000),
    ...BAD_DATES,
    ...BAD_DOCUMENT_PATHS,
    "abc",
    "-1",
    "99999999999999999999999",
    "2147483648",
    "A-ZZZZZZZZ",
    "a-1234abcd",
    "0",
  ),
  oddString,
);

/** A bad query-string value. */
export const badQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...BAD_DATES,
    ...EDGE_NUMBER_TEXT,
    ...EDGE_NUMBERS.map(String),
    "true",
    "maybe",
    "",
    "%00",
    "\u0000",
    "a".repeat(5000),
    "X",
    "xml",
    "1e400",
    "-1e400",
    "[1]",
    "{",
    "null",
  ),
  oddString.filter((s) => s.length < 2000),
);
