import { describe, expect, it } from "vitest";
import { productListHandler as products } from "@/server/rest/routes/public";
const productsDelete = restRouteModule().DELETE;
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { requestIdOf } from "./request-id";
import { restRouteModule } from "@/server/rest/routes/router";

useTestDb();

// Issue 37 item 7: every transport takes a client's x-request-id only when it looks like an id.
describe("x-request-id is validated everywhere as the console's tRPC does", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const bad = ["x".repeat(8 * 1024), "short", "has spaces in it", "<script>alert(1)</script>", "id\u00e9-not-ascii"];

  it("an id-like value is kept; anything else is replaced by a fresh UUID", () => {
    const req = (id: string) => new Request("http://localhost/", { headers: { "x-request-id": id } });
    expect(requestIdOf(req("client-req-12345678"))).toBe("client-req-12345678");
    for (const id of bad) expect(requestIdOf(req(id)), id.slice(0, 20)).toMatch(UUID);
  });

  it("REST and GraphQL answer with the validated id, never the raw header", async () => {
    for (const id of bad) {
      const rest = await call(products, "/v1/products/", { headers: { "x-request-id": id } });
      expect(rest.headers.get("x-request-id"), id.slice(0, 20)).toMatch(UUID);
      const notAllowed = await call(productsDelete, "/v1/products/", {
        method: "DELETE",
        headers: { "x-request-id": id },
      });
      expect([notAllowed.status, notAllowed.headers.get("x-request-id")]).toEqual([405, expect.stringMatching(UUID)]);
    }
    const kept = await call(products, "/v1/products/", { headers: { "x-request-id": "script-run-0001" } });
    expect(kept.headers.get("x-request-id")).toBe("script-run-0001");
    const gql = await call(graphql, "/v1/graphql/", {
      body: { query: "{ __typename }" },
      headers: { "x-request-id": "x".repeat(8 * 1024) },
    });
    expect(gql.headers.get("x-request-id") ?? "").not.toContain("xxxxxxxxxxxxxxxx");
  });
});
