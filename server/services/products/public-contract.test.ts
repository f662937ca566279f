import { beforeAll, describe, expect, it } from "vitest";
import { electricityDayUnitRatesHandler as elecDay } from "@/server/rest/routes/public";
import { electricityNightUnitRatesHandler as elecNight } from "@/server/rest/routes/public";
import { electricityStandardUnitRatesHandler as elecUnit } from "@/server/rest/routes/public";
import { electricityStandingChargesHandler as elecStanding } from "@/server/rest/routes/public";
import { gasStandardUnitRatesHandler as gasUnit } from "@/server/rest/routes/public";
import { gasStandingChargesHandler as gasStanding } from "@/server/rest/routes/public";
import { productDetailHandler as productDetail } from "@/server/rest/routes/public";
import { productListHandler as productList } from "@/server/rest/routes/public";
import { systemCtx } from "@/server/context";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { addDays, londonToday, londonWallTime } from "@/server/lib/time";
import { londonMidnight, publishedThrough } from "./demo-calendar";
import { DEMO_PRODUCT_CODES, loadDemoProducts } from "./demo-products";
import { ProductDetail, ProductPage, UnitRatePage } from "./public-schemas";

const t = useTestDb();

/** Field lists and types exactly as the spec's "Product (public)", "Unit rate (public)" and "Page wrapper" state them. */
const SPEC_PRODUCT: Record<string, "string" | "boolean" | "nullable" | "datetime" | "datetime?" | "links"> = {
  code: "string",
  direction: "string",
  full_name: "string",
  display_name: "string",
  description: "string",
  is_variable: "boolean",
  is_green: "boolean",
  is_tracker: "boolean",
  is_prepay: "boolean",
  is_business: "boolean",
  is_restricted: "boolean",
  term: "nullable",
  available_from: "datetime",
  available_to: "datetime?",
  links: "links",
  brand: "string",
};
const SPEC_UNIT_RATE: Record<string, "number" | "datetime" | "datetime?" | "nullable"> = {
  value_exc_vat: "number",
  value_inc_vat: "number",
  valid_from: "datetime",
  valid_to: "datetime?",
  payment_method: "nullable",
};
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function checkField(value: unknown, type: string, where: string) {
  if (type === "string" || type === "boolean" || type === "number") expect(typeof value, where).toBe(type);
  if (type === "datetime") expect(value, where).toMatch(DATETIME);
  if (type === "datetime?" && value !== null) expect(value, where).toMatch(DATETIME);
  if (type === "links") {
    expect(Array.isArray(value), where).toBe(true);
    for (const link of value as Record<string, unknown>[])
      expect(Object.keys(link).sort(), where).toEqual(["href", "method", "rel"]);
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
  for (const k of ["next", "previous"])
    if (body[k] !== null) expect(String(body[k])).toMatch(/^https?:\/\/[^/]+\/v1\//);
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
  // Agile as a demo loaded ten days ago left it too: 40 days of half hours, enough for a full 1,500-rate page.
  await loadDemoProducts(systemCtx(t.db), { only: ["AGILE-24-10-01"], now: new Date(Date.now() - 10 * 86_400_000) });
}, 120_000);

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
      const res = await call(productDetail, `/v1/products/${code}/`, { params: { product: code } });
      expect(res.status).toBe(200);
      expect(ProductDetail.parse(res.json)).toEqual(res.json);
      checkAgainstSpec(res.json, SPEC_PRODUCT, code);
      // typed clients (e.g. a Kotlin DTO) require sample_consumption, and electricity_single_rate in every quote
      expect(res.json.sample_consumption.electricity_single_rate.electricity_standard).toBe(2700);
      for (const byPm of Object.values(res.json.sample_quotes as Record<string, Record<string, object>>)) {
        for (const quote of Object.values(byPm)) expect(quote).toHaveProperty("electricity_single_rate");
      }
      const groups = [
        "single_register_electricity_tariffs",
        "dual_register_electricity_tariffs",
        "single_register_gas_tariffs",
      ] as const;
      const entries = groups.flatMap((g) =>
        Object.values(
          res.json[g] as Record<string, Record<string, { code: string; links: { href: string }[] }>>,
        ).flatMap((byPm) => Object.values(byPm)),
      );
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
    const { url, count } = agileWindow(40);
    const res = await call(elecUnit, `${url}&page_size=1500`, { params: AGILE });
    checkPage(res.json);
    expect(res.json.results).toHaveLength(1500);
    expect(res.json.count).toBe(count);
    expect(res.json.next).toMatch(/page=2/);
    UnitRatePage.parse(res.json);
    for (const [i, rate] of res.json.results.entries()) {
      expect(Object.keys(rate), `results.${i}`).toEqual(Object.keys(SPEC_UNIT_RATE));
      checkAgainstSpec(rate, SPEC_UNIT_RATE, `results.${i}`);
    }
    // numbers are written from the numeric column's text: at most 6 decimals, never float noise
    const raw = JSON.stringify(res.json);
    expect(raw).not.toMatch(/\d\.\d{7,}/);
    const last = await call(elecUnit, res.json.next, { params: AGILE });
    expect(last.json.results).toHaveLength(count - 1500);
    expect(last.json.next).toBeNull();
  });

  it("page_size=25000, as clients send it, is capped at 1,500 and next keeps the client's page_size", async () => {
    const { url, count } = agileWindow(40);
    const res = await call(elecUnit, `${url}&page_size=25000`, { params: AGILE });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(count);
    expect(res.json.results).toHaveLength(1500);
    expect(new URL(res.json.next).searchParams.get("page_size")).toBe("25000");
    const rest = await call(elecUnit, res.json.next, { params: AGILE });
    expect(rest.json.results).toHaveLength(count - 1500);
    expect(rest.json.next).toBeNull();
  });
});

const AGILE = { product: "AGILE-24-10-01", tariff: "E-1R-AGILE-24-10-01-C" };

/** Agile's rates from London midnight `days` ago to London midnight today: contiguous half hours (46 or 50 on a clock-change day). */
function agileWindow(days: number) {
  const today = londonToday();
  const from = londonMidnight(addDays(today, -days));
  const to = londonMidnight(today);
  const url = `/v1/products/${AGILE.product}/electricity-tariffs/${AGILE.tariff}/standard-unit-rates/?period_from=${addDays(today, -days)}T00:00:00&period_to=${today}T00:00:00`;
  return { url, count: (to.getTime() - from.getTime()) / (30 * 60_000), from, to };
}

/** Follows `next` from `url` to the end, checking each page's wrapper and `previous` on the way. */
async function everyPage(handler: Parameters<typeof call>[0], url: string, params?: Record<string, string>) {
  const pages: { count: number; next: string | null; previous: string | null; results: Record<string, unknown>[] }[] =
    [];
  for (let next: string | null = url; next; next = pages.at(-1)!.next) {
    const res = await call(handler, next, { params });
    expect(res.status, next).toBe(200);
    checkPage(res.json);
    if (pages.length) {
      expect(res.json.count).toBe(pages[0].count);
      expect(new URL(res.json.previous).searchParams.get("page") ?? "1").toBe(String(pages.length));
    } else expect(res.json.previous).toBeNull();
    pages.push(res.json);
  }
  return { count: pages[0].count, pages: pages.length, results: pages.flatMap((p) => p.results) };
}

/** Production's product detail, field by field, in its order (platform-facts.md; spec's Product plus the detail's own). */
const DETAIL_KEYS = [
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
];
const TARIFF_KEYS = [
  "code",
  "standing_charge_exc_vat",
  "standing_charge_inc_vat",
  "online_discount_exc_vat",
  "online_discount_inc_vat",
  "dual_fuel_discount_exc_vat",
  "dual_fuel_discount_inc_vat",
  "exit_fees_exc_vat",
  "exit_fees_inc_vat",
  "exit_fees_type",
  "links",
];
const REGIONS = ["_A", "_B", "_C", "_D", "_E", "_F", "_G", "_H", "_J", "_K", "_L", "_M", "_N", "_P"];

describe("contract: every product, tariff and rate route as clients walk it (platform-facts.md)", () => {
  it("the product list, paged two at a time and followed to the end, has every product once, in code order, each field as production's", async () => {
    const all = await everyPage(productList, "/v1/products/?page_size=2");
    expect(all.results).toHaveLength(all.count);
    expect(all.pages).toBe(Math.ceil(all.count / 2));
    const codes = all.results.map((p) => p.code as string);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    // The demo's available products (the withdrawn VAR-21-05-01 is not listed by default).
    expect(codes).toEqual(
      expect.arrayContaining([
        "AGILE-24-10-01",
        "VAR-22-11-01",
        "SILVER-25-04-01",
        "OUTGOING-VAR-24-10-26",
        "OE-FIX-12M-26-09-01",
      ]),
    );
    expect(codes).not.toContain("VAR-21-05-01");
    for (const item of all.results) {
      expect(Object.keys(item)).toEqual(Object.keys(SPEC_PRODUCT));
      checkAgainstSpec(item, SPEC_PRODUCT, String(item.code));
      expect(item.links).toEqual([
        { href: `http://localhost:3000/v1/products/${item.code}/`, method: "GET", rel: "self" },
      ]);
      expect(item.term === null || Number.isInteger(item.term)).toBe(true);
      expect(["IMPORT", "EXPORT"]).toContain(item.direction);
    }
  });

  it("a findProductCode-style lookup by display name finds the variable product, and its regional tariff is priced now", async () => {
    const all = await everyPage(productList, "/v1/products/?brand=OCTOPUS_ENERGY&is_variable=true");
    const flexible = all.results.filter(
      (p) => p.display_name === "Flexible Octopus" && p.direction === "IMPORT" && !p.is_prepay && !p.is_business,
    );
    expect(flexible.map((p) => [p.code, p.full_name, p.available_to])).toEqual([
      ["VAR-22-11-01", "Flexible Octopus", null],
    ]);
    // Clients match loosely too: nothing else is named like it, so the first match is the same product.
    expect(all.results.find((p) => String(p.display_name).includes("Flexible"))?.code).toBe("VAR-22-11-01");
    expect(all.results.find((p) => p.display_name === "Agile Octopus")?.code).toBe("AGILE-24-10-01");
    const detail = await call(productDetail, "/v1/products/VAR-22-11-01/", { params: { product: "VAR-22-11-01" } });
    const tariff = detail.json.single_register_electricity_tariffs._H.direct_debit_monthly;
    expect(tariff.code).toBe("E-1R-VAR-22-11-01-H");
    const rates = await follow(tariff.links.find((l: { rel: string }) => l.rel === "standard_unit_rates").href);
    const now = Date.now();
    const current = rates.json.results.filter(
      (r: { valid_from: string; valid_to: string | null; payment_method: string | null }) =>
        Date.parse(r.valid_from) <= now &&
        (r.valid_to === null || now < Date.parse(r.valid_to)) &&
        r.payment_method !== "NON_DIRECT_DEBIT",
    );
    expect(current).toHaveLength(1);
    expect(current[0].value_inc_vat).toBe(tariff.standard_unit_rate_inc_vat);
  });

  it("product detail of every product: production's fields in order, every region, each tariff entry field by field", async () => {
    // Every demo product listed now (other files' products may share the database), and the withdrawn one.
    const listed = (await everyPage(productList, "/v1/products/?page_size=100")).results.map((p) => p.code as string);
    const codes = DEMO_PRODUCT_CODES.filter((c) => listed.includes(c) || c === "VAR-21-05-01");
    expect(codes.length).toBeGreaterThanOrEqual(8);
    for (const code of codes) {
      const res = await call(productDetail, `/v1/products/${code}/`, { params: { product: code } });
      expect(res.status, code).toBe(200);
      expect(Object.keys(res.json), code).toEqual(DETAIL_KEYS);
      expect(res.json.tariffs_active_at).toMatch(DATETIME);
      expect(res.json.links).toEqual([
        { href: `http://localhost:3000/v1/products/${code}/`, method: "GET", rel: "self" },
      ]);
      let groups = 0;
      for (const group of [
        "single_register_electricity_tariffs",
        "dual_register_electricity_tariffs",
        "single_register_gas_tariffs",
      ] as const) {
        const byRegion = res.json[group] as Record<string, Record<string, Record<string, unknown>>>;
        if (!Object.keys(byRegion).length) continue;
        groups += 1;
        expect(Object.keys(byRegion), `${code} ${group}`).toEqual(REGIONS);
        for (const [region, byMethod] of Object.entries(byRegion)) {
          for (const [method, entry] of Object.entries(byMethod)) {
            expect(["direct_debit_monthly", "varying", "prepayment"]).toContain(method);
            const unit =
              group === "dual_register_electricity_tariffs"
                ? [
                    "day_unit_rate_exc_vat",
                    "day_unit_rate_inc_vat",
                    "night_unit_rate_exc_vat",
                    "night_unit_rate_inc_vat",
                  ]
                : ["standard_unit_rate_exc_vat", "standard_unit_rate_inc_vat"];
            expect(Object.keys(entry), `${code} ${region} ${method}`).toEqual([...TARIFF_KEYS, ...unit]);
            expect(entry.code).toBe(
              `${group === "single_register_gas_tariffs" ? "G-1R" : group === "dual_register_electricity_tariffs" ? "E-2R" : "E-1R"}-${code}-${region.slice(1)}`,
            );
            for (const k of [...TARIFF_KEYS.filter((f) => f.endsWith("_vat")), ...unit])
              expect(typeof entry[k], `${entry.code}.${k}`).toBe("number");
            expect(["NONE", "PER_FUEL", "PER_PRODUCT"]).toContain(entry.exit_fees_type);
            const rels = (entry.links as { rel: string; method: string; href: string }[]).map((l) => l.rel);
            expect(rels).toEqual(
              group === "dual_register_electricity_tariffs"
                ? ["standing_charges", "day_unit_rates", "night_unit_rates"]
                : ["standing_charges", "standard_unit_rates"],
            );
          }
        }
      }
      expect(groups, `${code} has tariffs now`).toBeGreaterThan(0);
      expect(ProductDetail.parse(res.json)).toEqual(res.json);
    }
  });

  it("standing charges: newest first, each payment method's own price, bounded by period_from/period_to, paged by page_size", async () => {
    // Four price-cap quarters back through the next one are set: take the last 12 months.
    const today = londonToday();
    const query = `?period_from=${addDays(today, -365)}T00:00:00&period_to=${today}T00:00:00&page_size=3`;
    for (const tariff of ["E-1R-VAR-22-11-01-C", "E-2R-VAR-22-11-01-C"]) {
      const all = await everyPage(
        elecStanding,
        `/v1/products/VAR-22-11-01/electricity-tariffs/${tariff}/standing-charges/${query}`,
        { product: "VAR-22-11-01", tariff },
      );
      expect(all.results).toHaveLength(all.count);
      // 4 or 5 quarters overlap a year, each priced for direct debit and non-direct-debit
      expect([8, 10]).toContain(all.count);
      for (const [i, rate] of all.results.entries()) {
        expect(Object.keys(rate)).toEqual(Object.keys(SPEC_UNIT_RATE));
        checkAgainstSpec(rate, SPEC_UNIT_RATE, `${tariff}.${i}`);
        expect(["DIRECT_DEBIT", "NON_DIRECT_DEBIT"]).toContain(rate.payment_method);
        if (i > 0)
          expect(Date.parse(rate.valid_from as string)).toBeLessThanOrEqual(
            Date.parse(all.results[i - 1].valid_from as string),
          );
        expect(Date.parse(rate.valid_to as string)).toBeGreaterThan(Date.parse(`${addDays(today, -366)}T00:00:00Z`));
        expect(Date.parse(rate.valid_from as string)).toBeLessThan(Date.parse(`${today}T01:00:00Z`));
      }
      const [dd, ndd] = ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"].map((m) =>
        all.results.filter((r) => r.payment_method === m),
      );
      expect(dd.map((r) => r.valid_from)).toEqual(ndd.map((r) => r.valid_from));
      dd.forEach((r, i) => expect(Number(ndd[i].value_exc_vat)).toBeGreaterThan(Number(r.value_exc_vat)));
    }
  });

  it("day and night unit rates of a dual-register tariff and gas rates: same shape, the quarter in force now on page 1", async () => {
    const now = Date.now();
    for (const [handler, path, tariff] of [
      [elecDay, "electricity-tariffs", "E-2R-VAR-22-11-01-C"],
      [elecNight, "electricity-tariffs", "E-2R-VAR-22-11-01-C"],
      [gasUnit, "gas-tariffs", "G-1R-VAR-22-11-01-C"],
      [gasStanding, "gas-tariffs", "G-1R-VAR-22-11-01-C"],
    ] as const) {
      const rateType =
        handler === elecDay
          ? "day-unit-rates"
          : handler === elecNight
            ? "night-unit-rates"
            : handler === gasUnit
              ? "standard-unit-rates"
              : "standing-charges";
      const url = `/v1/products/VAR-22-11-01/${path}/${tariff}/${rateType}/?period_from=${new Date(now).toISOString()}&period_to=${new Date(now + 1000).toISOString()}&page_size=1`;
      const all = await everyPage(handler, url, { product: "VAR-22-11-01", tariff });
      // In force at this instant: one price for each payment method.
      expect(all.count, `${tariff} ${rateType}`).toBe(2);
      expect(all.pages).toBe(2);
      for (const rate of all.results) {
        expect(Object.keys(rate)).toEqual(Object.keys(SPEC_UNIT_RATE));
        checkAgainstSpec(rate, SPEC_UNIT_RATE, `${tariff} ${rateType}`);
        expect(Date.parse(rate.valid_from as string)).toBeLessThanOrEqual(now);
        expect(Date.parse(rate.valid_to as string)).toBeGreaterThan(now);
      }
    }
    const day = await call(
      elecDay,
      "/v1/products/VAR-22-11-01/electricity-tariffs/E-2R-VAR-22-11-01-C/day-unit-rates/",
      { params: { product: "VAR-22-11-01", tariff: "E-2R-VAR-22-11-01-C" } },
    );
    const night = await call(
      elecNight,
      "/v1/products/VAR-22-11-01/electricity-tariffs/E-2R-VAR-22-11-01-C/night-unit-rates/",
      { params: { product: "VAR-22-11-01", tariff: "E-2R-VAR-22-11-01-C" } },
    );
    expect(Number(day.json.results[0].value_inc_vat)).toBeGreaterThan(Number(night.json.results[0].value_inc_vat));
  });

  it("Agile covers now, and tomorrow from 16:00 London, in contiguous half hours", async () => {
    const now = new Date();
    const end = londonWallTime(...(publishedThrough(now).split("-").map(Number) as [number, number, number]), 23);
    const url = `/v1/products/${AGILE.product}/electricity-tariffs/${AGILE.tariff}/standard-unit-rates/?period_from=${now.toISOString()}&page_size=1500`;
    const all = await everyPage(elecUnit, url, AGILE);
    const inWindow = all.results.filter((r) => Date.parse(r.valid_from as string) < end.getTime());
    expect(Date.parse(inWindow.at(-1)!.valid_from as string)).toBeLessThanOrEqual(now.getTime());
    expect(Date.parse(inWindow[0].valid_to as string)).toBeGreaterThanOrEqual(end.getTime());
    for (let i = 1; i < inWindow.length; i++) expect(inWindow[i].valid_to).toBe(inWindow[i - 1].valid_from);
  });
});

describe("contract: a product or tariff a region does not have (production's answers)", () => {
  it("a region without the tariff is absent from the regional map; a fuel the product lacks is an empty map", async () => {
    const res = await call(productDetail, "/v1/products/AGILE-24-10-01/", { params: { product: "AGILE-24-10-01" } });
    expect(res.json.single_register_gas_tariffs).toEqual({});
    expect(res.json.dual_register_electricity_tariffs).toEqual({});
    expect(res.json.single_register_electricity_tariffs._I).toBeUndefined();
    expect(res.json.single_register_electricity_tariffs._O).toBeUndefined();
    // Before the product's prices begin there is nothing in force: empty maps, still a 200.
    const early = await call(productDetail, "/v1/products/AGILE-24-10-01/?tariffs_active_at=2020-01-01T00:00:00Z", {
      params: { product: "AGILE-24-10-01" },
    });
    expect(early.status).toBe(200);
    expect(early.json.single_register_electricity_tariffs).toEqual({});
    expect(early.json.sample_quotes).toEqual({});
  });

  it("a tariff code for a region, fuel or register count the product does not have is a 404 on every rate route", async () => {
    const cases: [Parameters<typeof call>[0], string, string, string][] = [
      [elecUnit, "electricity-tariffs", "E-1R-AGILE-24-10-01-I", "standard-unit-rates"],
      [elecStanding, "electricity-tariffs", "E-1R-AGILE-24-10-01-Z", "standing-charges"],
      [elecDay, "electricity-tariffs", "E-2R-AGILE-24-10-01-C", "day-unit-rates"],
      [gasUnit, "gas-tariffs", "G-1R-AGILE-24-10-01-C", "standard-unit-rates"],
      [gasStanding, "gas-tariffs", "E-1R-AGILE-24-10-01-C", "standing-charges"],
      [elecUnit, "electricity-tariffs", "E-1R-VAR-22-11-01-C", "standard-unit-rates"],
    ];
    for (const [handler, path, tariff, rates] of cases) {
      const res = await call(handler, `/v1/products/AGILE-24-10-01/${path}/${tariff}/${rates}/`, {
        params: { product: "AGILE-24-10-01", tariff },
      });
      expect(res.status, tariff).toBe(404);
      expect(res.json, tariff).toMatchObject({ code: "tariff_not_found", errors: [] });
    }
    const unknown = await call(
      elecUnit,
      "/v1/products/NO-SUCH-1/electricity-tariffs/E-1R-NO-SUCH-1-C/standard-unit-rates/",
      { params: { product: "NO-SUCH-1", tariff: "E-1R-NO-SUCH-1-C" } },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("product_not_found");
  });
});
