/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for one text parameter: `unnest($1::text[])`
 * takes a whole column of a batch in one parameter, which both drivers accept and which
 * PostgreSQL parses far faster than thousands of VALUES placeholders.
 */
const NEEDS_ESCAPE = /[\\"]/;

export function pgArray(values: readonly (string | number | boolean | null | undefined)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    if (i) out += ",";
    const v = values[i];
    if (v === null || v === undefined) out += "NULL";
    else {
      const str = String(v);
      out += NEEDS_ESCAPE.test(str) ? `"${str.replace(/[\\"]/g, (c) => `\\${c}`)}"` : `"${str}"`;
    }
  }
  return `${out}}`;
}
