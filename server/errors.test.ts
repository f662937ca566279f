import { describe, expect, it } from "vitest";
import { z } from "zod";
import { safeParseReporting, zodFieldErrors } from "./errors";

const Schema = z.strictObject({
  name: z.string(),
  count: z.number(),
  tags: z.array(z.string()),
  note: z.string().min(1, "Enter a note.").optional(),
});

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

  it("tells a missing enum or discriminator (production's oneOf by type) from a wrong one", () => {
    const Kind = z.discriminatedUnion("type", [
      z.strictObject({ type: z.literal("A"), level: z.enum(["LOW", "HIGH"]) }),
      z.strictObject({ type: z.literal("B") }),
    ]);
    const codes = (input: unknown) => {
      const parsed = safeParseReporting(z.strictObject({ items: z.array(Kind) }), { items: [input] });
      if (parsed.success) throw new Error("expected a failure");
      return zodFieldErrors(parsed.error).map((e) => [e.code, e.attr, e.detail]);
    };
    expect(codes({})).toEqual([["required", "items.0.type", "This field is required."]]);
    expect(codes({ type: null })).toEqual([["null", "items.0.type", "This field may not be null."]]);
    expect(codes({ type: "C" })[0].slice(0, 2)).toEqual(["invalid_choice", "items.0.type"]);
    expect(codes({ type: "A" })).toEqual([["required", "items.0.level", "This field is required."]]);
    expect(codes({ type: "A", level: "MID" })[0].slice(0, 2)).toEqual(["invalid_choice", "items.0.level"]);
    // Without reportInput (tRPC's own parse) a wrong value is never mistaken for a missing one.
    const fast = z.strictObject({ level: z.enum(["LOW", "HIGH"]) }).safeParse({ level: "MID" });
    expect(zodFieldErrors(fast.error!).map((e) => e.code)).toEqual(["invalid_choice"]);
  });
});
