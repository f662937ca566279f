import { createGraphQLError } from "graphql-yoga";
import { AUTH_ERRORS, type AuthErrorKind } from "../auth/obtain-token";

/** The platform's error envelope: message, path, extensions {errorType, errorCode, errorDescription}. */
export function krakenError(kind: AuthErrorKind, message: string, description: string) {
  const { code, type } = AUTH_ERRORS[kind];
  return createGraphQLError(message, {
    extensions: { errorType: type, errorCode: code, errorDescription: description },
  });
}

/** Syntax and validation errors in the same envelope (production's codes for these are not published). */
export const VALIDATION_CODES = {
  syntax: "GRAPHQL_PARSE_FAILED",
  invalid: "GRAPHQL_VALIDATION_FAILED",
} as const;

export const accountForbidden = (what: string) =>
  krakenError("unauthorized", "Unauthorized.", `${what} is not one you may read with this token.`);
