import { beforeAll, describe, expect, it } from "vitest";
import { GET as elecDay } from "@/app/v1/products/[product]/electricity-tariffs/[tariff]/day-unit-rates/route";
import { GET as elecNight } from "@/app/v1/products/[product]/electricity-tariffs/[tariff]/night-unit-rates/route";
import { GET as elecUnit } from "@/app/v1/products/[product]/electricity-tariffs/[tariff]/standard-unit-rates/route";
import { GET as elecStanding } from "@/app/v1/products/[product]/electricity-tariffs/[tariff]/standing-charges/route";
import { GET as gasUnit } from "@/app/v1/products/[product]/gas-tariffs/[tariff]/standard-unit-rates/route";
import { GET as gasStanding } from "@/app/v1/products/[product]/gas-tariffs/[tariff]/standing-charges/route";
import { GET as productDetail } from "@/app/v1/products/[product]/route";
import { GET as productList } from "@/app/v1/products/route";
import { systemCtx } from "@/server/context";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { loadDemoProducts } from "./demo-products";
import { ProductDetail, ProductPage, UnitRatePage } from "./public-schemas";

const t = useTestDb();

/** Field lists and types exactly as the spec's "Product (public)", "Unit rate (public)" and "Page wrapper" state them. */
const SPEC_PRODUCT: Record<string, "string" | "boolean" | "nullable" | "datetime" | "datetime?" | "links"> = {
  code: "string", direction: "string", full_name: "string", display_name: "string", description: "string",
  is_variable: "boolean", is_green: "boolean", is_tracker: "boolean", is_prepay: "boolean", is_business: "boolean", is_restricted: "boolean",
  term: "nullable", available_from: "datetime", available_to: "datetime?", links: "links", brand: "string",
};
const SPEC_UNIT_RATE: Record<string, "number" | "datetime" | "datetime?" | "nullable"> = {
  value_exc_vat: "number", value_inc_vat: "number", valid_from: "datetime", valid_to: "datetime?", payment_method: "nullable",
};
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function checkField(value: unknown, type: string, where: string) {
  if (type === "string" || type === "boolean" || type === "number") expect(typeof value, where).toBe(type);
  if (type === "datetime") expect(value, where).toMatch(DATETIME);
  if (type === "datetime?" && value !== null) expect(value, where).toMatch(DATETIME);
  if (type === "links") {
    expect(Array.isArray(value), where).toBe(true);
    for (const link of value as Record<string, unknown>[]) expect(Object.keys(link).sort(), where).toEqual(["href", "method", "rel"]);
  }
}

function checkAgainstSpec(item: Record<string, unknown>, spec: Record<string, string>, where: string) {
  for (const [field, type] of Object.entries(spec)) {
    expect(item, `${where} lacks ${field}`).toHaveProperty(field);
    checkField(item[field], type, `${where}.${field}`);
  }
}

function checkPage(body: Record<string, unknown>) {
  expect(Object.keys(body)).toEqual(["count", "next", "previous", "results"]);
  expect(Number.isInteger(body.count)).toBe(true);
  for (const k of ["next", "previous"]) if (body[k] !== null) expect(String(body[k])).toMatch(/^https?:\/\/[^/]+\/v1\//);
}

const RATE_ROUTES = {
  "electricity-tariffs/standard-unit-rates": elecUnit,
  "electricity-tariffs/standing-charges": elecStanding,
  "electricity-tariffs/day-unit-rates": elecDay,
  "electricity-tariffs/night-unit-rates": elecNight,
  "gas-tariffs/standard-unit-rates": gasUnit,
  "gas-tariffs/standing-charges": gasStanding,
} as const;

/** Follows an absolute link from a response through the matching route handler. */
function follow(href: string) {
  const url = new URL(href);
  const m = /^\/v1\/products\/([^/]+)\/((?:electricity|gas)-tariffs)\/([^/]+)\/([a-z-]+)\/$/.exec(url.pathname);
  if (!m) throw new Error(`unexpected link ${href}`);
  const handler = RATE_ROUTES[`${m[2]}/${m[4]}` as keyof typeof RATE_ROUTES];
  return call(handler, url.pathname + url.search, { params: { product: m[1], tariff: m[3] } });
}

beforeAll(async () => {
  await loadDemoProducts(systemCtx(t.db));
}, 60_000);

describe("contract: responses match the spec's field lists and the OpenAPI schemas", () => {
  it("product list items", async () => {
    const res = await call(productList, "/v1/products/?page_size=3");
    checkPage(res.json);
    expect(ProductPage.parse(res.json)).toEqual(res.json);
    for (const [i, item] of res.json.results.entries()) {
      checkAgainstSpec(item, SPEC_PRODUCT, `results.${i}`);
      expect(Object.keys(item).sort()).toEqual(Object.keys(SPEC_PRODUCT).sort());
      expect(item.links[0]).toMatchObject({ method: "GET", rel: "self" });
      const self = await call(productDetail, new URL(item.links[0].href).pathname, { params: { product: item.code } });
      expect(self.status).toBe(200);
    }
  });

  it("product detail, and every tariff link in it answers with a page of unit rates", async () => {
    for (const code of ["VAR-22-11-01", "AGILE-24-10-01", "PREPAY-VAR-24-04-01", "OUTGOING-VAR-24-10-26"]) {
      const res = await call(productDetail, `/v1/products/${code}/?tariffs_active_at=2026-10-25T01:30:00`, { params: { product: code } });
      expect(res.status).toBe(200);
      expect(ProductDetail.parse(res.json)).toEqual(res.json);
      checkAgainstSpec(res.json, SPEC_PRODUCT, code);
      // typed clients (e.g. a Kotlin DTO) require sample_consumption, and electricity_single_rate in every quote
      expect(res.json.sample_consumption.electricity_single_rate.electricity_standard).toBe(2700);
      for (const byPm of Object.values(res.json.sample_quotes as Record<string, Record<string, object>>)) {
        for (const quote of Object.values(byPm)) expect(quote).toHaveProperty("electricity_single_rate");
      }
      const groups = ["single_register_electricity_tariffs", "dual_register_electricity_tariffs", "single_register_gas_tariffs"] as const;
      const entries = groups.flatMap((g) => Object.values(res.json[g] as Record<string, Record<string, { code: string; links: { href: string }[] }>>).flatMap((byPm) => Object.values(byPm)));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries.filter((e) => e.code.endsWith("-C"))) {
        for (const link of entry.links) {
          const rates = await follow(link.href);
          expect(rates.status, link.href).toBe(200);
          checkPage(rates.json);
          expect(UnitRatePage.parse(rates.json)).toEqual(rates.json);
          expect(rates.json.count).toBeGreaterThan(0);
        }
      }
    }
  });

  it("VAR-22-11-01 lists every region except I and O, with both payment methods", async () => {
    const res = await call(productDetail, "/v1/products/VAR-22-11-01/", { params: { product: "VAR-22-11-01" } });
    const regions = Object.keys(res.json.single_register_electricity_tariffs);
    expect(regions).toEqual(["_A", "_B", "_C", "_D", "_E", "_F", "_G", "_H", "_J", "_K", "_L", "_M", "_N", "_P"]);
    expect(Object.keys(res.json.single_register_electricity_tariffs._C)).toEqual(["direct_debit_monthly", "varying"]);
    expect(res.json.single_register_electricity_tariffs._C.direct_debit_monthly.code).toBe("E-1R-VAR-22-11-01-C");
    expect(res.json.single_register_gas_tariffs._C.varying.code).toBe("G-1R-VAR-22-11-01-C");
  });

  it("unit-rate results, 1,500 to a page, with values exactly as stored", async () => {
    const url = "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-C/standard-unit-rates/?page_size=1500&period_from=2026-10-20T00:00:00&period_to=2026-11-23T00:00:00";
    const res = await call(elecUnit, url, { params: { product: "AGILE-24-10-01", tariff: "E-1R-AGILE-24-10-01-C" } });
    checkPage(res.json);
    expect(res.json.results).toHaveLength(1500);
    expect(res.json.count).toBe(34 * 48 + 2);
    expect(res.json.next).toMatch(/page=2/);
    UnitRatePage.parse(res.json);
    for (const [i, rate] of res.json.results.entries()) {
      expect(Object.keys(rate), `results.${i}`).toEqual(Object.keys(SPEC_UNIT_RATE));
      checkAgainstSpec(rate, SPEC_UNIT_RATE, `results.${i}`);
    }
    // numbers are written from the numeric column's text: at most 6 decimals, never float noise
    const raw = JSON.stringify(res.json);
    expect(raw).not.toMatch(/\d\.\d{7,}/);
    const last = await call(elecUnit, res.json.next, { params: { product: "AGILE-24-10-01", tariff: "E-1R-AGILE-24-10-01-C" } });
    expect(last.json.results).toHaveLength(34 * 48 + 2 - 1500);
    expect(last.json.next).toBeNull();
  });

  it("page_size=25000, as clients send it, is capped at 1,500 and next keeps the client's page_size", async () => {
    const params = { product: "AGILE-24-10-01", tariff: "E-1R-AGILE-24-10-01-C" };
    const url = "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-C/standard-unit-rates/?page_size=25000&period_from=2026-10-20T00:00:00&period_to=2026-11-23T00:00:00";
    const res = await call(elecUnit, url, { params });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(34 * 48 + 2);
    expect(res.json.results).toHaveLength(1500);
    expect(new URL(res.json.next).searchParams.get("page_size")).toBe("25000");
    const rest = await call(elecUnit, res.json.next, { params });
    expect(rest.json.results).toHaveLength(34 * 48 + 2 - 1500);
    expect(rest.json.next).toBeNull();
  });
});
