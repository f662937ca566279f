import { GraphQLScalarType, Kind, type ValueNode } from "graphql";
import { createGraphQLError, createSchema } from "graphql-yoga";
import { eq } from "drizzle-orm";
import { type Db, getDb } from "@/db/client";
import { organisations } from "@/db/schema";
import { clientAddress } from "../auth/client-address";
import { AUTH_ERRORS, type AuthErrorKind, obtainToken, TokenError } from "../auth/obtain-token";
import { readCredential } from "../auth/authenticate";
import { verifyAccessToken } from "../auth/tokens";
import { ServiceError } from "../errors";

export type GraphQLContext = { request: Request };

/** The platform's error envelope: message, path, extensions {errorType, errorCode, errorDescription}. */
export function krakenError(kind: AuthErrorKind, message: string, description: string) {
  const { code, type } = AUTH_ERRORS[kind];
  return createGraphQLError(message, { extensions: { errorType: type, errorCode: code, errorDescription: description } });
}

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    case Kind.LIST:
      return ast.values.map(literal);
    default:
      return null;
  }
}

const GenericScalar = new GraphQLScalarType({
  name: "GenericScalar",
  description: "Any JSON value (used for the decoded token claims).",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: literal,
});

const typeDefs = /* GraphQL */ `
  scalar GenericScalar

  "Exactly one method: APIKey, refreshToken, or email with password (a console user's login)."
  input ObtainJSONWebTokenInput {
    APIKey: String
    refreshToken: String
    email: String
    password: String
  }

  type ObtainKrakenJSONWebToken {
    "A JWT valid for 60 minutes; send it as 'Authorization: Token <token>'."
    token: String!
    "The token's decoded claims."
    payload: GenericScalar!
    "Valid for 7 days; single use (a refresh returns a new one)."
    refreshToken: String!
    "When the refresh token expires, as a Unix timestamp."
    refreshExpiresIn: Int!
  }

  type Viewer {
    kind: String!
    organisationNumber: String!
    organisationName: String!
    email: String
  }

  type Query {
    "Who the Authorization header's token belongs to."
    viewer: Viewer!
  }

  type Mutation {
    obtainKrakenToken(input: ObtainJSONWebTokenInput!): ObtainKrakenJSONWebToken
  }
`;

async function viewer(db: Db, request: Request) {
  const header = request.headers.get("authorization");
  let credential: string | null;
  try {
    credential = readCredential(header);
  } catch {
    credential = null;
  }
  if (!credential) throw krakenError("headerMissing", "Authorization header missing.", "Send the token as 'Authorization: Token <token>'.");
  try {
    const actor = await verifyAccessToken(db, credential);
    const [org] = await db.select().from(organisations).where(eq(organisations.id, actor.organisationId!));
    return { kind: actor.kind, organisationNumber: org.number, organisationName: org.name, email: actor.kind === "user" ? actor.email : null };
  } catch (err) {
    if (err instanceof ServiceError && err.code === "token_expired") throw krakenError("tokenExpired", "Token has expired.", "Obtain a new token.");
    if (err instanceof ServiceError) throw krakenError("unauthorized", "Unauthorized.", "The token is invalid or no longer valid.");
    throw err;
  }
}

export const schema = createSchema<GraphQLContext>({
  typeDefs,
  resolvers: {
    GenericScalar,
    Query: {
      viewer: async (_root, _args, ctx) => viewer(await getDb(), ctx.request),
    },
    Mutation: {
      obtainKrakenToken: async (_root, args: { input: Record<string, string | null> }, ctx) => {
        try {
          return await obtainToken(await getDb(), args.input, clientAddress(ctx.request.headers));
        } catch (err) {
          if (err instanceof TokenError) throw krakenError(err.kind, err.message, err.description);
          throw err;
        }
      },
    },
  },
});
