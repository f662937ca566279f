import type { NextRequest } from "next/server";
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

export const { POST } = handlers;
