import { beforeAll, describe, expect, it } from "vitest";
import { GET as productDetail } from "@/app/v1/products/[product]/route";
import { GET as productList } from "@/app/v1/products/route";
import { systemCtx } from "@/server/context";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { loadProducts } from "./load-products";
import { testCatalogue } from "./test-catalogue";

const t = useTestDb();
const cat = testCatalogue();
const codesOf = (res: { json: { results: { code: string }[] } }) => res.json.results.map((r) => r.code);
const list = (query: string, headers: Record<string, string> = {}) => call(productList, `/v1/products/?${query}`, { headers });

beforeAll(async () => {
  await loadProducts(systemCtx(t.db), cat.file);
});

describe("GET /v1/products/ filters", () => {
  const { codes, brand } = cat;
  const available = [codes.plain, codes.green, codes.prepay, codes.variable, codes.business, codes.tracker].sort();

  it("lists only products available now, ordered by code, under the brand filter", async () => {
    const res = await list(`brand=${brand}`);
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(available.length);
    expect(codesOf(res)).toEqual(available);
    expect(res.json).toMatchObject({ next: null, previous: null });
  });

  it.each([
    ["is_green=true", [codes.green]],
    ["is_green=false", available.filter((c) => c !== codes.green)],
    ["is_prepay=true", [codes.prepay]],
    ["is_prepay=False", available.filter((c) => c !== codes.prepay)],
    ["is_variable=true", [codes.tracker, codes.variable].sort()],
    ["is_variable=0", available.filter((c) => c !== codes.variable && c !== codes.tracker)],
    ["is_business=true", [codes.business]],
    ["is_tracker=True", [codes.tracker]],
    ["is_tracker=1&is_variable=true", [codes.tracker]],
    ["is_green=true&is_prepay=true", []],
  ])("%s", async (q, expected) => {
    const res = await list(`brand=${brand}&${q}`);
    expect(res.status).toBe(200);
    expect(codesOf(res)).toEqual(expected);
    expect(res.json.count).toBe(expected.length);
  });

  it("available_at shows what was on sale then, read as Europe/London when it has no offset", async () => {
    expect(codesOf(await list(`brand=${brand}&available_at=2020-06-01`))).toEqual([codes.withdrawn]);
    expect(codesOf(await list(`brand=${brand}&available_at=2099-06-01T12:00:00Z`))).toContain(codes.future);
    expect(codesOf(await list(`brand=${brand}&available_at=2099-06-01T12:00:00Z`))).not.toContain(codes.withdrawn);
    // available_to 2021-01-01T00:00Z is exclusive; 2020-12-31T23:59 London (GMT) is still inside
    expect(codesOf(await list(`brand=${brand}&available_at=2020-12-31T23:59:00`))).toEqual([codes.withdrawn]);
    expect(codesOf(await list(`brand=${brand}&available_at=2021-01-01T00:00:00`))).toEqual([]);
    // 2025-01-01T00:30+01:00 is 2024-12-31T23:30Z: before available_from
    expect(codesOf(await list(`brand=${brand}&available_at=2025-01-01T00:30:00%2B01:00`))).toEqual([]);
    expect(codesOf(await list(`brand=${brand}&available_at=2025-01-01T00:30:00+01:00`))).toEqual([]);
  });

  it("an unknown brand lists nothing", async () => {
    const res = await list(`brand=${uniq("NOPE")}`);
    expect(res.json).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe("GET /v1/products/ paging", () => {
  it("follows next until null: count equals rows seen, no duplicates, no gaps, previous links back", async () => {
    const big = testCatalogue();
    const many = Array.from({ length: 23 }, (_, i) => ({
      ...big.file.products[0],
      code: `${big.codes.plain}-${String(i).padStart(2, "0")}`,
      tariffs: [],
    }));
    await loadProducts(systemCtx(t.db), { products: many });
    const headers = { host: "internal:3000", "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" };
    let url: string | null = `/v1/products/?brand=${big.brand}&page_size=5`;
    const seen: string[] = [];
    const previous: (string | null)[] = [];
    let count = -1;
    while (url) {
      const res = await call(productList, url, { headers });
      expect(res.status).toBe(200);
      count = res.json.count;
      seen.push(...codesOf(res));
      previous.push(res.json.previous);
      if (res.json.next) expect(res.json.next).toMatch(/^https:\/\/api\.example\.com\/v1\/products\/\?/);
      url = res.json.next;
    }
    expect(count).toBe(23);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen).toEqual([...seen].sort());
    expect(seen).toEqual(many.map((p) => p.code));
    expect(previous[0]).toBeNull();
    expect(previous[1]).toBe(`https://api.example.com/v1/products/?brand=${big.brand}&page_size=5`);
    expect(previous[2]).toBe(`https://api.example.com/v1/products/?brand=${big.brand}&page_size=5&page=2`);
  });

  it("builds absolute links from Host when there is no proxy, and self links per product", async () => {
    const res = await call(productList, `/v1/products/?brand=${cat.brand}&page_size=2`, { headers: { host: "localhost:3200" } });
    expect(res.json.next).toBe(`http://localhost:3200/v1/products/?brand=${cat.brand}&page_size=2&page=2`);
    expect(res.json.results[0].links).toEqual([{ href: `http://localhost:3200/v1/products/${res.json.results[0].code}/`, method: "GET", rel: "self" }]);
  });

  it("a page past the end is a 404; page 1 of nothing is an empty 200", async () => {
    const res = await list(`brand=${cat.brand}&page=9`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "invalid_page", errors: [{ attr: "page", code: "invalid_page" }] });
  });
});

describe("bad query parameters", () => {
  it.each([
    ["page_size=0", "page_size"],
    ["page_size=1501", "page_size"],
    ["page_size=abc", "page_size"],
    ["page_size=10.5", "page_size"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["is_green=yes", "is_green"],
    ["is_prepay=", "is_prepay"],
    ["available_at=tomorrow", "available_at"],
    ["available_at=2026-02-30T00:00:00Z", "available_at"],
    ["brand=bad%20brand", "brand"],
  ])("%s is a 400 naming %s", async (q, attr) => {
    const res = await list(q);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_query", detail: expect.any(String) });
    expect(res.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ attr, code: expect.any(String), detail: expect.any(String) })]));
  });

  it("page_size 1500 is accepted", async () => {
    expect((await list(`brand=${cat.brand}&page_size=1500`)).status).toBe(200);
  });
});

describe("caching", () => {
  it("sends ETag and Cache-Control and answers a matching If-None-Match with an empty 304", async () => {
    const first = await list(`brand=${cat.brand}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await list(`brand=${cat.brand}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.json).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);
    expect((await list(`brand=${cat.brand}`, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await list(`brand=${cat.brand}`, { "if-none-match": '"stale"' })).status).toBe(200);
    // a different page is a different representation
    expect((await list(`brand=${cat.brand}&is_green=true`, { "if-none-match": etag })).status).toBe(200);
  });

  it("the ETag changes when the catalogue changes", async () => {
    const own = testCatalogue();
    await loadProducts(systemCtx(t.db), own.file);
    const before = (await list(`brand=${own.brand}`)).headers.get("etag")!;
    await loadProducts(systemCtx(t.db), { products: [{ ...own.file.products[0], display_name: "Renamed" }] });
    const after = await list(`brand=${own.brand}`, { "if-none-match": before });
    expect(after.status).toBe(200);
    expect(after.json.results.find((p: { code: string }) => p.code === own.codes.plain).display_name).toBe("Renamed");
  });
});

describe("GET /v1/products/<code>/", () => {
  const detail = (code: string, query = "", headers: Record<string, string> = {}) =>
    call(productDetail, `/v1/products/${code}/${query}`, { params: { product: code }, headers });

  it("returns the product with tariffs keyed by region and payment method, priced at tariffs_active_at", async () => {
    const code = cat.codes.plain;
    const res = await detail(code, "?tariffs_active_at=2026-03-31T23:30:00", { host: "api.test" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code, brand: cat.brand, term: 12, tariffs_active_at: "2026-03-31T22:30:00Z" });
    const single = res.json.single_register_electricity_tariffs._C.direct_debit_monthly;
    expect(single).toMatchObject({ code: `E-1R-${code}-C`, standing_charge_exc_vat: 50, standing_charge_inc_vat: 52.5, standard_unit_rate_exc_vat: 20, standard_unit_rate_inc_vat: 21 });
    expect(single.links).toEqual([
      { href: `http://api.test/v1/products/${code}/electricity-tariffs/E-1R-${code}-C/standing-charges/`, method: "GET", rel: "standing_charges" },
      { href: `http://api.test/v1/products/${code}/electricity-tariffs/E-1R-${code}-C/standard-unit-rates/`, method: "GET", rel: "standard_unit_rates" },
    ]);
    expect(res.json.dual_register_electricity_tariffs._C.direct_debit_monthly).toMatchObject({ code: `E-2R-${code}-C`, day_unit_rate_exc_vat: 30, night_unit_rate_inc_vat: 12.6 });
    expect(res.json.dual_register_electricity_tariffs._C.direct_debit_monthly.links.map((l: { rel: string }) => l.rel)).toEqual(["standing_charges", "day_unit_rates", "night_unit_rates"]);
    expect(res.json.single_register_gas_tariffs._C.direct_debit_monthly.links[1].href).toContain(`/gas-tariffs/G-1R-${code}-C/standard-unit-rates/`);
    expect(res.json.dual_register_gas_tariffs).toEqual({});
    // midnight 1 April London (BST) is 23:00Z on 31 March: the new price applies from then
    const april = await detail(code, "?tariffs_active_at=2026-04-01T00:00:00");
    expect(april.json.single_register_electricity_tariffs._C.direct_debit_monthly.standard_unit_rate_exc_vat).toBe(24.5);
    expect(april.json.tariffs_active_at).toBe("2026-03-31T23:00:00Z");
  });

  it("leaves out tariffs with no price in force at tariffs_active_at", async () => {
    const res = await detail(cat.codes.plain, "?tariffs_active_at=2025-06-01T00:00:00Z");
    expect(res.status).toBe(200);
    expect(res.json.single_register_electricity_tariffs).toEqual({});
  });

  it("is 404 JSON for an unknown product and 400 for a bad tariffs_active_at", async () => {
    const missing = await detail("NO-SUCH-PRODUCT");
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: "product_not_found", errors: [] });
    const bad = await detail(cat.codes.plain, "?tariffs_active_at=31/03/2026");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ attr: "tariffs_active_at", code: "invalid_datetime" });
  });

  it("sends ETag and answers If-None-Match with 304", async () => {
    const first = await detail(cat.codes.green, "?tariffs_active_at=2026-05-01T00:00:00Z");
    const again = await detail(cat.codes.green, "?tariffs_active_at=2026-05-01T00:00:00Z", { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
  });
});
