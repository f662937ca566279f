import { TRPCClientError } from "@trpc/client";
import { fieldErrorSummary, looksLikeJson } from "@/server/api/error-summary";

export type FieldError = { attr: string | null; code: string; detail: string };

type Data = {
  code?: string;
  httpStatus?: number;
  serviceCode?: string | null;
  fieldErrors?: FieldError[];
  requestId?: string | null;
};

const TITLE: Record<string, string> = {
  FORBIDDEN: "Not allowed",
  NOT_FOUND: "Not found",
  BAD_REQUEST: "Check your input",
  CONFLICT: "Already exists",
  UNAUTHORIZED: "Signed out",
  TOO_MANY_REQUESTS: "Too busy",
};

const NEXT: Record<string, string> = {
  FORBIDDEN: "Ask an operator to make this change.",
  NOT_FOUND: "Check the code or number, or go back to the list.",
  UNAUTHORIZED: "Sign in again.",
  CONFLICT: "Choose another value.",
  BAD_REQUEST: "Check the values and try again.",
  TOO_MANY_REQUESTS: "Wait a moment and try again.",
  INTERNAL_SERVER_ERROR: "Try again; if it keeps happening, send the request id to the platform team.",
};

/**
 * What to do next where the generic advice does not fit (a dialog has no list to go back to; a
 * form has highlighted fields), keyed by service code (e.g. `api_key_not_found`) or tRPC code.
 */
export type ErrorHints = Record<string, string | { title: string; next: string }>;

export type DescribedError = {
  title: string;
  detail: string;
  next: string;
  code: string;
  serviceCode: string | null;
  fieldErrors: FieldError[];
  requestId: string | null;
};

/** The id the console sent with the request (trpc/react.tsx), for failures the server never answered with one. */
function sentRequestId(err: unknown): string | null {
  const cause = err instanceof Error ? (err.cause as { requestId?: unknown } | undefined) : undefined;
  return typeof cause?.requestId === "string" ? cause.requestId : null;
}

/** A tRPC failure as words for people: title, the server's detail, and what to do next. Never raw JSON. */
export function describeError(err: unknown, hints: ErrorHints = {}): DescribedError {
  const data: Data = err instanceof TRPCClientError ? ((err.data as Data) ?? {}) : {};
  const code = data.code ?? "INTERNAL_SERVER_ERROR";
  const serviceCode = data.serviceCode ?? null;
  const fieldErrors = data.fieldErrors ?? [];
  const message = err instanceof Error ? err.message.trim() : "";
  const detail =
    !message || looksLikeJson(message)
      ? fieldErrors.length
        ? fieldErrorSummary(fieldErrors)
        : "The request was not accepted."
      : message;
  const hint = (serviceCode ? hints[serviceCode] : undefined) ?? hints[code];
  const title = (typeof hint === "object" ? hint.title : undefined) ?? TITLE[code] ?? "Something went wrong";
  const next = (typeof hint === "object" ? hint.next : hint) ?? NEXT[code] ?? "";
  return { title, detail, next, code, serviceCode, fieldErrors, requestId: data.requestId ?? sentRequestId(err) };
}

/** The advice of every form with per-field messages. */
export const FORM_HINTS: ErrorHints = { BAD_REQUEST: "Correct the highlighted fields and try again." };

/** The first message for one form field (the server sends the most basic problem first). */
export function fieldErrorFor(err: unknown, attr: string): string | undefined {
  return describeError(err).fieldErrors.find((f) => f.attr === attr)?.detail;
}

/** Field errors a form has no input for, so they can be listed with the summary instead of being lost. */
export function otherFieldErrors(err: unknown, shown: readonly string[]): FieldError[] {
  return describeError(err).fieldErrors.filter((f) => !f.attr || !shown.includes(f.attr));
}
