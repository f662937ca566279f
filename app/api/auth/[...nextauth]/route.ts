import { NextRequest } from "next/server";
import { env } from "@/server/env.mjs";
import { bufferedRequest } from "@/server/lib/read-body";
import { requestIdOf } from "@/server/lib/request-id";
import { createRequestContext } from "@/server/api/context";
import { handlers } from "@/server/auth/config";

/**
 * Auth.js's own `GET /api/auth/session` reads only the cookie; answer it as every other
 * request is answered, from the session's row, so an ended session shows no one there either.
 */
export async function GET(req: NextRequest) {
  if (new URL(req.url).pathname.replace(/\/$/, "").endsWith("/session") && !(await createRequestContext()).user) {
    return Response.json(null, { headers: { "cache-control": "private, no-store" } });
  }
  return handlers.GET(req);
}

/**
 * Sign-in, sign-out and the CSRF form post a few fields: the body is read, capped at
 * AUTH_MAX_BODY_BYTES, before Auth.js parses it (issue 37 item 3); above it a 413.
 */
export async function POST(req: NextRequest) {
  const requestId = requestIdOf(req);
  const capped = await bufferedRequest(
    req,
    env.AUTH_MAX_BODY_BYTES,
    (url, init) => new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]),
  ).catch(() => undefined);
  if (capped === undefined)
    return Response.json(
      {
        detail: "The request body was not received completely (the connection closed).",
        code: "incomplete_body",
        errors: [],
      },
      { status: 400, headers: { "x-request-id": requestId } },
    );
  if (capped === null) {
    return Response.json(
      { detail: `The request body exceeds ${env.AUTH_MAX_BODY_BYTES} bytes.`, code: "payload_too_large", errors: [] },
      { status: 413, headers: { "x-request-id": requestId, connection: "close" } },
    );
  }
  return handlers.POST(capped as NextRequest);
}
