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
export const pgArrayElement = (str: string) => (NEEDS_ESCAPE.test(str) ? `"${str.replace(ESCAPED, "\\$&")}"` : `"${str}"`);

/** A literal for whole numbers (`{1,2,3}`): one join, where the driver would serialise a JS array element by element. */
export const pgIntArray = (xs: readonly number[]) => `{${xs.join(",")}}`;
