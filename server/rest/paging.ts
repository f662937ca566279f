// host[:port]: a DNS name or IPv4 address, or a bracketed IPv6 literal; nothing that ends
// the authority (/ ? # @), no spaces, no userinfo.
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const first = (value: string | null) => value?.split(",")[0]?.trim() || undefined;
const validProto = (value: string | undefined) => (value && /^https?$/i.test(value) ? value.toLowerCase() : undefined);
const validHost = (value: string | undefined) => (value && value.length <= 261 && HOST.test(value) ? value : undefined);

/**
 * The request's own public origin, honouring a proxy's X-Forwarded-Proto / -Host. Both
 * end up in absolute links a client follows, so a value that is not `http`/`https` or
 * not a plain host[:port] is ignored (the Host header is used instead), never echoed.
 */
export function publicOrigin(req: Request): string {
  const url = new URL(req.url);
  const proto = validProto(first(req.headers.get("x-forwarded-proto"))) ?? url.protocol.replace(":", "");
  const host =
    validHost(first(req.headers.get("x-forwarded-host"))) ?? validHost(req.headers.get("host")?.trim()) ?? url.host;
  return `${proto}://${host}`;
}

/** An absolute URL for the same path with some query parameters replaced. */
export function pageUrl(req: Request, set: Record<string, string | null>): string {
  const url = new URL(req.url);
  const out = new URL(url.pathname + url.search, publicOrigin(req));
  for (const [k, v] of Object.entries(set)) {
    if (v === null) out.searchParams.delete(k);
    else out.searchParams.set(k, v);
  }
  return out.toString();
}
