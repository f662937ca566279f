import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { electricityStandardUnitRatesHandler as elecUnit } from "@/server/rest/routes/public";
import { productListHandler as productList } from "@/server/rest/routes/public";
import { execRows } from "@/db/client";
import { productCatalogueState } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { catalogueVersion } from "./catalogue-cache";
import { loadProducts } from "./load-products";
import { testRate } from "@/test/factories";
import { setEnv } from "@/server/env.mjs";

const t = useTestDb();

describe("catalogue version reads", () => {
  it("reuse a version for at most CATALOGUE_VERSION_TTL_MS, then see the new one", async () => {
    // The clock stands still until moved: "inside the window" holds however slow the machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await t.db.insert(productCatalogueState).values({ id: 1, version: 100 }).onConflictDoNothing();
      // A read with no window (the suite's setting) starts the window now, whatever an earlier test read.
      const before = await catalogueVersion(t.db);
      setEnv({ CATALOGUE_VERSION_TTL_MS: "300" });
      await execRows(t.db, sql`update product_catalogue_state set version = version + 1 where id = 1`);
      vi.setSystemTime(Date.now() + 299);
      expect(await catalogueVersion(t.db)).toBe(before); // inside the window: no round trip
      vi.setSystemTime(Date.now() + 51);
      expect(Number(await catalogueVersion(t.db))).toBe(Number(before) + 1);
    } finally {
      vi.useRealTimers();
      setEnv({ CATALOGUE_VERSION_TTL_MS: "0" });
    }
  });

  it("share one query per event-loop turn, and never reuse one sent before the caller asked", async () => {
    await t.db.insert(productCatalogueState).values({ id: 1, version: 100 }).onConflictDoNothing();
    const a = catalogueVersion(t.db);
    const b = catalogueVersion(t.db);
    expect(a).toBe(b);
    // let a's query go out, then commit a new version while it may still be in flight
    await new Promise((r) => setImmediate(r));
    const [bumped] = await execRows<{ version: string }>(
      t.db,
      sql`update product_catalogue_state set version = version + 1 where id = 1 returning version::text`,
    );
    const c = catalogueVersion(t.db);
    expect(c).not.toBe(a);
    expect(Number(await c)).toBeGreaterThanOrEqual(Number(bumped.version));
    expect(Number(await a)).toBeLessThanOrEqual(Number(await c));
  });
});

describe("cached public responses follow the catalogue", () => {
  const product = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    brand: "TEST_CACHE",
    full_name: "Cache",
    display_name: "Cache",
    available_from: "2025-01-01T00:00:00Z",
    tariffs: [{ code: `E-1R-${code}-C`, standard_unit_rates: [testRate("10", "10.5", "2026-01-01T00:00:00Z")] }],
    ...extra,
  });

  it("a load is visible to the very next request, for unit rates and lists", async () => {
    const code = uniq("CA");
    await loadProducts(systemCtx(t.db), { products: [product(code)] });
    const rates = () =>
      call(elecUnit, `/v1/products/${code}/electricity-tariffs/E-1R-${code}-C/standard-unit-rates/`, {
        params: { product: code, tariff: `E-1R-${code}-C` },
      });
    expect((await rates()).json.results[0].value_exc_vat).toBe(10);
    expect((await rates()).json.results[0].value_exc_vat).toBe(10);
    const changed = product(code);
    changed.tariffs[0].standard_unit_rates = [testRate("11", "11.55", "2026-01-01T00:00:00Z")];
    await loadProducts(systemCtx(t.db), { products: [changed] });
    expect((await rates()).json.results[0].value_exc_vat).toBe(11);
  });

  it("a cached 'available now' list expires when a product becomes available", async () => {
    const brand = uniq("BR");
    // The clock moves only when the test moves it: the product is not available early on a slow machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const soon = new Date(Date.now() + 1500).toISOString();
      await loadProducts(systemCtx(t.db), {
        products: [product(uniq("NOW"), { brand }), product(uniq("SOON"), { brand, available_from: soon })],
      });
      const list = () => call(productList, `/v1/products/?brand=${brand}`);
      expect((await list()).json.count).toBe(1);
      vi.setSystemTime(Date.now() + 1400);
      expect((await list()).json.count).toBe(1);
      vi.setSystemTime(Date.now() + 300);
      expect((await list()).json.count).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keys on the forwarded origin: links are never served for another host", async () => {
    const brand = uniq("BR");
    await loadProducts(systemCtx(t.db), { products: [product(uniq("HOST"), { brand })] });
    const a = await call(productList, `/v1/products/?brand=${brand}`, { headers: { "x-forwarded-host": "a.example" } });
    const b = await call(productList, `/v1/products/?brand=${brand}`, { headers: { "x-forwarded-host": "b.example" } });
    expect(a.json.results[0].links[0].href).toContain("//a.example/");
    expect(b.json.results[0].links[0].href).toContain("//b.example/");
  });
});
