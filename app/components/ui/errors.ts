import { TRPCClientError } from "@trpc/client";

export type FieldError = { attr: string | null; code: string; detail: string };

type Data = { code?: string; httpStatus?: number; serviceCode?: string | null; fieldErrors?: FieldError[]; requestId?: string | null };

const NEXT: Record<string, string> = {
  FORBIDDEN: "Ask an operator to make this change.",
  NOT_FOUND: "Check the code or number, or go back to the list.",
  UNAUTHORIZED: "Sign in again.",
  CONFLICT: "Choose another value.",
  BAD_REQUEST: "Correct the highlighted fields and try again.",
  TOO_MANY_REQUESTS: "Wait a moment and try again.",
  INTERNAL_SERVER_ERROR: "Try again; if it keeps happening, send the request id to the platform team.",
};

/** A tRPC failure as words for people: title, the server's detail, and what to do next. */
export function describeError(err: unknown) {
  const data: Data = err instanceof TRPCClientError ? ((err.data as Data) ?? {}) : {};
  const code = data.code ?? "INTERNAL_SERVER_ERROR";
  const title = code === "FORBIDDEN" ? "Not allowed" : code === "NOT_FOUND" ? "Not found" : code === "BAD_REQUEST" ? "Check your input" : code === "CONFLICT" ? "Already exists" : "Something went wrong";
  const detail = err instanceof Error ? err.message : "The request failed.";
  return {
    title,
    detail,
    next: NEXT[code] ?? "",
    code,
    serviceCode: data.serviceCode ?? null,
    fieldErrors: data.fieldErrors ?? [],
    requestId: data.requestId ?? null,
  };
}

export function fieldErrorFor(err: unknown, attr: string): string | undefined {
  return describeError(err).fieldErrors.find((f) => f.attr === attr)?.detail;
}
