import { invalidPathResponse } from "@/server/rest/invalid-path";

/**
 * Runs only for /v1/ paths holding a `%` (the matcher), so the API's ordinary requests
 * never pay for it: a malformed percent-encoding gets the API's JSON 400 instead of
 * Next's text/plain 500. Anything else continues to its route.
 */
export function proxy(request: Request): Response | undefined {
  return invalidPathResponse(request) ?? undefined;
}

export const config = { matcher: "/v1/:path(.*%.*)" };
