import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Db } from "@/db/client";
import type { Ctx } from "../context";
import { ERROR_KINDS, type FieldError, ServiceError, zodFieldErrors } from "../errors";
import { logger } from "../logger";
import { unstorableValueErrors } from "../lib/exact-json";
import { fieldErrorSummary } from "./error-summary";
import type { SessionUser } from "../auth/console-credentials";

export type { SessionUser };

export type TrpcContext = { db: Db; user: SessionUser | null; requestId: string };

type ErrorData = { serviceCode: string | null; fieldErrors: FieldError[]; requestId: string | null };

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const data: ErrorData = { serviceCode: null, fieldErrors: [], requestId: ctx?.requestId ?? null };
    let message = shape.message;
    const cause = error.cause;
    if (cause instanceof ServiceError) {
      data.serviceCode = cause.code;
      data.fieldErrors = cause.errors;
    } else if (cause instanceof ZodError) {
      // tRPC's own message for bad input is the zod issues as JSON; the issues go out as fieldErrors instead.
      data.serviceCode = "invalid";
      data.fieldErrors = zodFieldErrors(cause);
      message = fieldErrorSummary(data.fieldErrors);
    }
    // No stack traces to the browser, in any environment.
    const { stack: _stack, ...rest } = shape.data;
    return { ...shape, message, data: { ...rest, ...data } };
  },
});

/** ServiceError -> TRPCError through the same ERROR_KINDS table REST uses; anything else is a 500 that leaks nothing. */
export function toTrpcError(err: unknown, requestId: string): TRPCError {
  if (err instanceof TRPCError) return err;
  if (err instanceof ServiceError)
    return new TRPCError({ code: ERROR_KINDS[err.kind].trpc, message: err.message, cause: err });
  if (err instanceof ZodError)
    return new TRPCError({ code: "BAD_REQUEST", message: "The input failed validation.", cause: err });
  logger.error("unhandled error", { requestId, err });
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: `Internal server error (request ${requestId}).` });
}

const errorMapping = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  // Deliberate TRPCErrors (auth, role, input validation) pass through; a thrown error arrives as INTERNAL_SERVER_ERROR.
  if (result.ok || result.error.code !== "INTERNAL_SERVER_ERROR") return result;
  return { ...result, error: toTrpcError(result.error.cause ?? result.error, ctx.requestId) };
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Text no column can hold (NUL, a lone surrogate) anywhere in the input: 400 with the field, as a REST body gets. */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  const errors = unstorableValueErrors(await getRawInput());
  if (errors.length) {
    const cause = new ServiceError("validation", errors[0].code, fieldErrorSummary(errors), { errors });
    throw new TRPCError({ code: "BAD_REQUEST", message: cause.message, cause });
  }
  return next();
});

export const publicProcedure = t.procedure.use(errorMapping).use(storableInput);

/** Any signed-in console user; exposes the service context with a user actor. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Your session has ended. Sign in again." });
  const svc: Ctx = {
    db: ctx.db,
    requestId: ctx.requestId,
    actor: {
      kind: "user",
      organisationId: ctx.user.organisationId,
      userId: ctx.user.id,
      role: ctx.user.role,
      email: ctx.user.email,
    },
  };
  return next({ ctx: { ...ctx, user: ctx.user, svc } });
});

/** Changes are for operators only: support users read. Checked here, and again in each write verb. */
export const operatorProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "operator")
    throw new TRPCError({ code: "FORBIDDEN", message: "Only operators may make this change." });
  return next();
});
