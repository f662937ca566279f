import type { z } from "zod";
import { ServiceError, safeParseReporting, validationError } from "../errors";

/**
 * The query string against a route's schema: 400 invalid_query naming the parameter, and
 * a parameter the route reads given twice is refused (`repeated_parameter`) rather than
 * silently taking one of the values. Parameters the schema ignores (public routes drop
 * unknown ones) may repeat harmlessly.
 */
export function parseQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.infer<S> {
  const obj: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [k, v] of params) {
    if (Object.hasOwn(obj, k)) repeated.add(k);
    obj[k] = v;
  }
  const parsed = safeParseReporting(schema, obj);
  if (!parsed.success) throw validationError(parsed.error, "invalid_query", "A query parameter is invalid.");
  const data: unknown = parsed.data;
  const read = typeof data === "object" && data !== null ? [...repeated].filter((k) => Object.hasOwn(data, k)) : [];
  if (read.length) {
    const errors = read.map((k) => ({
      attr: k,
      code: "repeated_parameter",
      detail: `'${k}' is given more than once; give it once.`,
    }));
    throw new ServiceError("validation", "invalid_query", `The query parameter '${read[0]}' is given more than once.`, {
      errors,
    });
  }
  return parsed.data;
}
