import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publicRoutes as publicRouteDocs } from "@/server/rest/contracts/public";

describe("publicRouteDocs", () => {
  it("documents every public route once, and every schema renders as JSON Schema (input and output)", () => {
    const keys = publicRouteDocs.map((d) => `${d.method} ${d.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        "get /v1/products/",
        "get /v1/products/{product_code}/",
        "get /v1/products/{product_code}/electricity-tariffs/{tariff_code}/standard-unit-rates/",
        "get /v1/products/{product_code}/electricity-tariffs/{tariff_code}/standing-charges/",
        "get /v1/products/{product_code}/electricity-tariffs/{tariff_code}/day-unit-rates/",
        "get /v1/products/{product_code}/electricity-tariffs/{tariff_code}/night-unit-rates/",
        "get /v1/products/{product_code}/gas-tariffs/{tariff_code}/standard-unit-rates/",
        "get /v1/products/{product_code}/gas-tariffs/{tariff_code}/standing-charges/",
        "get /v1/accounts/{account_number}/",
      ]),
    );
    for (const doc of publicRouteDocs) {
      for (const pathParam of doc.path.match(/\{(\w+)\}/g) ?? [])
        expect(doc.params?.shape).toHaveProperty(pathParam.slice(1, -1));
      const schemas = [doc.params, doc.query, ...Object.values(doc.responses).map((r) => r.schema)].filter(
        Boolean,
      ) as z.ZodType[];
      for (const s of schemas) {
        for (const io of ["input", "output"] as const)
          expect(() => z.toJSONSchema(s, { io }), `${doc.path} ${io}`).not.toThrow();
      }
      expect(doc.responses[200]).toBeDefined();
    }
  });
});
