/**
 * Elements of a PostgreSQL array literal (`{"a","b",NULL}`) sent as one text parameter:
 * `unnest($1::text[])` takes a whole column of a batch in one parameter, which both drivers
 * accept and which PostgreSQL parses far faster than thousands of VALUES placeholders. The
 * caller joins the elements once (`{${parts.join(",")}}`): a flat string, which the driver
 * measures and copies in one pass (a string grown with += is a rope that must be flattened).
 */
const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;

/** One element, quoted (so `NULL` and blanks stay text), with `\` and `"` escaped. */
export const pgArrayElement = (str: string) =>
  NEEDS_ESCAPE.test(str) ? `"${str.replace(ESCAPED, "\\$&")}"` : `"${str}"`;

/** A literal for whole numbers (`{1,2,3}`): one join, where the driver would serialise a JS array element by element. */
export const pgIntArray = (xs: readonly number[]) => `{${xs.join(",")}}`;

/**
 * Whole numbers as an int8multirange literal (`{[1,4),[7,8)}`): runs of consecutive values
 * become one range each, so a set of a relay's in-flight `seq`s (mostly a few runs) is a
 * short parameter that PostgreSQL tests a value against by binary search (`<@`), where
 * `= any(array)` compares each row with every element.
 */
export function pgSeqRanges(xs: readonly number[]): string {
  const sorted = [...xs].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] <= sorted[j] + 1) j++;
    parts.push(`[${sorted[i]},${sorted[j] + 1})`);
    i = j + 1;
  }
  return `{${parts.join(",")}}`;
}
