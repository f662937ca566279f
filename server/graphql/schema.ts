import { requestIdOf } from "../lib/request-id";
import { GraphQLScalarType, Kind, type ValueNode } from "graphql";
import { createGraphQLError, createSchema } from "graphql-yoga";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { organisations } from "@/db/schema";
import { clientAddress } from "../auth/client-address";
import { obtainToken, TokenError } from "../auth/obtain-token";
import type { Ctx } from "../context";
import { ServiceError } from "../errors";
import { parseLondonDateTime } from "../lib/time";
import { type ApplicableRatesInput, listApplicableRates } from "../services/account-graph/applicable-rates";
import { halfHourlyUnitRates } from "../services/account-graph/half-hourly-rates";
import { type AccountGraph, type GraphTariff, loadAccountGraph } from "../services/account-graph/load-account-graph";
import { smartMeterTelemetry, type TelemetryGrouping } from "../services/account-graph/smart-meter-telemetry";
import { listViewerAccounts } from "../services/account-graph/readable-account";
import { requireActor } from "./actor";
import { accountForbidden, krakenError } from "./errors";
import { accountResolvers, tariffFields } from "./resolvers/account";
import { typeDefs } from "./sdl";

export { krakenError } from "./errors";
export { typeDefs } from "./sdl";

export type GraphQLContext = { request: Request };

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

const parseDateTime = (v: unknown): Date => {
  const d = typeof v === "string" ? parseLondonDateTime(v) : null;
  if (!d) throw createGraphQLError("DateTime must be an ISO 8601 date and time such as 2024-01-01T00:00:00+00:00.");
  return d;
};
const DateTime = new GraphQLScalarType({
  name: "DateTime",
  serialize: (v) => (v instanceof Date ? v.toISOString() : v),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : null),
});
const Decimal = new GraphQLScalarType({
  name: "Decimal",
  serialize: (v) => (v === null ? null : String(v)),
  parseValue: (v) => String(v),
  parseLiteral: (ast) =>
    ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : null,
});
const DateScalar = new GraphQLScalarType({
  name: "Date",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? ast.value : null),
});

/** The caller's context for a service verb, or production's auth error. */
async function callerCtx(request: Request): Promise<Ctx> {
  const actor = await requireActor(request);
  return { db: await getDb(), actor, requestId: requestIdOf(request) };
}

/** Service refusals in the envelope: another's (or a missing) account or device is KT-CT-1111, as production answers. */
function asKrakenError(err: unknown, what: string): unknown {
  if (!(err instanceof ServiceError)) return err;
  if (err.kind === "not_found") return accountForbidden(what);
  return createGraphQLError(err.message, {
    extensions: { errorType: "VALIDATION", errorCode: err.code, errorDescription: err.message },
  });
}

// One load per account per request: the integration's document asks for account, properties and
// octoplusAccountInfo of the same account, and all three read the one graph.
const graphs = new WeakMap<Request, Map<string, Promise<AccountGraph>>>();

async function account(request: Request, accountNumber: string): Promise<AccountGraph> {
  let mine = graphs.get(request);
  if (!mine) graphs.set(request, (mine = new Map()));
  const key = accountNumber.trim().toUpperCase();
  let p = mine.get(key);
  if (!p) mine.set(key, (p = callerCtx(request).then((ctx) => loadAccountGraph(ctx, { accountNumber }))));
  try {
    return await p;
  } catch (err) {
    throw asKrakenError(err, `Account '${accountNumber}'`);
  }
}

export const schema = createSchema<GraphQLContext>({
  typeDefs,
  resolvers: {
    GenericScalar,
    DateTime,
    Date: DateScalar,
    Decimal,
    ...accountResolvers,
    HalfHourlyTariff: {
      ...tariffFields,
      unitRates: async (t: GraphTariff, args: { from?: Date | null; to?: Date | null }, ctx: GraphQLContext) => {
        try {
          return await halfHourlyUnitRates(await callerCtx(ctx.request), t, args);
        } catch (err) {
          throw asKrakenError(err, `Tariff '${t.tariffCode}'`);
        }
      },
    },
    AccountUserType: {
      accounts: async (_v: unknown, _a: unknown, ctx: GraphQLContext) =>
        listViewerAccounts(await callerCtx(ctx.request)).then((rows) =>
          Promise.all(rows.map((r) => account(ctx.request, r.number))),
        ),
    },
    Query: {
      viewer: async (_root, _args, ctx) => {
        const c = await callerCtx(ctx.request);
        const [org] = await c.db.select().from(organisations).where(eq(organisations.id, c.actor.organisationId!));
        const email = c.actor.kind === "user" || c.actor.kind === "customer" ? c.actor.email : null;
        return { kind: c.actor.kind, organisationNumber: org.number, organisationName: org.name, email };
      },
      account: (_root, args: { accountNumber: string }, ctx) => account(ctx.request, args.accountNumber),
      properties: async (_root, args: { accountNumber: string }, ctx) =>
        accountResolvers.AccountType.properties(await account(ctx.request, args.accountNumber)),
      smartMeterTelemetry: async (
        _root,
        args: { deviceId: string; grouping?: TelemetryGrouping | null; start?: Date | null; end?: Date | null },
        ctx,
      ) => {
        const end = args.end ?? new Date();
        const start = args.start ?? new Date(end.getTime() - 86_400_000);
        try {
          return await smartMeterTelemetry(await callerCtx(ctx.request), {
            deviceId: args.deviceId,
            grouping: args.grouping ?? "HALF_HOURLY",
            start,
            end,
          });
        } catch (err) {
          throw asKrakenError(err, `Device '${args.deviceId}'`);
        }
      },
      applicableRates: async (_root, args: ApplicableRatesInput, ctx) => {
        try {
          return await listApplicableRates(await callerCtx(ctx.request), args);
        } catch (err) {
          throw asKrakenError(err, `Meter point '${args.mpxn}' of account '${args.accountNumber}'`);
        }
      },
      // The account must be the caller's; no loyalty scheme runs here, so never enrolled.
      octoplusAccountInfo: async (_root, args: { accountNumber: string }, ctx) =>
        account(ctx.request, args.accountNumber).then(() => ({ isOctoplusEnrolled: false })),
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
