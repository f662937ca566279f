import { beforeAll, describe, expect, it } from "vitest";
import { electricityStandardUnitRatesHandler as elecUnit } from "@/server/rest/routes/public";
import { gasStandingChargesHandler as gasStanding } from "@/server/rest/routes/public";
import { productDetailHandler as productDetail } from "@/server/rest/routes/public";
import { productListHandler as productList } from "@/server/rest/routes/public";
import { systemCtx } from "@/server/context";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { halfHourlyRates } from "./demo-rates";
import { loadProducts } from "./load-products";
import { normaliseQueryDateTime } from "./public-schemas";
import { regionCTariffs } from "@/test/factories";

/** Requests shaped the way published clients of the production API send them. */
const t = useTestDb();
const P = uniq("CL");
const E1 = `E-1R-${P}-C`;
const G1 = `G-1R-${P}-C`;

const rates = (query: string, product = P, tariff = E1) =>
  call(elecUnit, `/v1/products/${product}/electricity-tariffs/${tariff}/standard-unit-rates/${query}`, {
    params: { product, tariff },
  });
const froms = (res: { json: { results: { valid_from: string }[] } }) => res.json.results.map((r) => r.valid_from);

beforeAll(async () => {
  const gas = regionCTariffs(P, { gas: true }).find((x) => x.code === G1)!;
  await loadProducts(systemCtx(t.db), {
    products: [
      {
        code: P,
        brand: "TEST_CLIENTS",
        full_name: "Clients",
        display_name: "Clients",
        available_from: "2025-01-01T00:00:00Z",
        // 28 March 2026 is GMT: London midnight is 00:00Z
        tariffs: [
          {
            code: E1,
            standing_charges: [{ value_exc_vat: "40", value_inc_vat: "42", valid_from: "2026-01-01T00:00:00Z" }],
            standard_unit_rates: halfHourlyRates("2026-03-28", "2026-03-29", 2),
          },
          gas,
        ],
      },
    ],
  });
});

describe("query datetimes as production's Django parse_datetime reads them", () => {
  const window = ["2026-03-28T01:00:00Z", "2026-03-28T00:30:00Z"];

  it.each([
    [
      ".NET DateTimeOffset 'o' (7 fraction digits)",
      "2026-03-28T00:30:00.0000000+00:00",
      "2026-03-28T01:30:00.0000000+00:00",
    ],
    ["NodaTime extended ISO (9 fraction digits)", "2026-03-28T00:30:00.000000000Z", "2026-03-28T01:30:00.000000000Z"],
    ["a comma before the fraction", "2026-03-28T00:30:00,0Z", "2026-03-28T01:30:00,0Z"],
    ["an hours-only offset", "2026-03-28T01:30:00+01", "2026-03-28T02:30:00+01"],
    ["one-digit fields", "2026-3-28T0:30:0Z", "2026-3-28T1:30Z"],
    ["a space before the offset", "2026-03-28T00:30:00 Z", "2026-03-28T01:30:00 Z"],
    ["Python isoformat() with microseconds", "2026-03-28T00:30:00.000000+00:00", "2026-03-28T01:30:00.000000+00:00"],
    ["Go layout with a literal Z (HA and Go clients)", "2026-03-28T00:30:00Z", "2026-03-28T01:30:00Z"],
    ["kotlinx Instant without seconds (OctoMeter)", "2026-03-28T00:30Z", "2026-03-28T01:30Z"],
  ])("accepts %s", async (_label, from, to) => {
    const res = await rates(`?period_from=${encodeURIComponent(from)}&period_to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(froms(res)).toEqual(window);
  });

  it("cuts a long fraction to the millisecond instead of rounding it into the next second", async () => {
    // 00:29:59.9996 London is still inside the 00:00-00:30 half hour, so that rate is in force then
    const res = await rates(`?period_from=2026-03-28T00:29:59.9996&period_to=2026-03-28T00:30:00Z`);
    expect(res.status).toBe(200);
    expect(froms(res)).toEqual(["2026-03-28T00:00:00Z"]);
    expect(normaliseQueryDateTime("2026-03-28T00:29:59.9996")).toBe("2026-03-28T00:29:59.999");
  });

  it("still refuses what production refuses, in the documented error shape, and still reads an unencoded + as an offset", async () => {
    for (const bad of ["2026-03-28T00:30:00+1", "2026-03-28T00:30:00.Z", "2026-03-28T00:30:00.5.5Z", "28/03/2026"]) {
      const res = await rates(`?period_from=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.json).toMatchObject({
        code: "invalid_query",
        errors: [{ attr: "period_from", code: "invalid_datetime" }],
      });
    }
    const plus = await rates("?period_from=2026-03-28T01:30:00.0000000+01:00&period_to=2026-03-28T02:30:00+01:00");
    expect(froms(plus)).toEqual(window);
  });

  it("reads the same forms in available_at and tariffs_active_at", async () => {
    const list = await call(
      productList,
      "/v1/products/?brand=TEST_CLIENTS&available_at=2026-03-28T00:30:00.0000000%2B00:00",
    );
    expect(list.status).toBe(200);
    expect(list.json.results.map((r: { code: string }) => r.code)).toContain(P);
    const detail = await call(productDetail, `/v1/products/${P}/?tariffs_active_at=2026-03-28T00:30:00,5+00`, {
      params: { product: P },
    });
    expect(detail.status).toBe(200);
    expect(detail.json.tariffs_active_at).toBe("2026-03-28T00:30:00Z");
  });
});

describe("the documented datetime range starts at year 1", () => {
  it("accepts Python's datetime.min as period_from, available_at and tariffs_active_at", async () => {
    const all = await rates("");
    const res = await rates("?period_from=0001-01-01T00:00:00");
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(all.json.count);
    const utc = await rates("?period_from=0001-01-01T00:00:00Z&period_to=0099-12-31T23:59:59Z");
    expect(utc.status).toBe(200);
    expect(utc.json.count).toBe(0);
    const list = await call(productList, "/v1/products/?brand=TEST_CLIENTS&available_at=0001-01-01");
    expect(list.status).toBe(200);
    expect(list.json.count).toBe(0);
    const detail = await call(productDetail, `/v1/products/${P}/?tariffs_active_at=0050-06-01T12:00:00Z`, {
      params: { product: P },
    });
    expect(detail.status).toBe(200);
    expect(detail.json.tariffs_active_at).toBe("0050-06-01T12:00:00Z");
  });

  it("refuses year 0 and an offset that moves year 1 back into year 0", async () => {
    for (const bad of ["0000-06-01T00:00:00Z", "0001-01-01T00:00:00+01:00"]) {
      const res = await rates(`?period_from=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.errors).toEqual([expect.objectContaining({ attr: "period_from", code: "invalid_datetime" })]);
    }
  });
});

describe("a NUL byte (%00) in a path segment", () => {
  it("is a 400 null_character at the segment on the product route, as in any field (issue 18)", async () => {
    const res = await call(productDetail, "/v1/products/%00/", { params: { product: "\0" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "null_character",
      errors: [expect.objectContaining({ attr: "product", code: "null_character" })],
    });
  });

  it("is a 400 null_character on the rate routes too", async () => {
    const badProduct = await rates("", `${P}\0`);
    expect(badProduct.status).toBe(400);
    expect(badProduct.json.code).toBe("null_character");
    const badTariff = await rates("", P, `${E1}\0`);
    expect(badTariff.status).toBe(400);
    expect(badTariff.json.errors).toEqual([expect.objectContaining({ attr: "tariff", code: "null_character" })]);
    const gas = await call(gasStanding, `/v1/products/${P}/gas-tariffs/%00/standing-charges/`, {
      params: { product: P, tariff: "\0" },
    });
    expect(gas.status).toBe(400);
    const ok = await call(gasStanding, `/v1/products/${P}/gas-tariffs/${G1}/standing-charges/`, {
      params: { product: P, tariff: G1 },
    });
    expect(ok.status).toBe(200);
  });
});
