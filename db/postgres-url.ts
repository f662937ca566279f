import type { Options } from "postgres";

/**
 * postgres-js options for a DATABASE_URL, with libpq's way of naming a Unix-domain socket:
 * `postgres://user@/db?host=/var/run/postgresql` (or `postgres://user@localhost/db?host=...`).
 * postgres-js itself would send `host` to the server as a setting and fail ("unrecognized
 * configuration parameter"); here it becomes the socket directory. A server on the same
 * machine then costs a fraction of a loopback TCP round trip per statement (ADR 0032).
 */
export function postgresTarget(url: string): { url: string; options: Pick<Options<never>, "host"> } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host");
  if (!host) return { url, options: {} };
  parsed.searchParams.delete("host");
  if (!host.startsWith("/")) {
    // A host name in the query (libpq allows it too): the URL's host part, as postgres-js reads it.
    parsed.hostname = host;
    return { url: parsed.toString(), options: {} };
  }
  return { url: parsed.toString(), options: { host } };
}

/** True when the URL names a Unix-domain socket directory (`?host=/dir`). */
export const isSocketUrl = (url: string) => (new URL(url).searchParams.get("host") ?? "").startsWith("/");
