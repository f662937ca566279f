import { beforeAll, describe, expect, it } from "vitest";
import { gasDayUnitRatesHandler as gasDay } from "@/server/rest/routes/public";
import { gasNightUnitRatesHandler as gasNight } from "@/server/rest/routes/public";
import { gasStandardUnitRatesHandler as gasUnit } from "@/server/rest/routes/public";
import { systemCtx } from "@/server/context";
import { loadProducts } from "@/server/services/products/load-products";
import { regionCTariffs } from "@/test/factories";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { etagMatches, respondCacheable } from "./cacheable";

const t = useTestDb();
const P = uniq("GAS");
const G1 = `G-1R-${P}-C`;
const rates = (handler: typeof gasUnit, tariff = G1, headers: Record<string, string> = {}) =>
  call(handler, `/v1/products/${P}/gas-tariffs/${tariff}/x/`, { params: { product: P, tariff }, headers });

beforeAll(async () => {
  const base = {
    brand: "TEST_CACHEABLE",
    full_name: "Gas test",
    display_name: "Gas",
    available_from: "2025-01-01T00:00:00Z",
  };
  await loadProducts(systemCtx(t.db), { products: [{ ...base, code: P, tariffs: regionCTariffs(P, { gas: true }) }] });
});

describe("ETags of cacheable responses", () => {
  it("are weak: the server may gzip the body after the tag is set", async () => {
    const res = respondCacheable(new Request("http://localhost/v1/products/"), Buffer.from("{}"), '"abc"');
    expect(res.headers.get("etag")).toBe('W/"abc"');
    const route = await rates(gasUnit);
    expect(route.status).toBe(200);
    expect(route.headers.get("etag")).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });

  it("match If-None-Match weakly: the tag as sent back, its strong form, in a list, or *", async () => {
    const etag = (await rates(gasUnit)).headers.get("etag")!;
    const strong = etag.slice(2);
    for (const inm of [etag, strong, `"other", ${etag}`, `"other",${strong}`, "*"]) {
      const res = await rates(gasUnit, G1, { "if-none-match": inm });
      expect(res.status, inm).toBe(304);
      expect(res.json).toBeNull();
      expect(res.headers.get("etag")).toBe(etag);
    }
    expect((await rates(gasUnit, G1, { "if-none-match": 'W/"stale"' })).status).toBe(200);
    expect(etagMatches(null, etag)).toBe(false);
  });
});

describe("day and night unit rates of a gas tariff", () => {
  it("are rate_type_not_applicable (a gas tariff has one register), as documented", async () => {
    for (const handler of [gasDay, gasNight]) {
      const res = await rates(handler);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: "rate_type_not_applicable", errors: [] });
      expect(res.json.detail).toContain("standard-unit-rates");
    }
  });

  it("are tariff_not_found for an unknown gas tariff", async () => {
    const res = await rates(gasDay, `G-1R-${P}-D`);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("tariff_not_found");
  });
});
