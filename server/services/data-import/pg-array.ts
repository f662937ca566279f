/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for one text parameter: `unnest($1::text[])`
 * takes a whole column of a batch in one parameter, which both drivers accept and which
 * PostgreSQL parses far faster than thousands of VALUES placeholders.
 */
const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;

/** One element, quoted (so `NULL` and blanks stay text), with `\` and `"` escaped. */
export const pgArrayElement = (str: string) => (NEEDS_ESCAPE.test(str) ? `"${str.replace(ESCAPED, "\\$&")}"` : `"${str}"`);

export function pgArray(values: readonly (string | number | boolean | null | undefined)[]): string {
  // Joined once from parts: a flat string, which the driver measures and copies in one pass
  // (a string grown with += is a rope that must be flattened first).
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    parts[i] = v === null || v === undefined ? "NULL" : pgArrayElement(String(v));
  }
  return `{${parts.join(",")}}`;
}
