import type { Db } from "@/db/client";
import { pageUrl, publicOrigin } from "@/server/rest/paging";
import { cachedRender, etagOf } from "@/server/services/products/catalogue-cache";

/** Public catalogue responses may be cached by clients and proxies for this long. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/** `W/"x"` for a digest `"x"` (either form accepted). */
export const weakEtag = (tag: string) => (tag.startsWith("W/") ? tag : `W/${tag}`);

/** Does an If-None-Match header (a list, possibly weak tags, or `*`) match this ETag? */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

/**
 * A JSON body with a weak ETag (a digest of the JSON text) and Cache-Control; a matching
 * If-None-Match gets an empty 304. Weak because the server gzips after this runs, and a
 * strong validator must differ between the gzip and identity bytes (RFC 9110 8.8.3); the
 * digest still changes with any change to the JSON. Links in the body depend on the
 * forwarded scheme and host, hence Vary.
 */
export function respondCacheable(req: Request, body: Buffer, digest: string): Response {
  const etag = weakEtag(digest);
  const headers: Record<string, string> = {
    etag,
    "cache-control": `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`,
    vary: "X-Forwarded-Proto, X-Forwarded-Host",
  };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...headers, "content-type": "application/json" },
  });
}

export function cacheableJson(req: Request, body: string): Response {
  const buf = Buffer.from(body);
  return respondCacheable(req, buf, etagOf(buf));
}

/** Like cacheableJson, from this instance's cache of rendered pages when the catalogue has not changed (ADR 0202); `scope` names the route and its parameters. */
export async function cachedCacheableJson(
  req: Request,
  db: Db,
  scope: string,
  render: () => Promise<{ body: string; validUntil?: number }>,
): Promise<Response> {
  const url = new URL(req.url);
  const { body, etag } = await cachedRender(db, `${scope} ${publicOrigin(req)}${url.pathname}${url.search}`, render);
  return respondCacheable(req, body, etag);
}

/** `next`/`previous` as absolute URLs on the request's own origin; page 1 carries no page parameter. */
export function pageLinks(req: Request, p: { page: number; size: number; count: number }) {
  return {
    next: p.page * p.size < p.count ? pageUrl(req, { page: String(p.page + 1) }) : null,
    previous: p.page > 1 ? pageUrl(req, { page: p.page === 2 ? null : String(p.page - 1) }) : null,
  };
}
