import { createYoga } from "graphql-yoga";
import { logger } from "../logger";
import { type GraphQLContext, schema } from "./schema";

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
  logging: {
    debug: () => {},
    info: () => {},
    warn: (...args) => logger.warn("graphql", { args: args.map(String) }),
    error: (...args) => logger.error("graphql", { args: args.map(String) }),
  },
});
