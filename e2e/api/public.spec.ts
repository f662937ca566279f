import type { APIResponse } from "@playwright/test";
import { addDays, londonToday, londonWallTime } from "@/server/lib/time";
import { clockChangeDays } from "@/server/services/products/demo-calendar";
import { expect, test } from "../fixtures";

const ymd = (d: string) => d.split("-").map(Number) as [number, number, number];

// The public tariff API over real HTTP, as existing clients call it. Needs the demo
// products (server/services/products/demo-products.ts) loaded into the e2e database.
const AGILE = "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-C/standard-unit-rates/";
// The demo's Agile rates run from 30 days back (the e2e seed also loads them as of 10 days ago): 34 days up to today.
const TODAY = londonToday();
const WINDOW = `period_from=${addDays(TODAY, -34)}T00:00:00&period_to=${TODAY}T00:00:00`;
const WINDOW_HALF_HOURS =
  (londonWallTime(...ymd(TODAY)).getTime() - londonWallTime(...ymd(addDays(TODAY, -34))).getTime()) / 1_800_000;
const { autumn } = clockChangeDays(Number(TODAY.slice(0, 4)));

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
    const res = await request.get("/v1/products/?page_size=1", {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" },
    });
    const body = await res.json();
    expect(body.next).toBe("https://api.example.com/v1/products/?page_size=1&page=2");
    expect(body.results[0].links[0].href).toMatch(/^https:\/\/api\.example\.com\/v1\/products\/[A-Z0-9-]+\/$/);
  });

  test("a forwarded scheme or host that is not http(s) or a plain host[:port] is ignored, not echoed", async ({
    request,
    baseURL,
  }) => {
    const cases: Record<string, string>[] = [
      { "x-forwarded-proto": "javascript" },
      { "x-forwarded-host": "evil.com/x?" },
      { "x-forwarded-host": "user@evil.com" },
    ];
    for (const headers of cases) {
      const body = await (await request.get("/v1/products/?page_size=1", { headers })).json();
      expect(body.next, JSON.stringify(headers)).toBe(`${baseURL}/v1/products/?page_size=1&page=2`);
      expect(body.results[0].links[0].href.startsWith(`${baseURL}/v1/products/`)).toBe(true);
    }
  });

  test("1,500 unit rates a page, this year's autumn clock change, gzip, ETag and 304", async ({ request }) => {
    const res = await request.get(`${AGILE}?page_size=1500&${WINDOW}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-encoding"]).toBe("gzip");
    const body = await res.json();
    expect(body.results).toHaveLength(1500);
    expect(body.count).toBe(WINDOW_HALF_HOURS);
    if (autumn < TODAY) {
      const day = await (
        await request.get(`${AGILE}?period_from=${autumn}T00:00:00&period_to=${addDays(autumn, 1)}T00:00:00`)
      ).json();
      expect(day.count).toBe(50);
    }
    const etag = res.headers().etag;
    expect(res.headers()["cache-control"]).toContain("max-age=");
    const again = await request.get(`${AGILE}?page_size=1500&${WINDOW}`, { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).byteLength).toBe(0);
  });

  test("ETags are weak (gzip and identity bodies share one) and If-None-Match compares weakly", async ({ request }) => {
    const url = `${AGILE}?page_size=1500&${WINDOW}`;
    const gzip = await request.get(url, { headers: { "accept-encoding": "gzip" } });
    const identity = await request.get(url, { headers: { "accept-encoding": "identity" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(identity.headers()["content-encoding"]).toBeUndefined();
    const etag = gzip.headers().etag;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(identity.headers().etag).toBe(etag);
    for (const tag of [etag, etag.slice(2)]) {
      expect(
        (await request.get(url, { headers: { "if-none-match": tag, "accept-encoding": "gzip" } })).status(),
        tag,
      ).toBe(304);
    }
  });

  test("errors are JSON in the documented shape", async ({ request }) => {
    const missing = await request.get("/v1/products/NO-SUCH-PRODUCT/");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "product_not_found", errors: [] });
    const bad = await request.get("/v1/products/?available_at=yesterday");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_query", errors: [{ attr: "available_at" }] });
    const foreign = await request.get(
      "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-VAR-22-11-01-C/standard-unit-rates/",
    );
    expect(foreign.status()).toBe(404);
  });

  test("account: 401 without credentials, basic auth with the API key as user name, 404 for an unknown number", async ({
    playwright,
    baseURL,
    seed,
  }) => {
    const account = seed.accounts[0].accountNumber;
    const anonymous = await playwright.request.newContext({ baseURL });
    const challenge = await anonymous.get(`/v1/accounts/${account}/`);
    expect(challenge.status()).toBe(401);
    // clients that send basic credentials only when challenged for them (.NET, Java, curl --anyauth)
    expect(challenge.headers()["www-authenticate"]).toBe('Token realm="api", Basic realm="api"');
    const basic = await playwright.request.newContext({
      baseURL,
      httpCredentials: { username: seed.apiKey, password: "", send: "always" },
    });
    const res = await basic.get(`/v1/accounts/${account}/`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.number).toBe(account);
    const point = body.properties[0].electricity_meter_points[0];
    expect(point.mpan).toBe(seed.accounts[0].mpan);
    // what clients do next: read the current agreement's tariff code and fetch its rates
    const tariff = point.agreements.at(-1).tariff_code as string;
    const product = tariff.split("-").slice(2, -1).join("-");
    const rates = await basic.get(
      `/v1/products/${product}/electricity-tariffs/${tariff}/standard-unit-rates/?page_size=1500`,
    );
    expect(rates.status()).toBe(200);
    expect((await rates.json()).count).toBeGreaterThan(0);
    expect((await basic.get("/v1/accounts/A-00000000/")).status()).toBe(404);
    await anonymous.dispose();
    await basic.dispose();
  });

  test("the URLs, parameters and credentials published clients send, unchanged", async ({
    playwright,
    baseURL,
    seed,
  }) => {
    // HomeAssistant-OctopusEnergy (aiohttp): no trailing slash, strftime("%Y-%m-%dT%H:%M:%SZ"),
    // basic auth with the API key on the public routes too; OctoMeter (Ktor) the same paths
    // with kotlinx Instant cut before the seconds; danopstech/octopusenergy (Go) sends an
    // empty tariffs_active_at; .NET's "o" format has 7 fraction digits.
    const ha = await playwright.request.newContext({
      baseURL,
      httpCredentials: { username: seed.apiKey, password: "", send: "always" },
    });
    const rates = "/v1/products/VAR-22-11-01/electricity-tariffs/E-1R-VAR-22-11-01-C/standard-unit-rates";
    for (const query of [
      "period_from=2026-04-01T00:00:00Z&period_to=2026-04-02T00:00:00Z",
      "period_from=2026-04-01T00:00Z&period_to=2026-04-02T00:00Z",
      "period_from=2026-03-31T23:00:00.0000000%2B00:00&period_to=2026-04-01T23:00:00.0000000%2B00:00",
    ]) {
      const res = await ha.get(`${rates}?${query}`);
      expect(res.status(), query).toBe(200);
      const body = await res.json();
      expect(body.count, query).toBe(2);
      expect(body.results.map((r: { payment_method: string }) => r.payment_method).sort()).toEqual([
        "DIRECT_DEBIT",
        "NON_DIRECT_DEBIT",
      ]);
    }
    const standing = await ha.get(
      "/v1/products/VAR-22-11-01/gas-tariffs/G-1R-VAR-22-11-01-C/standing-charges?period_from=2026-04-01T00:00:00Z&period_to=2026-04-02T00:00:00Z",
    );
    expect(standing.status()).toBe(200);
    expect((await standing.json()).results[0]).toMatchObject({
      valid_from: expect.stringMatching(/Z$/),
      value_inc_vat: expect.any(Number),
    });
    const product = await ha.get("/v1/products/VAR-22-11-01?tariffs_active_at=");
    expect(product.status()).toBe(200);
    expect((await product.json()).single_register_electricity_tariffs._C.direct_debit_monthly.code).toBe(
      "E-1R-VAR-22-11-01-C",
    );
    const account = await ha.get(`/v1/accounts/${seed.accounts[0].accountNumber}`);
    expect(account.status()).toBe(200);
    // paging without the trailing slash: next keeps the client's path and parameters
    const first = await (await ha.get(`${rates}?page_size=3`)).json();
    expect(first.next).toBe(`${baseURL}${rates}?page_size=3&page=2`);
    expect((await ha.get(first.next)).status()).toBe(200);
    for (const path of ["/v1/products/%00/", `${rates.replace("E-1R-VAR-22-11-01-C", "%00")}/`]) {
      const res = await ha.get(path);
      // A NUL in a path segment is a bad request, at its segment, as in any field (issue 18).
      expect(res.status(), path).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "null_character",
        errors: [expect.objectContaining({ code: "null_character" })],
      });
    }
    await ha.dispose();
  });

  test("unknown paths are JSON 404s for every method; gas day/night rates are rate_type_not_applicable", async ({
    request,
  }) => {
    for (const [method, path] of [
      ["POST", "/v1/data-import/notes/creat/"],
      ["GET", "/v1/electricity-meter-points/x/y/"],
      ["DELETE", "/v1/products/VAR-22-11-01/electricity-tariffs/"],
      ["GET", "/v1/"],
    ]) {
      const res = await request.fetch(path, { method, data: method === "POST" ? {} : undefined });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect(res.headers()["content-type"]).toBe("application/json");
      expect(await res.json()).toEqual({ detail: `No endpoint at ${path}.`, code: "not_found", errors: [] });
    }
    for (const rate of ["day-unit-rates", "night-unit-rates"]) {
      const res = await request.get(`/v1/products/VAR-22-11-01/gas-tariffs/G-1R-VAR-22-11-01-C/${rate}/`);
      expect(res.status()).toBe(404);
      expect(await res.json()).toMatchObject({ code: "rate_type_not_applicable", errors: [] });
    }
  });

  test("a method the route does not serve is a JSON 405 with Allow", async ({ request }) => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await request.fetch("/v1/data-import/notes/create/", { method });
      expect(res.status(), method).toBe(405);
      expect(res.headers().allow).toBe("POST, OPTIONS");
      expect(await res.json()).toEqual({
        detail: `Method "${method}" not allowed.`,
        code: "method_not_allowed",
        errors: [],
      });
    }
    const post = await request.post("/v1/products/", { data: {} });
    expect(post.status()).toBe(405);
    expect(post.headers().allow).toBe("GET, HEAD, OPTIONS");
  });

  test("a malformed percent-encoding in the path is a JSON 400 invalid_path", async ({ request }) => {
    for (const [method, path] of [
      ["GET", "/v1/products/%ZZ/"],
      ["POST", "/v1/data-import/send-registration-flows/DEMO-ONGOING/%ZZ/"],
    ]) {
      const res = await request.fetch(path, { method });
      expect(res.status(), path).toBe(400);
      expect(res.headers()["content-type"]).toBe("application/json");
      expect(await res.json()).toMatchObject({ code: "invalid_path", errors: [] });
    }
  });

  test("CORS: any origin, no credentials; preflight names the route's methods", async ({ request }) => {
    const origin = { origin: "https://tariffs.example" };
    const preflight = await request.fetch("/v1/products/VAR-22-11-01/", {
      method: "OPTIONS",
      headers: { ...origin, "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(preflight.status()).toBe(204);
    const h = preflight.headers();
    expect(h["access-control-allow-origin"]).toBe("*");
    expect(h["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    expect(h["access-control-allow-headers"]).toBe("Authorization, Content-Type, If-None-Match, X-Request-Id");
    expect(Number(h["access-control-max-age"])).toBeGreaterThan(0);
    expect(h["access-control-allow-credentials"]).toBeUndefined();
    const get = await request.get("/v1/products/VAR-22-11-01/", { headers: origin });
    expect(get.headers()["access-control-allow-origin"]).toBe("*");
    expect(get.headers()["access-control-expose-headers"]).toBe("ETag, X-Request-Id, Retry-After");
    expect(get.headers()["access-control-allow-credentials"]).toBeUndefined();
    const graphql = await request.post("/v1/graphql/", {
      headers: { origin: "https://evil.example" },
      data: { query: "{ __typename }" },
    });
    expect(graphql.headers()["access-control-allow-origin"]).toBe("*");
    expect(graphql.headers()["access-control-allow-credentials"]).toBeUndefined();
    // the console and Auth.js stay same-origin only
    for (const path of ["/signin", "/api/auth/session"]) {
      expect(
        (await request.get(path, { headers: origin })).headers()["access-control-allow-origin"],
        path,
      ).toBeUndefined();
    }
  });
});

test.describe("meter points and consumption, as tariff clients walk them", () => {
  test("account → meter point region → consumption pages followed to the end, grouped, both fuels, London offsets", async ({
    playwright,
    baseURL,
    seed,
  }) => {
    const c = seed.consumption!;
    const client = await playwright.request.newContext({
      baseURL,
      httpCredentials: { username: seed.apiKey, password: "", send: "always" },
      extraHTTPHeaders: { "accept-encoding": "gzip" },
    });
    const account = await (await client.get(`/v1/accounts/${seed.accounts[0].accountNumber}/`)).json();
    const point = account.properties[0].electricity_meter_points[0];
    const meterPoint = await client.get(`/v1/electricity-meter-points/${point.mpan}/`);
    expect(meterPoint.status()).toBe(200);
    expect(Object.keys(await meterPoint.json())).toEqual(["gsp", "mpan", "profile_class"]);

    // HomeAssistant-OctopusEnergy: no trailing slash, page_size=25000; here 50 a page to follow `next`.
    let url: string | null =
      `/v1/electricity-meter-points/${c.mpan}/meters/${point.meters[0].serial_number}/consumption?page_size=50&period_from=2026-10-24T00:00:00Z&order_by=period`;
    const seen: { consumption: number; interval_start: string; interval_end: string }[] = [];
    while (url) {
      const res: APIResponse = await client.get(url);
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(Object.keys(body)).toEqual(["count", "next", "previous", "results"]);
      seen.push(...body.results);
      url = body.next;
      if (url) expect(url.startsWith(`${baseURL}/v1/electricity-meter-points/`)).toBe(true);
    }
    // From 00:00 UTC on the 24th (01:00 BST): 146 - 2 half hours.
    expect(seen).toHaveLength(c.intervals - 2);
    expect(seen[0].interval_start).toBe("2026-10-24T01:00:00+01:00");
    expect(seen.map((r) => r.interval_start)).toEqual(
      expect.arrayContaining(["2026-10-25T01:30:00+01:00", "2026-10-25T01:30:00+00:00"]),
    );
    expect(seen.at(-1)!.interval_end).toBe("2026-10-27T00:00:00+00:00");

    const days = await (
      await client.get(
        `/v1/electricity-meter-points/${c.mpan}/meters/${c.elecSerial}/consumption/?group_by=day&order_by=period`,
      )
    ).json();
    expect(days.results.map((d: { interval_start: string }) => d.interval_start)).toEqual([
      "2026-10-24T00:00:00+01:00",
      "2026-10-25T00:00:00+01:00",
      "2026-10-26T00:00:00+00:00",
    ]);
    const gas = await (
      await client.get(`/v1/gas-meter-points/${c.mprn}/meters/${c.gasSerial}/consumption/?group_by=day`)
    ).json();
    expect(gas.results.map((d: { consumption: number }) => d.consumption)).toEqual([24, 25, 24]);

    const bad = await client.get(
      `/v1/electricity-meter-points/${c.mpan}/meters/${c.elecSerial}/consumption/?group_by=fortnight`,
    );
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "invalid_query",
      errors: [{ attr: "group_by", code: "invalid_choice" }],
    });
    const anonymous = await playwright.request.newContext({ baseURL });
    expect(
      (await anonymous.get(`/v1/electricity-meter-points/${c.mpan}/meters/${c.elecSerial}/consumption/`)).status(),
    ).toBe(401);
    expect((await client.get(`/v1/electricity-meter-points/${c.mpan}/meters/NOT-A-METER/consumption/`)).status()).toBe(
      404,
    );
    await anonymous.dispose();
    await client.dispose();
  });
});
