import { NextResponse } from "next/server";
import { invalidPathResponse } from "@/server/rest/invalid-path";
import { CONSOLE_PATH_HEADER, consoleCsp, DOCUMENT_PATH, hstsHeader, newNonce } from "@/server/web/console-headers";

const API_PATH = /^\/(v1|v2|api|healthz)(\/|$)/;

/**
 * A malformed percent-encoding gets a 400 (the API's JSON under /v1/, /v2/ and /api/, a page for
 * the console) instead of Next's text/plain 500. Console pages get their Content-Security-Policy
 * here, with a fresh script nonce that Next.js reads back from the request's CSP header and puts
 * on its scripts; HSTS when served over HTTPS. The API and static files never come through here
 * (the matcher) except for a `%` in their path; next.config.mjs gives them their headers.
 */
export function proxy(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  const invalid = invalidPathResponse(request);
  if (invalid && !API_PATH.test(pathname)) invalid.headers.set("content-security-policy", consoleCsp(newNonce()));
  if (invalid) return invalid;
  if (API_PATH.test(pathname)) return NextResponse.next();
  const hsts = hstsHeader(request.headers);
  // Documents send their own, stricter policy.
  if (DOCUMENT_PATH.test(pathname)) return NextResponse.next({ headers: hsts });
  const csp = consoleCsp(newNonce());
  const forwarded = new Headers(request.headers);
  forwarded.set("content-security-policy", csp);
  // The page's whole address, query included, for the way back after signing in (session.ts);
  // without the cache-busting `_rsc` of a client-side navigation.
  const query = new URLSearchParams(search);
  if (query.has("_rsc")) query.delete("_rsc");
  const asked = !search.includes("_rsc") ? search : query.size ? `?${query}` : "";
  forwarded.set(CONSOLE_PATH_HEADER, pathname + asked);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("content-security-policy", csp);
  for (const [k, v] of Object.entries(hsts)) response.headers.set(k, v);
  return response;
}

export const config = {
  matcher: [
    "/:path(.*%.*)",
    "/((?!_next/static|_next/image|v1(?:/|$)|v2(?:/|$)|api/|healthz|icon\\.svg|favicon\\.ico).*)",
  ],
};
