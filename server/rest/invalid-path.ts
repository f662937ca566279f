import { CORS_HEADERS } from "./cors";

/** The first path segment that is not valid percent-encoding (e.g. `%ZZ`, a lone `%`), or null. */
export function malformedSegment(pathname: string): string | null {
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

/**
 * 400 `invalid_path` for a path Next.js cannot decode (it would answer a text/plain 500
 * before any route runs), or null to let the request through. Kept free of the database
 * and route code: it runs in proxy.ts.
 */
export function invalidPathResponse(req: Request): Response | null {
  const segment = malformedSegment(new URL(req.url).pathname);
  if (segment === null) return null;
  const detail = `The path segment '${segment}' is not valid percent-encoding.`;
  return new Response(JSON.stringify({ detail, code: "invalid_path", errors: [] }), {
    status: 400,
    headers: { ...CORS_HEADERS, "content-type": "application/json", "x-request-id": req.headers.get("x-request-id") ?? crypto.randomUUID() },
  });
}
