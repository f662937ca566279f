// Pure: read by server pages and by client components alike.

/** Next's searchParams of a page. */
export type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v : undefined);

/** Next's searchParams as the query string the page was asked for (sign-in's callbackUrl, and a `key`). */
export function queryString(sp: SearchParams): string {
  return new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (one(v) ? [[k, one(v)!]] : []))).toString();
}
