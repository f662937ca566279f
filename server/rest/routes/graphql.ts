import { GRAPHQL_MAX_BODY_BYTES, yoga } from "@/server/graphql/yoga";
import { publishedSdl } from "@/server/graphql/sdl";
import { readBytesCapped } from "@/server/lib/read-body";
import { graphqlGetRoute, graphqlPostRoute } from "../contracts/data-import";
import { withContract } from "../contracts/contract";
import { withCors } from "../cors";

// CORS as on the REST routes (origin *, never credentials; ADR 0203), not Yoga's own.
const handle = async (req: Request): Promise<Response> => withCors(await withErrorBody(await yoga.fetch(req, {})));

const REFUSALS: Record<number, [string, string]> = {
  415: ["UNSUPPORTED_MEDIA_TYPE", "Send the operation as application/json (or application/graphql-response+json)."],
  405: ["METHOD_NOT_ALLOWED", "Use GET or POST."],
};

/** A request refused before GraphQL runs, in the envelope of every other error (Yoga's `code` kept beside it). */
const refusal = (code: string, message: string) => ({
  message,
  extensions: { code, errorType: "VALIDATION", errorCode: code, errorDescription: message },
});

/** Yoga refuses some requests (e.g. a text/plain body: 415) with an empty body; say why in GraphQL's error shape. */
async function withErrorBody(res: Response): Promise<Response> {
  if (res.status < 400 || (await res.clone().text()).trim() !== "") return res;
  const [code, message] = REFUSALS[res.status] ?? [
    "BAD_REQUEST",
    "The request could not be read as a GraphQL operation.",
  ];
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ errors: [refusal(code, message)] }), { status: res.status, headers });
}

/**
 * Yoga reads any body whole; this endpoint takes no credentials, so the body is capped
 * first (an operation and its variables fit in a few kilobytes).
 */
async function post(req: Request): Promise<Response> {
  const bytes = await readBytesCapped(req, GRAPHQL_MAX_BODY_BYTES);
  if (!bytes) {
    const message = `The request body exceeds ${GRAPHQL_MAX_BODY_BYTES} bytes.`;
    return withCors(Response.json({ errors: [refusal("PAYLOAD_TOO_LARGE", message)] }, { status: 413 }));
  }
  return handle(new Request(req.url, { method: "POST", headers: req.headers, body: bytes as Uint8Array<ArrayBuffer> }));
}

/**
 * A GET's `variables` and `extensions` are JSON objects in the query string; Yoga would throw on
 * anything else (a 500). Refused here with a 400 in the GraphQL error shape (issue 37 item 5).
 */
async function get(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  for (const name of ["variables", "extensions"]) {
    const raw = params.get(name);
    if (raw === null || raw === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    if (value !== null && (typeof value !== "object" || Array.isArray(value))) {
      return withCors(
        Response.json(
          { errors: [refusal("BAD_REQUEST", `The '${name}' parameter must be a JSON object.`)] },
          { status: 400 },
        ),
      );
    }
  }
  return handle(req);
}

export const graphqlGetHandler = withContract(get, graphqlGetRoute);
export const graphqlPostHandler = withContract(post, graphqlPostRoute);

/** The GraphQL schema as SDL, for client generators and readers (the console's API reference shows it too). */
export async function graphqlSchemaHandler(): Promise<Response> {
  return withCors(
    new Response(publishedSdl(), {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
  );
}
