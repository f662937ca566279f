/**
 * CORS for the /v1/ API (ADR 0203): any origin may call it from a page, never with
 * credentials. Every route authenticates with the Authorization header, not cookies, so
 * `*` (which browsers refuse to combine with credentials) exposes nothing a script
 * outside a browser could not already fetch. The console and /api/auth send none of this.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, X-Request-Id, Retry-After",
};

export const CORS_ALLOW_HEADERS = "Authorization, Content-Type, If-None-Match, X-Request-Id";
/** Chromium caps a cached preflight at two hours; asking for longer buys nothing. */
export const CORS_MAX_AGE_SECONDS = 7200;

/** Adds the CORS headers to a response whose headers are still mutable. */
export function withCors(res: Response): Response {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.headers.set(k, v);
  return res;
}

/** The answer to OPTIONS (a browser's preflight or a client asking): 204 with the route's methods. */
export function preflightResponse(allow: readonly string[]): Response {
  const methods = allow.join(", ");
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      allow: methods,
      "access-control-allow-methods": methods,
      "access-control-allow-headers": CORS_ALLOW_HEADERS,
      "access-control-max-age": String(CORS_MAX_AGE_SECONDS),
    },
  });
}
