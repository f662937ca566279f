import { describe, expect, it } from "vitest";
import { routeMatcher } from "@/scripts/route-templates.mjs";

const templateOf = routeMatcher([
  "/",
  "/accounts/[account_number]",
  "/v1/accounts/[account_number]",
  "/v1/products",
  "/v1/products/[product]",
  "/v1/products/[product]/electricity-tariffs/[tariff]/standard-unit-rates",
  "/v1/data-import/notes/create",
  "/v1/events/openapi.json",
  "/api/auth/[...nextauth]",
  "/docs/[[...page]]",
  "/v1/products/featured",
]);

describe("route templates for metrics", () => {
  it("names a request by its route's template, never its path", () => {
    expect(templateOf("/v1/accounts/A-1B2C3D4E/")).toBe("/v1/accounts/[account_number]");
    expect(templateOf("/v1/accounts/A-1B2C3D4E?x=1")).toBe("/v1/accounts/[account_number]");
    expect(
      templateOf("/v1/products/VAR-22-11-01/electricity-tariffs/E-1R-VAR-22-11-01-C/standard-unit-rates/?page=2"),
    ).toBe("/v1/products/[product]/electricity-tariffs/[tariff]/standard-unit-rates");
    expect(templateOf("/v1/data-import/notes/create/")).toBe("/v1/data-import/notes/create");
    expect(templateOf("/")).toBe("/");
    expect(templateOf("/accounts/A-1")).toBe("/accounts/[account_number]");
  });

  it("prefers a static segment to a dynamic one, and handles catch-alls", () => {
    expect(templateOf("/v1/products/featured")).toBe("/v1/products/featured");
    expect(templateOf("/v1/products/other")).toBe("/v1/products/[product]");
    expect(templateOf("/api/auth/callback/credentials")).toBe("/api/auth/[...nextauth]");
    expect(templateOf("/api/auth")).toBe("unmatched");
    expect(templateOf("/docs")).toBe("/docs/[[...page]]");
    expect(templateOf("/docs/a/b")).toBe("/docs/[[...page]]");
  });

  it("puts everything else under a fixed name", () => {
    expect(templateOf("/v1/accounts/A-1/nope/deeper")).toBe("unmatched");
    expect(templateOf("/wp-login.php")).toBe("unmatched");
    expect(templateOf("/_next/static/chunks/abc123.js")).toBe("/_next/static");
  });
});
