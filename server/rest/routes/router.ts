import { requestIdOf } from "@/server/lib/request-id";
import { preflightResponse, withCors } from "../cors";
import { json } from "../handler";
import { invalidPathResponse } from "../invalid-path";
import { allowList, HTTP_METHODS, type HttpMethod } from "../methods";
import { type RestRoute, type RouteHandler, restRoutes } from "./table";

type Node = {
  statics: Map<string, Node>;
  param?: { name: string; node: Node };
  methods?: Map<string, RouteHandler>;
  allow?: string[];
};

const node = (): Node => ({ statics: new Map() });

/** A trie of the table's templates: a static segment wins over a parameter, as in Next's matching. */
function trieOf(routes: RestRoute[]): Node {
  const root = node();
  for (const { method, template, handler } of routes) {
    let at = root;
    for (const segment of template.split("/").filter(Boolean)) {
      const param = /^\[(\w+)\]$/.exec(segment)?.[1];
      if (param) {
        if (at.param && at.param.name !== param)
          throw new Error(`${template}: parameter [${param}] beside [${at.param.name}]`);
        at = (at.param ??= { name: param, node: node() }).node;
      } else {
        let next = at.statics.get(segment);
        if (!next) at.statics.set(segment, (next = node()));
        at = next;
      }
    }
    at.methods ??= new Map();
    if (at.methods.has(method)) throw new Error(`${method} ${template} is in the route table twice`);
    at.methods.set(method, handler);
    at.allow = allowList([...at.methods.keys()]);
  }
  return root;
}

function find(at: Node, segments: string[], i: number, params: Record<string, string>): Node | undefined {
  if (i === segments.length) return at.methods ? at : undefined;
  const fixed = at.statics.get(segments[i]);
  const viaStatic = fixed && find(fixed, segments, i + 1, params);
  if (viaStatic) return viaStatic;
  if (!at.param) return undefined;
  const found = find(at.param.node, segments, i + 1, params);
  if (found) params[at.param.name] = segments[i];
  return found;
}

export type RestMatch = {
  route: Node & { methods: Map<string, RouteHandler>; allow: string[] };
  params: Record<string, string>;
};

/** The route a path names (with or without its trailing slash) and its parameters, decoded; undefined for no route. */
export function matchRest(pathname: string, routes = trie): RestMatch | undefined {
  let segments: string[];
  try {
    segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const params: Record<string, string> = {};
  const route = find(routes, segments, 0, params);
  return route ? { route: route as RestMatch["route"], params } : undefined;
}

const trie = trieOf(restRoutes);

const notFound = (req: Request) =>
  withCors(
    json(
      404,
      { detail: `No endpoint at ${new URL(req.url).pathname}.`, code: "not_found", errors: [] },
      { "x-request-id": requestIdOf(req) },
    ),
  );

type Methods = Record<HttpMethod, RouteHandler>;
const methodsCache = new WeakMap<Node, Methods>();

/**
 * Every method of one route, the one place the other methods are answered: its handlers (HEAD is
 * GET's, as in Next), the CORS preflight for OPTIONS, and a JSON 405 with `Allow` for the rest.
 */
function methodsOf(route: RestMatch["route"]): Methods {
  let methods = methodsCache.get(route);
  if (methods) return methods;
  const header = route.allow.join(", ");
  const refuse: RouteHandler = async (req) =>
    withCors(
      json(
        405,
        { detail: `Method "${req.method}" not allowed.`, code: "method_not_allowed", errors: [] },
        { allow: header, "x-request-id": requestIdOf(req) },
      ),
    );
  const preflight: RouteHandler = async () => preflightResponse(route.allow);
  methods = Object.fromEntries(
    HTTP_METHODS.map((m) => [m, route.methods.get(m) ?? (m === "OPTIONS" ? preflight : refuse)]),
  ) as Methods;
  methodsCache.set(route, methods);
  return methods;
}

/** Answers a request under /v1/ or /v2/ from the route table; a JSON 404 in the standard shape where no route is. */
export async function dispatchRest(req: Request): Promise<Response> {
  const invalid = invalidPathResponse(req);
  if (invalid) return invalid;
  const match = matchRest(new URL(req.url).pathname);
  if (!match) return notFound(req);
  const method = (req.method === "HEAD" ? "GET" : req.method) as HttpMethod;
  const handler = methodsOf(match.route)[method] ?? methodsOf(match.route).GET;
  return handler(req, { params: Promise.resolve(match.params) });
}

/** The app's catch-all route modules (app/v1/[[...rest]], app/v2/[[...rest]]): every method dispatched from the table. */
export function restRouteModule(): Record<HttpMethod, (req: Request) => Promise<Response>> {
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, dispatchRest])) as Record<
    HttpMethod,
    (req: Request) => Promise<Response>
  >;
}

/** Each route of the table as a module of every method, by its template without slashes (`v1/accounts/[account]`): what the tests call directly. */
export function restRouteModules(): Record<string, Methods> {
  const out: Record<string, Methods> = {};
  for (const { template } of restRoutes) {
    const match = matchRest(template.replace(/\[\w+\]/g, "x"));
    out[template.replace(/^\/|\/$/g, "")] = methodsOf(match!.route);
  }
  return out;
}

/** The table's templates without their trailing slash (`/v1/accounts/[account]`), as metrics and spans label requests. */
export const restTemplates = (): string[] => [...new Set(restRoutes.map((r) => r.template.replace(/\/$/, "")))];
