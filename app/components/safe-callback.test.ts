import { describe, expect, it } from "vitest";
import { safeCallback } from "./safe-callback";

describe("safeCallback (sign-in's callbackUrl)", () => {
  it("keeps same-origin paths", () => {
    for (const p of ["/suppliers", "/accounts/A-1?tab=notes", "/audit?kind=api_key&entity=3#x"])
      expect(safeCallback(p)).toBe(p);
  });

  it("never sends a signed-in user to another site, however the path is disguised", () => {
    // A browser strips tab/CR/LF from a Location and reads `\` as `/`: each of these is `//evil.example`.
    for (const p of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\t\\evil.example",
      "\t//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeCallback(p), JSON.stringify(p)).toBe("/suppliers");
    }
  });
});
