// Pure (no server imports): the console's describeError uses it too.

type Attributed = { attr: string | null };

/** "1 field needs attention." / "3 fields need attention.": one count per field, however many messages it has. */
export function fieldErrorSummary(errors: readonly Attributed[]): string {
  const fields = new Set(errors.map((e) => e.attr ?? "")).size;
  return fields === 1 ? "1 field needs attention." : `${fields} fields need attention.`;
}

/** tRPC's default message for bad input is the zod issues as JSON: never words for people. */
export function looksLikeJson(message: string): boolean {
  return /^\s*[[{]/.test(message);
}
