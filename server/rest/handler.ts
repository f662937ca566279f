import { requestIdOf } from "../lib/request-id";
import type { z } from "zod";
import { isDatabaseUnavailable } from "@/db/errors";
import { type Db, getDb } from "@/db/client";
import { boundedByDatabase } from "./database-wait";
import { authenticate } from "../auth/authenticate";
import { admitRequest } from "../auth/request-rate-limit";
import { type Actor, type Ctx, requireWriter } from "../context";
import { ServiceError, safeParseReporting, validationError } from "../errors";
import { logger } from "../logger";
import { readJsonBody } from "./body";
import { parseQuery } from "./query";
import { CORS_HEADERS, withCors } from "./cors";
import { unstorableValueErrors } from "../lib/exact-json";
import { type RouteContract, withContract } from "./contracts/contract";
import { countPostImportWrite, postImportKind } from "./write-metrics";

type Auth = "none" | "token" | "token_or_basic";

export type RestResult = { status: number; body: unknown; headers?: Record<string, string> } | Response;

type Def<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> = {
  auth: Auth;
  body?: B;
  query?: Q;
  /** Top-level `code` for a body that fails validation (e.g. account_failed_validation). */
  bodyErrorCode?: string;
  /** A read route that also takes a customer's own key or token, scoped to their accounts (ADR 0207). */
  customers?: boolean;
  /** A write route: a read-only caller gets 403 before its query or body is looked at. */
  writer?: boolean;
  /**
   * false for bulk write routes whose response echoes the request: `Cache-Control:
   * no-store, no-transform` keeps it from being gzipped (the server's compression skips
   * no-transform responses). Such a response is no larger than the uncompressed request
   * that produced it, and compressing it cost the import route ~15% of its throughput (ADR 0008).
   */
  compress?: boolean;
  /**
   * Parses the JSON body read against `body` (default: the contract's schema, its failures a 400
   * `bodyErrorCode`); the post-import writes give the first field error's code instead (`parseBody`).
   */
  parse?: (schema: NonNullable<B>, raw: Record<string, unknown>) => B extends z.ZodType ? z.infer<B> : undefined;
  /** Rewrites an error before it is answered (the v2 routes' bodies; the payment instruction's fields), given the JSON body when it was read. */
  mapError?: (err: unknown, raw: unknown) => unknown;
  handle: (args: {
    ctx: Ctx;
    req: Request;
    body: B extends z.ZodType ? z.infer<B> : undefined;
    /** The JSON body as sent, when the route has a body. */
    raw: unknown;
    query: Q extends z.ZodType ? z.infer<Q> : undefined;
    params: Record<string, string>;
  }) => Promise<RestResult>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type QueryOf<C> = C extends { query: infer Q extends z.ZodType } ? Q : undefined;

/**
 * A route served from its contract: auth and query schema come from the contract (the
 * body schema too, when the handler passes `body: contract.body`), and the handler
 * carries the contract so a test can check each route file against the route table.
 */
export function contractRoute<C extends RouteContract, B extends z.ZodType | undefined = undefined>(
  contract: C,
  def: Omit<Def<B, QueryOf<C>>, "auth" | "query">,
) {
  return withContract(
    restRoute<B, QueryOf<C>>({ ...def, auth: contract.auth, query: contract.query as QueryOf<C> }),
    contract,
  );
}

/** Wraps a route: auth, size-capped JSON parsing, zod validation, error mapping, request id. */
export function restRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  def: Def<B, Q>,
) {
  const fixed: Record<string, string> = def.compress === false ? { ...CORS_HEADERS, ...NO_TRANSFORM } : CORS_HEADERS;
  // A handler serves one route: whether it is a post-import write is settled by its first request.
  let writeKind: string | null | undefined;
  return async (req: Request, route?: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(req);
    writeKind ??= postImportKind(req.url);
    let sent: unknown;
    try {
      const db = await getDb();
      // Bounded while the database is away (ADR 0045): a failover without a primary must not hold the answer.
      return await boundedByDatabase(db, async () => {
        // Next gives static routes undefined params, and already-decoded values to dynamic ones.
        const raw = (route ? await route.params : undefined) ?? {};
        const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
        const actor: Actor =
          def.auth === "none"
            ? { kind: "system", label: "anonymous" }
            : await authenticate(db, req.headers.get("authorization"), {
                allowBasic: def.auth === "token_or_basic",
                allowCustomer: def.customers === true,
              }).catch(async (err) => {
                // Missing or bad credentials count against the address: 40 bad keys are throttled like 40 anonymous reads.
                if (err instanceof ServiceError && err.status === 401) await refuseOverLimit(db, null, req.headers);
                throw err;
              });
        await refuseOverLimit(db, def.auth === "none" ? null : actor, req.headers);
        const ctx: Ctx = { db, actor, requestId };
        if (def.writer) requireWriter(ctx);
        refuseUnstorableParams(params);
        const query = def.query ? parseQuery(def.query, new URL(req.url).searchParams) : undefined;
        let body: unknown;
        if (def.body) {
          const raw = (sent = await readJsonBody(req));
          body = def.parse
            ? def.parse(def.body as NonNullable<B>, raw)
            : parseContractBody(def.body, raw, def.bodyErrorCode ?? "invalid");
        }
        const result = await def.handle({ ctx, req, body: body as never, raw: sent, query: query as never, params });
        if (writeKind) countPostImportWrite(writeKind, result.status);
        if (result instanceof Response) {
          result.headers.set("x-request-id", requestId);
          return withCors(result);
        }
        return json(result.status, result.body, { ...fixed, ...result.headers, "x-request-id": requestId });
      });
    } catch (err) {
      const mapped = def.mapError ? def.mapError(err, sent) : err;
      const res = errorResponse(mapped, requestId);
      if (writeKind) countPostImportWrite(writeKind, res.status, mapped);
      for (const [k, v] of Object.entries(fixed)) res.headers.set(k, v);
      return res;
    }
  };
}

function parseContractBody(schema: z.ZodType, raw: Record<string, unknown>, code: string): unknown {
  const unstorable = unstorableValueErrors(raw);
  if (unstorable.length)
    throw new ServiceError("validation", code, "The request body failed validation.", { errors: unstorable });
  const parsed = safeParseReporting(schema, raw);
  if (!parsed.success) throw validationError(parsed.error, code, "The request body failed validation.");
  return parsed.data;
}

/**
 * The shared REST and GraphQL limiter (issue 37 item 6): per key, or per address without valid
 * credentials; over it, 429 `throttled` with Retry-After, in the words of production's own
 * throttle (Django REST framework's).
 */
async function refuseOverLimit(db: Db, actor: Actor | null, headers: Headers) {
  const gate = await admitRequest(db, actor, headers);
  if (gate.allowed) return;
  throw new ServiceError(
    "rate_limited",
    "throttled",
    `Request was throttled. Expected available in ${gate.retryAfterSeconds} second${gate.retryAfterSeconds === 1 ? "" : "s"}.`,
    {
      headers: { "Retry-After": String(gate.retryAfterSeconds) },
    },
  );
}

/**
 * A path parameter Next has decoded to text no column can hold (`%00`, a lone surrogate):
 * the same 400 and item codes a body's value gets, before any query sees it.
 */
function refuseUnstorableParams(params: Record<string, string>) {
  const errors = unstorableValueErrors(params);
  if (errors.length)
    throw new ServiceError("validation", errors[0].code, "A path segment holds text that cannot be stored.", {
      errors,
    });
}

const NO_TRANSFORM: Record<string, string> = { "cache-control": "no-store, no-transform" };

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(status === 204 || status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

export function errorResponse(err: unknown, requestId: string): Response {
  if (err instanceof ServiceError) {
    return json(err.status, err.body ?? err.toBody(), { ...err.headers, "x-request-id": requestId });
  }
  if (isDatabaseUnavailable(err)) {
    // Not a bug in the request: the database is away (restarting, failing over, out of
    // connections). 503 with Retry-After tells scripts to send the same request again.
    logger.error("database unavailable", { requestId, err });
    return json(
      503,
      {
        detail:
          "The service is temporarily unavailable (its database cannot be reached). Send the same request again shortly.",
        code: "service_unavailable",
        errors: [],
      },
      { "x-request-id": requestId, "retry-after": "5" },
    );
  }
  logger.error("unhandled error", { requestId, err });
  return json(
    500,
    { detail: `Internal server error (request ${requestId}).`, code: "internal_error", errors: [] },
    { "x-request-id": requestId },
  );
}
