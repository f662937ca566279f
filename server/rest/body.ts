import { ServiceError } from "../errors";
import { ImpreciseNumber, parseExactJson } from "./exact-json";

export const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 10 * 1024 * 1024);

const tooLarge = () =>
  new ServiceError("payload_too_large", "payload_too_large", `The request body exceeds ${MAX_BODY_BYTES} bytes.`);

/**
 * Reads the body with a hard size cap and parses it as a JSON object, keeping numbers a
 * double would round as ImpreciseNumber (see unstorableValueErrors); never a 500.
 */
export async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readTextCapped(req);
  if (!text.trim()) throw new ServiceError("validation", "parse_error", "The request body is empty; a JSON object is required.");
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch (err) {
    throw new ServiceError("validation", "parse_error", `Malformed JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof ImpreciseNumber) {
    throw new ServiceError("validation", "invalid", "The request body must be a JSON object.", {
      errors: [{ detail: "Expected a JSON object.", code: "invalid_type", attr: null }],
    });
  }
  return value as Record<string, unknown>;
}

async function readTextCapped(req: Request): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
