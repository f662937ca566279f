import { GRAPHQL_MAX_BODY_BYTES, yoga } from "@/server/graphql/yoga";
import { readBytesCapped } from "@/server/rest/body";
import { withCors } from "@/server/rest/cors";
import { otherMethods } from "@/server/rest/methods";

// CORS as on the REST routes (origin *, never credentials; ADR 0203), not Yoga's own.
const handle = async (req: Request): Promise<Response> => withCors(await yoga.fetch(req, {}));

/**
 * Yoga reads any body whole; this endpoint takes no credentials, so the body is capped
 * first (an operation and its variables fit in a few kilobytes).
 */
async function post(req: Request): Promise<Response> {
  const bytes = await readBytesCapped(req, GRAPHQL_MAX_BODY_BYTES);
  if (!bytes) {
    const message = `The request body exceeds ${GRAPHQL_MAX_BODY_BYTES} bytes.`;
    return withCors(Response.json({ errors: [{ message, extensions: { code: "PAYLOAD_TOO_LARGE" } }] }, { status: 413 }));
  }
  return handle(new Request(req.url, { method: "POST", headers: req.headers, body: bytes as Uint8Array<ArrayBuffer> }));
}

export const GET = handle;
export const POST = post;
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
