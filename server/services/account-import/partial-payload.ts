import type { z } from "zod";
import { type FieldError, safeParseReporting } from "../../errors";

/** Whether two dotted paths are the same field or one holds the other. */
const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/**
 * The payload with every value that failed its own field check left out, parsed again (issue 39
 * item 4): the cross-field rules and the catalogue checks can then run over the rest, so a dry
 * run reports a row's missing family name beside its bad phone number instead of on the next
 * run. Only a value whose field may be absent can be left out: when a failing value is required,
 * or is an item of a list (leaving it out would renumber the rest), there is no such payload and
 * the rules wait for the fix. `removed` are the attrs left out.
 */
export function withoutFailedFields<S extends z.ZodType>(
  schema: S,
  payload: Record<string, unknown>,
  errors: FieldError[],
): { data: z.output<S>; removed: string[] } | null {
  if (!errors.length || errors.some((e) => !e.attr)) return null;
  const removed = [...new Set(errors.map((e) => e.attr!))];
  const copy = structuredClone(payload);
  for (const attr of removed) {
    const path = attr.split(".");
    let at: unknown = copy;
    for (const key of path.slice(0, -1)) {
      at = at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
    }
    const last = path.at(-1)!;
    if (at === null || typeof at !== "object" || Array.isArray(at) || !(last in at)) return null;
    delete (at as Record<string, unknown>)[last];
  }
  const again = safeParseReporting(schema, copy);
  return again.success ? { data: again.data, removed } : null;
}

/** The later checks' findings that do not concern a value left out (those would only repeat it, or follow from its absence). */
export function unrelatedTo(removed: string[], errors: FieldError[]): FieldError[] {
  return errors.filter((e) => !e.attr || !removed.some((r) => related(e.attr!, r)));
}
