import { ServiceError } from "../../errors";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./public-schemas";

/**
 * `page` and `page_size` read as Django REST framework's PageNumberPagination reads them
 * (production's paging, ADR 0200): `page_size` never fails (an over-large value is capped,
 * an unusable one gives the default), while `page` is strict and fails as a 404.
 */

// The whitespace Python's int() strips from both ends (checked against CPython 3.11); JavaScript's \s differs (U+FEFF, U+0085).
const PY_SPACE = "[\\t\\n\\x0b\\x0c\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const PY_INT = new RegExp(`^${PY_SPACE}*([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)${PY_SPACE}*$`, "u");
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** A Unicode decimal digit's value: digits come in runs of ten from 0 (a Unicode stability guarantee), so count back to the run's start. */
function digitValue(ch: string): number {
  const cp = ch.codePointAt(0)!;
  let start = cp;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (cp - start) % 10;
}

/** Python's `int(s)` for a query value (surrounding whitespace, a sign, any Unicode decimal digits, single `_` between digits); null where it raises ValueError. */
export function pythonInt(s: string): number | null {
  const m = PY_INT.exec(s);
  if (!m) return null;
  const ascii = [...m[2].replaceAll("_", "")]
    .map((ch) => (ch >= "0" && ch <= "9" ? ch : String(digitValue(ch))))
    .join("");
  const n = Number(ascii);
  return m[1] === "-" ? -n : n;
}

/** DRF `get_page_size`: `_positive_int(value, strict=True, cutoff=max_page_size)`, falling back to the default on ValueError. */
export function pageSize(raw: string | undefined, max = MAX_PAGE_SIZE): number {
  const n = raw === undefined ? null : pythonInt(raw);
  return n === null || n <= 0 ? DEFAULT_PAGE_SIZE : Math.min(n, max);
}

/** No list reaches this many rows, so a larger page is past the end whatever the page size; it keeps offsets exact integers. */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PAGE_SIZE);

/** DRF's page number: absent is 1, `last` is the last page, else Django's `int(page)`; null for a value DRF answers with 404 "Invalid page." (not an integer, below 1). */
export function pageParam(raw: string | undefined): number | "last" | null {
  if (raw === undefined) return 1;
  if (raw === "last") return "last";
  const n = pythonInt(raw);
  if (n === null || n < 1) return null;
  return Math.min(n, MAX_PAGE + 1);
}

/** Django's `num_pages`: an empty list still has page 1. */
export function lastPage(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}

export function invalidPage(why: "not_a_page" | "past_the_end" = "past_the_end"): ServiceError {
  const detail =
    why === "not_a_page" ? "page must be a whole number from 1, or last." : "The page is past the last page.";
  return new ServiceError("not_found", "invalid_page", "Invalid page.", {
    errors: [{ detail, code: "invalid_page", attr: "page" }],
  });
}
