import { describe, expect, it } from "vitest";
import { z } from "zod";
import { safeParseReporting, zodFieldErrors } from "./errors";

const Schema = z.strictObject({ name: z.string(), count: z.number(), tags: z.array(z.string()), note: z.string().min(1, "Enter a note.").optional() });

function errorsFor(input: unknown) {
  const parsed = safeParseReporting(Schema, input);
  if (parsed.success) throw new Error("expected a failure");
  return zodFieldErrors(parsed.error, ["items", 0]);
}

describe("zodFieldErrors", () => {
  it("says a missing field is required and a null one may not be null, in words", () => {
    expect(errorsFor({ count: null, tags: [] })).toEqual([
      { attr: "items.0.name", code: "required", detail: "This field is required." },
      { attr: "items.0.count", code: "null", detail: "This field may not be null." },
    ]);
  });

  it("names the expected and the received type", () => {
    expect(errorsFor({ name: 5, count: "5", tags: {} })).toEqual([
      { attr: "items.0.name", code: "invalid_type", detail: "Expected a string, got a number." },
      { attr: "items.0.count", code: "invalid_type", detail: "Expected a number, got a string." },
      { attr: "items.0.tags", code: "invalid_type", detail: "Expected a list, got an object." },
    ]);
  });

  it("keeps a schema's own message and reports unknown fields", () => {
    expect(errorsFor({ name: "a", count: 1, tags: [], note: "", extra: 1 })).toEqual([
      { attr: "items.0.note", code: "blank", detail: "Enter a note." },
      { attr: "items.0.extra", code: "unknown_field", detail: "Unknown field 'extra'." },
    ]);
  });
});
