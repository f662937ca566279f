import { z } from "zod";
import { ErrorBody } from "../../errors";
import { MAX_BODY_BYTES } from "../body";

type Response = { description: string; schema?: z.ZodType };

/** The standard error body with its `code` pinned, so every documented error shares one schema. */
export const errorWithCode = (code: string, description: string): Response => ({
  description: `\`${code}\`: ${description}`,
  schema: ErrorBody.extend({ code: z.literal(code) }),
});

export const forbidden = errorWithCode(
  "forbidden",
  "the token acts for a read-only console user (support role). Checked before the body, query or path is read.",
);
export const methodNotAllowed = errorWithCode("method_not_allowed", "the route does not take this HTTP method.");
export const payloadTooLarge = errorWithCode(
  "payload_too_large",
  `the body is over ${MAX_BODY_BYTES} bytes (MAX_BODY_BYTES, default 10 MB). Nothing was read further or written.`,
);
export const unsupportedMediaType = errorWithCode(
  "unsupported_media_type",
  "the body is sent with a Content-Type other than application/json.",
);
export const concurrentImport = errorWithCode(
  "concurrent_import",
  "another request added some of these transactions at the same moment (a backstop; the account lock normally prevents it); send the request again.",
);
export const documentStoreUnavailable = errorWithCode(
  "document_store_unavailable",
  "the supplier's document store could not be reached to check a document path; retry after Retry-After. Nothing was written.",
);

/**
 * Statuses every data-import route shares, by kind of route: 405 on all; 403 on writes
 * (a support user's token); 413 and 415 on routes that read a JSON body.
 */
export function dataImportResponses(kind: { write: boolean; jsonBody: boolean }): Record<number, Response> {
  const out: Record<number, Response> = { 405: methodNotAllowed };
  if (kind.write) out[403] = forbidden;
  if (kind.jsonBody) Object.assign(out, { 413: payloadTooLarge, 415: unsupportedMediaType });
  return out;
}
