import { beforeAll, describe, expect, it } from "vitest";
import { electricityDayUnitRatesHandler as elecDay } from "@/server/rest/routes/public";
import { electricityNightUnitRatesHandler as elecNight } from "@/server/rest/routes/public";
import { electricityStandardUnitRatesHandler as elecUnit } from "@/server/rest/routes/public";
import { electricityStandingChargesHandler as elecStanding } from "@/server/rest/routes/public";
import { gasStandardUnitRatesHandler as gasUnit } from "@/server/rest/routes/public";
import { gasStandingChargesHandler as gasStanding } from "@/server/rest/routes/public";
import { systemCtx } from "@/server/context";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { halfHourlyRates } from "./demo-rates";
import { loadProducts } from "./load-products";
import { regionCTariffs, testRate } from "@/test/factories";

const t = useTestDb();
const P = uniq("HH");
const OTHER = uniq("OT");
const E1 = `E-1R-${P}-C`;
const E2 = `E-2R-${P}-C`;
const G1 = `G-1R-${P}-C`;

type Handler = typeof elecUnit;
const get = (handler: Handler, tariff: string, query = "", product = P, headers: Record<string, string> = {}) =>
  call(handler, `/v1/products/${product}/x/${tariff}/y/${query}`, { params: { product, tariff }, headers });
const froms = (res: { json: { results: { valid_from: string }[] } }) => res.json.results.map((r) => r.valid_from);

beforeAll(async () => {
  const base = {
    brand: "TEST_RATES",
    full_name: "Half-hourly",
    display_name: "HH",
    available_from: "2025-01-01T00:00:00Z",
  };
  const [, dual, gas] = regionCTariffs(P, { dual: true, gas: true });
  await loadProducts(systemCtx(t.db), {
    products: [
      {
        ...base,
        code: P,
        tariffs: [
          {
            code: E1,
            payment_methods: ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"],
            standing_charges: [
              testRate("40", "42", "2026-01-01T00:00:00Z", "2026-10-01T00:00:00", "DIRECT_DEBIT"),
              testRate("41", "43.05", "2026-10-01T00:00:00", null, "DIRECT_DEBIT"),
              testRate("44", "46.2", "2026-01-01T00:00:00Z", null, "NON_DIRECT_DEBIT"),
            ],
            // 28 Mar 00:00 → 30 Mar 00:00 London is 47 hours; 24 → 26 Oct is 49 hours
            standard_unit_rates: [
              ...halfHourlyRates("2026-03-28", "2026-03-30", 2),
              ...halfHourlyRates("2026-10-24", "2026-10-26", 2),
            ],
          },
          dual,
          gas,
        ],
      },
      { ...base, code: OTHER, tariffs: regionCTariffs(OTHER) },
    ],
  });
});

describe("standard unit rates across the clock changes (Europe/London when no offset)", () => {
  it("the spring day (29 March 2026) has 46 half hours, newest first", async () => {
    const res = await get(elecUnit, E1, "?period_from=2026-03-29T00:00:00&period_to=2026-03-30T00:00:00");
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(46);
    expect(froms(res)[0]).toBe("2026-03-29T22:30:00Z");
    expect(froms(res).at(-1)).toBe("2026-03-29T00:00:00Z");
    expect(res.json.results.at(-1)).toEqual({
      value_exc_vat: expect.any(Number),
      value_inc_vat: expect.any(Number),
      valid_from: "2026-03-29T00:00:00Z",
      valid_to: "2026-03-29T00:30:00Z",
      payment_method: null,
    });
  });

  it("the missing spring hour: 01:00-02:00 London does not exist, so 00:00 to 02:00 is one real hour", async () => {
    const res = await get(elecUnit, E1, "?period_from=2026-03-29T00:00:00&period_to=2026-03-29T02:00:00");
    expect(froms(res)).toEqual(["2026-03-29T00:30:00Z", "2026-03-29T00:00:00Z"]);
    // a wall time inside the gap moves forward by the gap: 01:30 → 02:30 BST = 01:30Z
    const gap = await get(elecUnit, E1, "?period_from=2026-03-29T01:30:00&period_to=2026-03-29T03:00:00");
    expect(froms(gap)).toEqual(["2026-03-29T01:30:00Z"]);
    // BST from 02:00: 03:00 London is 02:00Z
    const after = await get(elecUnit, E1, "?period_from=2026-03-29T03:00:00&period_to=2026-03-29T04:00:00");
    expect(froms(after)).toEqual(["2026-03-29T02:30:00Z", "2026-03-29T02:00:00Z"]);
  });

  it("the autumn day (25 October 2026) has 50 half hours", async () => {
    const res = await get(elecUnit, E1, "?period_from=2026-10-25&period_to=2026-10-26");
    expect(res.json.count).toBe(50);
    expect(froms(res)[0]).toBe("2026-10-25T23:30:00Z");
    expect(froms(res).at(-1)).toBe("2026-10-24T23:00:00Z");
  });

  it("the repeated autumn hour: 01:00 London without offset is the first (BST) one; an offset picks either", async () => {
    const first = await get(elecUnit, E1, "?period_from=2026-10-25T01:00:00&period_to=2026-10-25T02:00:00");
    // 01:00 BST = 00:00Z up to 02:00 GMT = 02:00Z: two real hours
    expect(froms(first)).toEqual([
      "2026-10-25T01:30:00Z",
      "2026-10-25T01:00:00Z",
      "2026-10-25T00:30:00Z",
      "2026-10-25T00:00:00Z",
    ]);
    const bst = await get(elecUnit, E1, "?period_from=2026-10-25T01:00:00%2B01:00&period_to=2026-10-25T01:00:00Z");
    expect(froms(bst)).toEqual(["2026-10-25T00:30:00Z", "2026-10-25T00:00:00Z"]);
    const gmt = await get(
      elecUnit,
      E1,
      "?period_from=2026-10-25T01:00:00%2B00:00&period_to=2026-10-25T02:00:00%2B00:00",
    );
    expect(froms(gmt)).toEqual(["2026-10-25T01:30:00Z", "2026-10-25T01:00:00Z"]);
    // an unencoded '+' arrives as a space and still reads as an offset
    const unencoded = await get(
      elecUnit,
      E1,
      "?period_from=2026-10-25T01:00:00+00:00&period_to=2026-10-25T02:00:00+00:00",
    );
    expect(froms(unencoded)).toEqual(froms(gmt));
  });

  it("period_from is inclusive and catches a rate already running; period_to is exclusive", async () => {
    expect(froms(await get(elecUnit, E1, "?period_from=2026-10-25T00:15:00Z&period_to=2026-10-25T00:45:00Z"))).toEqual([
      "2026-10-25T00:30:00Z",
      "2026-10-25T00:00:00Z",
    ]);
    expect(froms(await get(elecUnit, E1, "?period_from=2026-10-25T00:00:00Z&period_to=2026-10-25T00:30:00Z"))).toEqual([
      "2026-10-25T00:00:00Z",
    ]);
    expect(froms(await get(elecUnit, E1, "?period_from=2026-10-25T00:30:00Z&period_to=2026-10-25T00:30:01Z"))).toEqual([
      "2026-10-25T00:30:00Z",
    ]);
  });

  it("without a period returns every rate; page_size up to 1500", async () => {
    const res = await get(elecUnit, E1, "?page_size=1500");
    expect(res.json.count).toBe(94 + 98);
    expect(res.json.results).toHaveLength(192);
    expect(res.json.next).toBeNull();
  });
});

describe("paging the rates", () => {
  it("follows next until null across the autumn day: all 50 rows, no duplicates, no gaps", async () => {
    let url: string | null =
      "/v1/products/x/?period_from=2026-10-25T00:00:00&period_to=2026-10-26T00:00:00&page_size=7";
    const rows: { valid_from: string; valid_to: string }[] = [];
    let pages = 0;
    while (url) {
      const res = await call(elecUnit, url, {
        params: { product: P, tariff: E1 },
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "rates.example" },
      });
      expect(res.status).toBe(200);
      expect(res.json.count).toBe(50);
      rows.push(...res.json.results);
      url = res.json.next;
      if (url) expect(url).toMatch(/^https:\/\/rates\.example\//);
      pages += 1;
    }
    expect(pages).toBe(8);
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.valid_from)).size).toBe(50);
    for (let i = 1; i < rows.length; i++) expect(rows[i].valid_to).toBe(rows[i - 1].valid_from);
  });

  it("caps page_size at 1500 instead of refusing it (clients send 25000), and uses the default for an unusable one", async () => {
    for (const size of ["25000", "1501"]) {
      const res = await get(elecUnit, E1, `?page_size=${size}`);
      expect(res.status, size).toBe(200);
      expect(res.json).toMatchObject({ count: 192, next: null });
      expect(res.json.results).toHaveLength(192);
    }
    for (const size of ["0", "-1", "", "abc"]) {
      const res = await get(elecUnit, E1, `?page_size=${size}`);
      expect(res.status, size).toBe(200);
      expect(res.json.results, size).toHaveLength(100);
      expect(res.json.next, size).toMatch(/page=2$/);
    }
  });

  it("a page past the end or not a page is a 404 invalid_page; page=last is the last page", async () => {
    for (const page of ["3", "abc", "0", "", "1000000000"]) {
      const res = await get(elecUnit, E1, `?page=${page}&page_size=100`);
      expect(res.status, page).toBe(404);
      expect(res.json, page).toMatchObject({ code: "invalid_page", errors: [{ attr: "page", code: "invalid_page" }] });
    }
    const last = await get(elecUnit, E1, "?page=last&page_size=100");
    expect(last.status).toBe(200);
    expect(last.json.results).toHaveLength(92);
    expect(last.json.next).toBeNull();
    expect(last.json.previous).toMatch(/page_size=100$/);
    const spring = await get(elecUnit, E1, "?period_from=2026-03-29&period_to=2026-03-30&page_size=20&page=last");
    expect(spring.json.results.map((r: { valid_from: string }) => r.valid_from)).toHaveLength(6);
  });
});

describe("standing charges, payment methods, dual register and gas", () => {
  it("lists both payment methods' standing charges, open-ended ones with valid_to null", async () => {
    const res = await get(elecStanding, E1, "?period_from=2026-11-01T00:00:00Z");
    expect(res.json.results).toEqual([
      {
        value_exc_vat: 41,
        value_inc_vat: 43.05,
        valid_from: "2026-09-30T23:00:00Z",
        valid_to: null,
        payment_method: "DIRECT_DEBIT",
      },
      {
        value_exc_vat: 44,
        value_inc_vat: 46.2,
        valid_from: "2026-01-01T00:00:00Z",
        valid_to: null,
        payment_method: "NON_DIRECT_DEBIT",
      },
    ]);
  });

  it("serves day and night rates of a dual-register tariff and gas rates", async () => {
    expect((await get(elecDay, E2)).json.results[0]).toMatchObject({ value_exc_vat: 30, value_inc_vat: 31.5 });
    expect((await get(elecNight, E2)).json.results[0]).toMatchObject({ value_exc_vat: 12, value_inc_vat: 12.6 });
    expect((await get(gasUnit, G1)).json.results[0]).toMatchObject({ value_exc_vat: 6, value_inc_vat: 6.3 });
    expect((await get(gasStanding, G1)).json.count).toBe(1);
  });

  it.each([
    ["a tariff of another product", elecUnit, `E-1R-${OTHER}-C`, P, "tariff_not_found"],
    ["an unknown tariff", elecUnit, `E-1R-${P}-A`, P, "tariff_not_found"],
    ["an unknown product", elecUnit, E1, "NOPE", "product_not_found"],
    ["an unknown product's unknown tariff", elecUnit, "E-1R-NOPE-C", "NOPE", "product_not_found"],
    ["a gas tariff under electricity-tariffs", elecUnit, G1, P, "tariff_not_found"],
    ["an electricity tariff under gas-tariffs", gasUnit, E1, P, "tariff_not_found"],
    ["standard unit rates of a dual-register tariff", elecUnit, E2, P, "rate_type_not_applicable"],
    ["day rates of a single-register tariff", elecDay, E1, P, "rate_type_not_applicable"],
  ])("%s is a 404", async (_name, handler, tariff, product, code) => {
    const res = await get(handler as Handler, tariff, "", product);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code, detail: expect.any(String), errors: [] });
  });

  it.each([
    ["?period_from=2026-10-26T00:00:00Z&period_to=2026-10-25T00:00:00Z", "period_to"],
    ["?period_from=2026-10-25T00:00:00Z&period_to=2026-10-25T00:00:00Z", "period_to"],
    ["?period_from=yesterday", "period_from"],
    ["?period_to=2026-13-01", "period_to"],
    ["?period_from=9999-12-31T23:00:00-01:00", "period_from"],
    ["?period_to=9999-12-31T23:30:00-00:45", "period_to"],
  ])("%s is a 400 naming %s", async (query, attr) => {
    const res = await get(elecUnit, E1, query);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ attr })]));
  });

  it("an unknown product or tariff is reported before a bad page", async () => {
    expect((await get(elecUnit, E1, "?page=abc", "NOPE")).json.code).toBe("product_not_found");
    expect((await get(elecUnit, `E-1R-${P}-A`, "?page=abc")).json.code).toBe("tariff_not_found");
  });

  it("empty period_from and period_to are ignored", async () => {
    const res = await get(elecUnit, E1, "?period_from=&period_to=&page_size=1500");
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(192);
  });

  it("sends ETag/Cache-Control and answers If-None-Match with 304", async () => {
    const q = "?period_from=2026-03-29T00:00:00&period_to=2026-03-30T00:00:00";
    const first = await get(elecUnit, E1, q);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await get(elecUnit, E1, q, P, { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.json).toBeNull();
  });
});
