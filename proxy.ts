import { invalidPathResponse } from "@/server/rest/invalid-path";

/**
 * Runs only for paths holding a `%` (the matcher), so ordinary requests never pay for it:
 * a malformed percent-encoding gets a 400 (the API's JSON under /v1/, /v2/ and /api/, a page for
 * the console) instead of Next's text/plain 500. Anything else continues to its route.
 */
export function proxy(request: Request): Response | undefined {
  return invalidPathResponse(request) ?? undefined;
}

export const config = { matcher: "/:path(.*%.*)" };
