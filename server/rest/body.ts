import { ServiceError, fieldError } from "../errors";
import { ImpreciseNumber, parseExactJson } from "../lib/exact-json";
import { env } from "@/server/env.mjs";
import { readBytesCapped } from "../lib/read-body";

export const MAX_BODY_BYTES = env.MAX_BODY_BYTES;

const tooLarge = () =>
  new ServiceError("payload_too_large", "payload_too_large", `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
const throwTooLarge = (): never => {
  throw tooLarge();
};

// application/json or a structured +json type (application/merge-patch+json); parameters such as charset are allowed.
const JSON_MEDIA_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;|$)/i;

// fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads the body with a hard size cap and parses it as a JSON object, keeping numbers a
 * double would round as ImpreciseNumber (see unstorableValueErrors); never a 500. A body
 * declared as something other than JSON is a 415; one with no Content-Type is read as JSON.
 */
export async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type")?.trim();
  if (type && !JSON_MEDIA_TYPE.test(type)) throw unsupportedMediaType(type);
  const text = decodeUtf8((await readBytesCapped(req, MAX_BODY_BYTES)) ?? throwTooLarge());
  if (!text.trim())
    throw new ServiceError("validation", "parse_error", "The request body is empty; a JSON object is required.");
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    throw new ServiceError("validation", "parse_error", `Malformed JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof ImpreciseNumber) {
    throw new ServiceError("validation", "invalid", "The request body must be a JSON object.", {
      errors: [{ detail: "Expected a JSON object.", code: "invalid_type", attr: null }],
    });
  }
  return value as Record<string, unknown>;
}

function unsupportedMediaType(type: string) {
  const detail = `The request body must be JSON (Content-Type: application/json), not '${type.slice(0, 100)}'.`;
  return new ServiceError("validation", "unsupported_media_type", detail, {
    status: 415,
    errors: [fieldError(null, "unsupported_media_type", detail)],
  });
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const detail = "The request body is not valid UTF-8.";
    throw new ServiceError("validation", "invalid_encoding", detail, {
      errors: [fieldError(null, "invalid_encoding", detail)],
    });
  }
}
