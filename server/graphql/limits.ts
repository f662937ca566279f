import type { ExecutionResult } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { getDb } from "@/db/client";
import { addressKey } from "../auth/rate-limit";
import { clientAddress } from "../auth/client-address";
import { admitRequest, countRequest } from "../auth/request-rate-limit";
import { actorOf, type ActorResult } from "./actor";
import { krakenError, VALIDATION_CODES } from "./errors";

/** Per document (ADR 0209): the clients' largest documents sit well inside these. */
export const GRAPHQL_MAX_DEPTH = 10;
export const GRAPHQL_MAX_COST = 1500;
export const GRAPHQL_MAX_ALIASES = 15;
/** Operations one batched request may hold; each counts against the caller's rate limit. */
export const GRAPHQL_MAX_BATCH = 5;

/** The bucket a request is counted in: its key, its customer key, its console user, or its address. */
function bucketOf(r: ActorResult, request: Request): string {
  if ("actor" in r) {
    const a = r.actor;
    if (a.kind === "organisation") return `gql:key:${a.apiKeyId}`;
    if (a.kind === "customer") return `gql:customer-key:${a.customerKeyId}`;
    if (a.kind === "user") return `gql:user:${a.userId}`;
  }
  return `gql:ip:${addressKey(clientAddress(request.headers))}`;
}

/** Resolves the caller once, then counts the operation; over the limit, production's KT-CT-1199. */
export const rateLimitPlugin: Plugin = {
  async onParams({ request, setResult }) {
    const r = await actorOf(request);
    const db = await getDb();
    // The budget REST shares (per key, or per address without valid credentials: issue 37 item 6),
    // then GraphQL's own operations a minute.
    const shared = await admitRequest(db, "actor" in r ? r.actor : null, request.headers);
    const gate = shared.allowed ? await countRequest(db, bucketOf(r, request)) : shared;
    if (!gate.allowed)
      setResult({
        errors: [
          krakenError(
            "tooManyRequests",
            "Too many requests.",
            `Rate limit exceeded; try again in ${gate.retryAfterSeconds} seconds.`,
          ),
        ],
      });
  },
};

/**
 * Depth, cost (aliases and fragments counted as the fields they expand to) and alias limits
 * as validation rules, each per operation of a batch.
 */
export const documentLimitsPlugin: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(maxDepthRule({ n: GRAPHQL_MAX_DEPTH, ignoreIntrospection: true, exposeLimits: true }));
    addValidationRule(costLimitRule({ maxCost: GRAPHQL_MAX_COST, ignoreIntrospection: true, exposeLimits: true }));
    addValidationRule(maxAliasesRule({ n: GRAPHQL_MAX_ALIASES, exposeLimits: true }));
  },
};

const SUGGESTION = / Did you mean .+\?$/;

const LIMIT = /^Syntax Error: ((Query depth|Query Cost|Aliases) limit of .+)$/;

/**
 * Every error in production's envelope: extensions {errorType, errorCode, errorDescription}.
 * A document over a depth, cost or alias limit is production's KT-CT-1188 ("Query is too
 * complex."), the limit it broke named in the description.
 */
function enveloped(result: ExecutionResult, suggest: boolean): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    if (e.extensions?.errorCode) return e;
    const limit = LIMIT.exec(e.message);
    if (limit) {
      const { extensions } = krakenError(
        "queryTooComplex",
        "Query is too complex.",
        `The current query is too complex. Please simplify it and try again. ${limit[1]}`,
      );
      return createGraphQLError("Query is too complex.", {
        nodes: e.nodes,
        source: e.source,
        positions: e.positions,
        extensions,
      });
    }
    // Field suggestions only for callers with a valid credential, so an anonymous caller cannot
    // map the schema by typos (introspection stays open, as production's). Stripped here, not in
    // validation, whose results Yoga caches per document for every caller.
    const message = suggest ? e.message : e.message.replace(SUGGESTION, "");
    // An execution error that is not one of ours (a masked failure) is internal, not the caller's mistake.
    const internal = e.path !== undefined;
    const code = internal
      ? "INTERNAL_ERROR"
      : /^Syntax Error/.test(e.message)
        ? VALIDATION_CODES.syntax
        : VALIDATION_CODES.invalid;
    const errorType = internal ? "INTERNAL" : "VALIDATION";
    return createGraphQLError(message, {
      nodes: e.nodes,
      source: e.source,
      positions: e.positions,
      path: e.path,
      extensions: { ...e.extensions, errorType, errorCode: code, errorDescription: message },
    });
  });
  return { ...result, errors };
}

export const envelopePlugin: Plugin = {
  async onResultProcess({ request, result, setResult }) {
    const suggest = "actor" in (await actorOf(request));
    if (Array.isArray(result)) setResult(result.map((r) => enveloped(r, suggest)));
    else if (!(Symbol.asyncIterator in (result as object))) setResult(enveloped(result as ExecutionResult, suggest));
  },
};
