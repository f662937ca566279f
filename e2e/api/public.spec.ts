import type { APIResponse } from "@playwright/test";
import { expect, test } from "../fixtures";

// The public tariff API over real HTTP, as existing clients call it. Needs the demo
// products (server/services/products/demo-products.ts) loaded into the e2e database.
const AGILE = "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-C/standard-unit-rates/";

test.describe("public tariff API", () => {
  test("health, and the demo catalogue is there", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const product = await request.get("/v1/products/VAR-22-11-01/");
    expect(product.status(), "the e2e seed must load the demo products").toBe(200);
  });

  test("product list: with and without the trailing slash, next links followed as given", async ({ request }) => {
    for (const path of ["/v1/products/", "/v1/products"]) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect((await res.json()).count).toBeGreaterThanOrEqual(8);
    }
    let url: string | null = "/v1/products/?page_size=3";
    const seen: string[] = [];
    let count = 0;
    while (url) {
      const res: APIResponse = await request.get(url);
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { count: number; next: string | null; results: { code: string }[] };
      count = body.count;
      seen.push(...body.results.map((p: { code: string }) => p.code));
      url = body.next;
      if (url) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/products\/\?/);
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
  });

  test("a proxy's X-Forwarded-Proto/-Host shape the links", async ({ request }) => {
    const res = await request.get("/v1/products/?page_size=1", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" } });
    const body = await res.json();
    expect(body.next).toBe("https://api.example.com/v1/products/?page_size=1&page=2");
    expect(body.results[0].links[0].href).toMatch(/^https:\/\/api\.example\.com\/v1\/products\/[A-Z0-9-]+\/$/);
  });

  test("1,500 unit rates a page across the autumn clock change, gzip, ETag and 304", async ({ request }) => {
    const res = await request.get(`${AGILE}?page_size=1500&period_from=2026-10-20T00:00:00&period_to=2026-11-23T00:00:00`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-encoding"]).toBe("gzip");
    const body = await res.json();
    expect(body.results).toHaveLength(1500);
    expect(body.count).toBe(34 * 48 + 2);
    const day = await (await request.get(`${AGILE}?period_from=2026-10-25T00:00:00&period_to=2026-10-26T00:00:00`)).json();
    expect(day.count).toBe(50);
    const etag = res.headers().etag;
    expect(res.headers()["cache-control"]).toContain("max-age=");
    const again = await request.get(`${AGILE}?page_size=1500&period_from=2026-10-20T00:00:00&period_to=2026-11-23T00:00:00`, { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).byteLength).toBe(0);
  });

  test("errors are JSON in the documented shape", async ({ request }) => {
    const missing = await request.get("/v1/products/NO-SUCH-PRODUCT/");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "product_not_found", errors: [] });
    const bad = await request.get("/v1/products/?page_size=5000");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_query", errors: [{ attr: "page_size" }] });
    const foreign = await request.get("/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-VAR-22-11-01-C/standard-unit-rates/");
    expect(foreign.status()).toBe(404);
  });

  test("account: 401 without credentials, basic auth with the API key as user name, 404 for an unknown number", async ({ playwright, baseURL, seed }) => {
    const account = seed.accounts[0].accountNumber;
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get(`/v1/accounts/${account}/`)).status()).toBe(401);
    const basic = await playwright.request.newContext({ baseURL, httpCredentials: { username: seed.apiKey, password: "", send: "always" } });
    const res = await basic.get(`/v1/accounts/${account}/`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.number).toBe(account);
    const point = body.properties[0].electricity_meter_points[0];
    expect(point.mpan).toBe(seed.accounts[0].mpan);
    // what clients do next: read the current agreement's tariff code and fetch its rates
    const tariff = point.agreements.at(-1).tariff_code as string;
    const product = tariff.split("-").slice(2, -1).join("-");
    const rates = await basic.get(`/v1/products/${product}/electricity-tariffs/${tariff}/standard-unit-rates/?page_size=1500`);
    expect(rates.status()).toBe(200);
    expect((await rates.json()).count).toBeGreaterThan(0);
    expect((await basic.get("/v1/accounts/A-00000000/")).status()).toBe(404);
    await anonymous.dispose();
    await basic.dispose();
  });
});
