import { requestIdOf } from "../lib/request-id";
import { preflightResponse, withCors } from "./cors";
import { json } from "./handler";

/** The methods a route module may export besides HEAD (Next answers HEAD with GET). */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: Request, route?: RouteContext) => Promise<Response>;


/** `Allow` for a route implementing `methods`: HEAD comes with GET, OPTIONS always. */
export function allowList(methods: readonly string[]): string[] {
  const out = methods.filter((m) => m !== "HEAD" && m !== "OPTIONS");
  if (out.includes("GET")) out.splice(out.indexOf("GET") + 1, 0, "HEAD");
  return [...out, "OPTIONS"];
}

export function methodNotAllowed(allow: readonly string[]): RouteHandler {
  const header = allow.join(", ");
  return async (req) =>
    withCors(
      json(405, { detail: `Method "${req.method}" not allowed.`, code: "method_not_allowed", errors: [] }, { allow: header, "x-request-id": requestIdOf(req) }),
    );
}

type Implemented = Partial<Record<Exclude<HttpMethod, "OPTIONS">, RouteHandler>>;

/**
 * What a route module exports besides the methods it implements: 405 JSON with `Allow`
 * for every other method (Next's own 405 has no body and no `Allow`) and OPTIONS as the
 * CORS preflight. `export const { PUT, PATCH, DELETE, GET, OPTIONS } = otherMethods({ POST });`
 */
export function otherMethods<H extends Implemented>(handlers: H): { [M in Exclude<HttpMethod, keyof H>]: RouteHandler } {
  const allow = allowList(Object.keys(handlers));
  const refuse = methodNotAllowed(allow);
  const out: Record<string, RouteHandler> = {};
  for (const m of HTTP_METHODS) if (!(m in handlers)) out[m] = refuse;
  out.OPTIONS = async () => preflightResponse(allow);
  return out as { [M in Exclude<HttpMethod, keyof H>]: RouteHandler };
}

/** Every method of the /v1/ catch-all: nothing lives at this path, a JSON 404 in the standard shape. */
export function unknownPath(): Record<HttpMethod, RouteHandler> {
  const handler: RouteHandler = async (req) =>
    withCors(
      json(
        404,
        { detail: `No endpoint at ${new URL(req.url).pathname}.`, code: "not_found", errors: [] },
        { "x-request-id": requestIdOf(req) },
      ),
    );
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, handler])) as Record<HttpMethod, RouteHandler>;
}
