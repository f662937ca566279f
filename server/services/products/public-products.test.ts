import { beforeAll, describe, expect, it } from "vitest";
import { productDetailHandler as productDetail } from "@/server/rest/routes/public";
import { productListHandler as productList } from "@/server/rest/routes/public";
import { systemCtx } from "@/server/context";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { loadProducts } from "./load-products";
import { testCatalogue } from "@/test/factories";

const t = useTestDb();
const cat = testCatalogue();
const codesOf = (res: { json: { results: { code: string }[] } }) => res.json.results.map((r) => r.code);
const list = (query: string, headers: Record<string, string> = {}) =>
  call(productList, `/v1/products/?${query}`, { headers });

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
    const res = await call(productList, `/v1/products/?brand=${cat.brand}&page_size=2`, {
      headers: { host: "localhost:3200" },
    });
    expect(res.json.next).toBe(`http://localhost:3200/v1/products/?brand=${cat.brand}&page_size=2&page=2`);
    expect(res.json.results[0].links).toEqual([
      { href: `http://localhost:3200/v1/products/${res.json.results[0].code}/`, method: "GET", rel: "self" },
    ]);
  });

  it("a page past the end is a 404; page 1 of nothing is an empty 200", async () => {
    const res = await list(`brand=${cat.brand}&page=9`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "invalid_page", errors: [{ attr: "page", code: "invalid_page" }] });
  });
});

describe("page and page_size, as Django REST framework's PageNumberPagination reads them", () => {
  let many: ReturnType<typeof testCatalogue>;
  const codes = (res: { json: { results: { code: string }[] } }) => codesOf(res);

  beforeAll(async () => {
    many = testCatalogue();
    const base = many.file.products[0];
    await loadProducts(systemCtx(t.db), {
      products: Array.from({ length: 7 }, (_, i) => ({ ...base, code: `${many.codes.plain}-${i}`, tariffs: [] })),
    });
  });

  it.each([
    ["25000", 7],
    ["1501", 7],
    ["0", 7],
    ["-5", 7],
    ["", 7],
    ["abc", 7],
    ["10.5", 7],
    ["3", 3],
    [" 3 ", 3],
    ["%2B3", 3],
    ["0_3", 3],
  ])("page_size=%s is a 200 with %d results: too large is capped, unusable is the default (100)", async (size, n) => {
    const res = await list(`brand=${many.brand}&page_size=${size}`);
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(7);
    expect(res.json.results).toHaveLength(n);
  });

  it("a capped page_size is kept as sent in next, and paging still covers every row", async () => {
    const res = await call(productList, `/v1/products/?brand=${many.brand}&page_size=2`, {
      headers: { host: "api.test" },
    });
    expect(res.json.next).toBe(`http://api.test/v1/products/?brand=${many.brand}&page_size=2&page=2`);
    const all = await list(`brand=${many.brand}&page_size=25000`);
    expect(all.json).toMatchObject({ count: 7, next: null, previous: null });
  });

  it.each(["abc", "0", "-1", "", "1.5", "first"])("page=%j is a 404 invalid_page", async (page) => {
    const res = await list(`brand=${many.brand}&page=${page}`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "invalid_page", errors: [{ attr: "page", code: "invalid_page" }] });
  });

  it.each(["1000000000", "999999999", "99999999999999999999999999"])(
    "page=%s, past the end, is a 404 invalid_page, never a 400 or 500",
    async (page) => {
      const res = await list(`brand=${many.brand}&page=${page}`);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("invalid_page");
    },
  );

  it("page=last is the last page; page=%2002 is page 2", async () => {
    const last = await call(productList, `/v1/products/?brand=${many.brand}&page_size=3&page=last`, {
      headers: { host: "api.test" },
    });
    expect(last.status).toBe(200);
    expect(codes(last)).toEqual([`${many.codes.plain}-6`]);
    expect(last.json.next).toBeNull();
    expect(last.json.previous).toBe(`http://api.test/v1/products/?brand=${many.brand}&page_size=3&page=2`);
    const spaced = await list(`brand=${many.brand}&page_size=3&page=%2002`);
    expect(codes(spaced)).toEqual([`${many.codes.plain}-3`, `${many.codes.plain}-4`, `${many.codes.plain}-5`]);
    const none = await list(`brand=${uniq("NOPE")}&page=last`);
    expect(none.json).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe("bad query parameters", () => {
  it.each([
    ["is_green=yes", "is_green"],
    ["available_at=tomorrow", "available_at"],
    ["available_at=2026-02-30T00:00:00Z", "available_at"],
    ["available_at=9999-12-31T23:00:00-01:00", "available_at"],
    ["available_at=10000-01-01T00:00:00Z", "available_at"],
    ["brand=bad%20brand", "brand"],
  ])("%s is a 400 naming %s", async (q, attr) => {
    const res = await list(q);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_query", detail: expect.any(String) });
    expect(res.json.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ attr, code: expect.any(String), detail: expect.any(String) })]),
    );
  });

  it("the last instant of 9999 is still a valid available_at", async () => {
    expect((await list(`brand=${cat.brand}&available_at=9999-12-31T22:59:59-01:00`)).status).toBe(200);
  });

  it("empty filter values are ignored, as django-filter does", async () => {
    const plain = await list(`brand=${cat.brand}`);
    const empty = await list(
      `brand=${cat.brand}&is_green=&is_prepay=&is_variable=&is_business=&is_tracker=+&available_at=`,
    );
    expect(empty.status).toBe(200);
    expect(codesOf(empty)).toEqual(codesOf(plain));
    const anyBrand = await list("brand=&page_size=1500");
    expect(anyBrand.status).toBe(200);
    expect(codesOf(anyBrand)).toEqual(expect.arrayContaining(codesOf(plain)));
  });
});

describe("caching", () => {
  it("sends ETag and Cache-Control and answers a matching If-None-Match with an empty 304", async () => {
    const first = await list(`brand=${cat.brand}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/); // weak: the body may be gzipped after it is set
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await list(`brand=${cat.brand}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.json).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);
    expect((await list(`brand=${cat.brand}`, { "if-none-match": `"other", ${etag.slice(2)}` })).status).toBe(304);
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
    expect(single).toMatchObject({
      code: `E-1R-${code}-C`,
      standing_charge_exc_vat: 50,
      standing_charge_inc_vat: 52.5,
      standard_unit_rate_exc_vat: 20,
      standard_unit_rate_inc_vat: 21,
    });
    expect(single.links).toEqual([
      {
        href: `http://api.test/v1/products/${code}/electricity-tariffs/E-1R-${code}-C/standing-charges/`,
        method: "GET",
        rel: "standing_charges",
      },
      {
        href: `http://api.test/v1/products/${code}/electricity-tariffs/E-1R-${code}-C/standard-unit-rates/`,
        method: "GET",
        rel: "standard_unit_rates",
      },
    ]);
    expect(res.json.dual_register_electricity_tariffs._C.direct_debit_monthly).toMatchObject({
      code: `E-2R-${code}-C`,
      day_unit_rate_exc_vat: 30,
      night_unit_rate_inc_vat: 12.6,
    });
    expect(
      res.json.dual_register_electricity_tariffs._C.direct_debit_monthly.links.map((l: { rel: string }) => l.rel),
    ).toEqual(["standing_charges", "day_unit_rates", "night_unit_rates"]);
    expect(res.json.single_register_gas_tariffs._C.direct_debit_monthly.links[1].href).toContain(
      `/gas-tariffs/G-1R-${code}-C/standard-unit-rates/`,
    );
    expect(res.json).not.toHaveProperty("dual_register_gas_tariffs");
    // midnight 1 April London (BST) is 23:00Z on 31 March: the new price applies from then
    const april = await detail(code, "?tariffs_active_at=2026-04-01T00:00:00");
    expect(april.json.single_register_electricity_tariffs._C.direct_debit_monthly.standard_unit_rate_exc_vat).toBe(
      24.5,
    );
    expect(april.json.tariffs_active_at).toBe("2026-03-31T23:00:00Z");
  });

  it("has production's top-level fields in production's order, with direction from the spec", async () => {
    const res = await detail(cat.codes.plain, "?tariffs_active_at=2026-03-31T23:30:00");
    expect(Object.keys(res.json)).toEqual([
      "code",
      "direction",
      "full_name",
      "display_name",
      "description",
      "is_variable",
      "is_green",
      "is_tracker",
      "is_prepay",
      "is_business",
      "is_restricted",
      "term",
      "available_from",
      "available_to",
      "tariffs_active_at",
      "single_register_electricity_tariffs",
      "dual_register_electricity_tariffs",
      "single_register_gas_tariffs",
      "sample_quotes",
      "sample_consumption",
      "links",
      "brand",
    ]);
    expect(res.json.sample_consumption).toEqual({
      electricity_single_rate: { electricity_standard: 2700 },
      electricity_dual_rate: { electricity_day: 2262, electricity_night: 1638 },
      dual_fuel_single_rate: { electricity_standard: 2700, gas_standard: 11500 },
      dual_fuel_dual_rate: { electricity_day: 2262, electricity_night: 1638, gas_standard: 11500 },
    });
  });

  it("prices sample_quotes from the tariffs in force, in whole pence, rounding the dual-fuel sum once", async () => {
    const res = await detail(cat.codes.plain, "?tariffs_active_at=2026-03-31T23:30:00");
    // single: 365 x 50 + 2700 x 20 exc; 365 x 52.5 + 2700 x 21 = 75862.5 inc (half up)
    // dual: 365 x 50 + 2262 x 30 + 1638 x 12 exc; inc 111054.3; gas: 365 x 31.5 + 11500 x 6.3 = 83947.5 inc
    expect(res.json.sample_quotes).toEqual({
      _C: {
        direct_debit_monthly: {
          electricity_single_rate: { annual_cost_inc_vat: 75863, annual_cost_exc_vat: 72250 },
          electricity_dual_rate: { annual_cost_inc_vat: 111054, annual_cost_exc_vat: 105766 },
          dual_fuel_single_rate: { annual_cost_inc_vat: 159810, annual_cost_exc_vat: 152200 },
          dual_fuel_dual_rate: { annual_cost_inc_vat: 195002, annual_cost_exc_vat: 185716 },
        },
      },
    });
    // the April price (24.5 / 25.725) applies from London midnight
    const april = await detail(cat.codes.plain, "?tariffs_active_at=2026-04-01T00:00:00");
    expect(april.json.sample_quotes._C.direct_debit_monthly.electricity_single_rate).toEqual({
      annual_cost_inc_vat: 88620,
      annual_cost_exc_vat: 84400,
    });
  });

  it("a product with single-register electricity only quotes electricity_single_rate, as production does for Agile", async () => {
    const res = await detail(cat.codes.green, "?tariffs_active_at=2026-05-01T00:00:00Z");
    expect(res.json.dual_register_electricity_tariffs).toEqual({});
    expect(res.json.single_register_gas_tariffs).toEqual({});
    expect(res.json.sample_quotes).toEqual({
      _C: {
        direct_debit_monthly: { electricity_single_rate: { annual_cost_inc_vat: 88620, annual_cost_exc_vat: 84400 } },
      },
    });
    const bare = await detail(cat.codes.prepay);
    expect(bare.json).toMatchObject({
      sample_quotes: {},
      sample_consumption: { electricity_single_rate: { electricity_standard: 2700 } },
    });
  });

  it("tariffs_active_at: empty means now; past year 9999 after the offset is a 400", async () => {
    const empty = await detail(cat.codes.plain, "?tariffs_active_at=");
    expect(empty.status).toBe(200);
    expect(Date.parse(empty.json.tariffs_active_at)).toBeGreaterThan(Date.now() - 60_000);
    const late = await detail(cat.codes.plain, "?tariffs_active_at=9999-12-31T23:00:00-01:00");
    expect(late.status).toBe(400);
    expect(late.json.errors[0]).toMatchObject({ attr: "tariffs_active_at", code: "invalid_datetime" });
  });

  it("leaves out tariffs with no price in force at tariffs_active_at", async () => {
    const res = await detail(cat.codes.plain, "?tariffs_active_at=2025-06-01T00:00:00Z");
    expect(res.status).toBe(200);
    expect(res.json.single_register_electricity_tariffs).toEqual({});
    expect(res.json.sample_quotes).toEqual({});
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
    const again = await detail(cat.codes.green, "?tariffs_active_at=2026-05-01T00:00:00Z", {
      "if-none-match": first.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
  });
});
