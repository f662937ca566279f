import type { Options } from "postgres";

/**
 * The URL's host list (`h1:5432,h2:5433`, as libpq and postgres-js take several servers), and the
 * URL with only its first host, which WHATWG `URL` can parse (it refuses a comma in the port).
 */
export function splitHosts(url: string): { hosts: string[]; single: URL } {
  const afterScheme = url.indexOf("://") + 3;
  const authority = url.slice(afterScheme).split(/[/?#]/)[0];
  const at = authority.lastIndexOf("@");
  const hostPart = authority.slice(at + 1);
  const hosts = hostPart.split(",");
  const single = new URL(
    url.slice(0, afterScheme) + authority.slice(0, at + 1) + hosts[0] + url.slice(afterScheme + authority.length),
  );
  return { hosts, single };
}

/** The URL's settings (`?connect_timeout=`, `?target_session_attrs=`), multi-host or not. */
export const urlParams = (url: string) => splitHosts(url).single.searchParams;

/**
 * postgres-js options for a DATABASE_URL, with libpq's way of naming a Unix-domain socket:
 * `postgres://user@/db?host=/var/run/postgresql` (or `postgres://user@localhost/db?host=...`).
 * postgres-js itself would send `host` to the server as a setting and fail ("unrecognized
 * configuration parameter"); here it becomes the socket directory. A server on the same
 * machine then costs a fraction of a loopback TCP round trip per statement (ADR 0032).
 *
 * Several hosts (`postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`) pass through
 * to postgres-js, which tries them in turn (ADR 0045). Its `read-write` trusts the server's
 * reported `default_transaction_read_only`, which a hot standby reports as `off`: so a standby
 * would be taken for the primary. `read-write` here also asks that the server not be in recovery
 * (`primary`, libpq's meaning of read-write since PostgreSQL 14).
 */
export function postgresTarget(url: string): {
  url: string;
  options: Pick<Options<never>, "host" | "target_session_attrs">;
} {
  const { hosts, single } = splitHosts(url);
  const tsa = single.searchParams.get("target_session_attrs");
  const options: Pick<Options<never>, "host" | "target_session_attrs"> = tsa === "read-write"
    ? { target_session_attrs: "primary" }
    : {};
  if (hosts.length > 1) {
    if (single.searchParams.has("host"))
      throw new Error("DATABASE_URL: give several hosts in the URL or one ?host=, not both");
    return { url, options };
  }
  const host = single.searchParams.get("host");
  if (!host) return { url, options };
  single.searchParams.delete("host");
  if (!host.startsWith("/")) {
    // A host name in the query (libpq allows it too): the URL's host part, as postgres-js reads it.
    single.hostname = host;
    return { url: single.toString(), options };
  }
  return { url: single.toString(), options: { ...options, host } };
}

/** True when the URL names a Unix-domain socket directory (`?host=/dir`). */
export const isSocketUrl = (url: string) => (urlParams(url).get("host") ?? "").startsWith("/");
