import { requestIdOf } from "../lib/request-id";
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

/** Paths whose callers are programs: they get the API's JSON error shape. */
const API_PATH = /^\/(v1|v2|api)(\/|$)/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 400 `invalid_path` for a path Next.js cannot decode (it would answer a text/plain 500
 * before any route runs), or null to let the request through: the API's JSON error shape
 * under /v1/, /v2/ and /api/, a short page for a browser anywhere else. Kept free of the
 * database and route code: it runs in proxy.ts.
 */
export function invalidPathResponse(req: Request): Response | null {
  const { pathname } = new URL(req.url);
  const segment = malformedSegment(pathname);
  if (segment === null) return null;
  const detail = `The path segment '${segment}' is not valid percent-encoding.`;
  const requestId = requestIdOf(req);
  if (API_PATH.test(pathname)) {
    return new Response(JSON.stringify({ detail, code: "invalid_path", errors: [] }), {
      status: 400,
      headers: { ...CORS_HEADERS, "content-type": "application/json", "x-request-id": requestId },
    });
  }
  const page = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad address</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.4rem">This address is not valid</h1><p>${escapeHtml(detail)} Check the link, or go to the <a href="/">console home</a>.</p></body></html>`;
  return new Response(page, {
    status: 400,
    headers: { "content-type": "text/html; charset=utf-8", "x-request-id": requestId },
  });
}
