import { createYoga } from "graphql-yoga";
import { logger } from "../logger";
import { documentLimitsPlugin, envelopePlugin, GRAPHQL_MAX_BATCH, rateLimitPlugin } from "./limits";
import { type GraphQLContext, schema } from "./schema";

/** Largest POST body the endpoint reads (the token mutation with its variables is under 1 kB). */
export const GRAPHQL_MAX_BODY_BYTES = 64 * 1024;

/**
 * Most tokens a document may hold. graphql-js parses recursively, so without a bound a
 * deeply nested selection overflows the stack (a 500); this schema's largest useful
 * document has a few hundred tokens.
 */
export const GRAPHQL_MAX_TOKENS = 2000;

/** One Yoga instance per process; errors that are not GraphQLErrors are masked and logged. */
export const yoga = createYoga<GraphQLContext>({
  schema,
  // URLPattern syntax: the trailing slash is optional.
  graphqlEndpoint: "/v1/graphql{/}?",
  fetchAPI: { Response },
  landingPage: false,
  // Yoga's default echoes any Origin with Allow-Credentials: true. The route adds the REST
  // routes' policy instead (Allow-Origin *, no credentials; ADR 0203).
  cors: false,
  graphiql: false,
  // Yoga's own parse (its graphql instance, so its errors are recognised as GraphQL errors), bounded.
  plugins: [
    {
      onParse: ({ parseFn, setParseFn }) =>
        setParseFn((source, options) => parseFn(source, { ...options, maxTokens: GRAPHQL_MAX_TOKENS })),
    },
    rateLimitPlugin,
    documentLimitsPlugin,
    envelopePlugin,
  ],
  // A JSON array of operations is run as a batch of at most this many, each rate-limited and cost-checked on its own (ADR 0209).
  batching: { limit: GRAPHQL_MAX_BATCH },
  logging: {
    debug: () => {},
    info: () => {},
    warn: (...args) => logger.warn("graphql", { args: args.map(String) }),
    error: (...args) => logger.error("graphql", { args: args.map(String) }),
  },
});
