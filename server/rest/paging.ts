/** The request's own public origin, honouring a proxy's X-Forwarded-Proto / -Host. */
export function publicOrigin(req: Request): string {
  const url = new URL(req.url);
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || url.protocol.replace(":", "");
  const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host") || url.host;
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
