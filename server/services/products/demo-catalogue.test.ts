import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { type RateType, TARIFF_REGIONS } from "@/db/schema";
import { type Ctx, systemCtx } from "@/server/context";
import { addDays, formatLondonDate, londonWallTime } from "@/server/lib/time";
import { useTestDb } from "@/test/db";
import { halfHourlyPeriods, latestClockChange, londonMidnight, publishedThrough } from "./demo-calendar";
import { demoProducts, loadDemoProducts } from "./demo-products";
import { getProduct } from "./get-product";
import { listProducts } from "./list-products";
import { listTariffRates } from "./list-tariff-rates";
import { stringifyWithDecimals } from "./public-json";
import { PAYMENT_METHOD_KEYS } from "./public-schemas";
import { parseTariffCode } from "./schemas";

const t = useTestDb();
const ORIGIN = "http://localhost:3000";
const HALF_HOUR = 30 * 60_000;

class Rollback extends Error {}

/** Runs `fn` with the demo catalogue loaded as at the clock, in a transaction rolled back afterwards (the demo codes are shared). */
async function withDemoAt(fn: (ctx: Ctx) => Promise<void>) {
  try {
    await t.db.transaction(async (raw) => {
      const ctx: Ctx = { ...systemCtx(raw as unknown as Db, "test"), inTransaction: true };
      await loadDemoProducts(ctx);
      await fn(ctx);
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
    return;
  }
  throw new Error("not rolled back");
}

const GROUP = {
  "E-1": "single_register_electricity_tariffs",
  "E-2": "dual_register_electricity_tariffs",
  "G-1": "single_register_gas_tariffs",
} as const;
type Detail = Record<string, unknown> &
  Record<(typeof GROUP)[keyof typeof GROUP], Record<string, Record<string, Record<string, unknown>>>>;

/** What every demo product must list: tariff code by group, region and payment-method key. */
function expectedTariffs(now: Date) {
  return demoProducts(now).products.map((p) => ({
    code: p.code,
    availableFrom: p.available_from,
    dayAhead: p.code.startsWith("AGILE") || p.code.startsWith("SILVER"),
    tariffs: (p.tariffs ?? []).map((x) => {
      const parsed = parseTariffCode(x.code)!;
      const group = GROUP[`${x.code.slice(0, 1)}-${parsed.registers}` as keyof typeof GROUP];
      return {
        code: x.code,
        group,
        region: `_${parsed.region}`,
        keys: (x.payment_methods ?? ["DIRECT_DEBIT"]).map((m) => PAYMENT_METHOD_KEYS[m]),
      };
    }),
  }));
}

/** Product detail as a client reads it (JSON, numbers as numbers). */
async function productAt(ctx: Ctx, code: string, at: Date): Promise<Detail> {
  return JSON.parse(
    stringifyWithDecimals(await getProduct(ctx, { code, tariffs_active_at: at.toISOString() }, ORIGIN)),
  );
}

/** Product detail at `at` lists every tariff of the product in all 14 regions, each with a standing charge and unit rate(s). */
async function expectEveryRegion(ctx: Ctx, product: ReturnType<typeof expectedTariffs>[number], at: Date) {
  const detail = await productAt(ctx, product.code, at);
  for (const tariff of product.tariffs) {
    for (const key of tariff.keys) {
      const entry = detail[tariff.group][tariff.region]?.[key];
      expect(entry, `${tariff.code} ${key} at ${at.toISOString()}`).toMatchObject({
        code: tariff.code,
        standing_charge_inc_vat: expect.any(Number),
      });
      const unit =
        tariff.group === GROUP["E-2"]
          ? ["day_unit_rate_inc_vat", "night_unit_rate_inc_vat"]
          : ["standard_unit_rate_inc_vat"];
      for (const field of unit) expect(typeof entry[field], `${tariff.code} ${field}`).toBe("number");
    }
  }
  for (const group of new Set(product.tariffs.map((x) => x.group))) {
    expect(Object.keys(detail[group]), `${product.code} ${group}`).toEqual(TARIFF_REGIONS.map((r) => `_${r}`));
  }
  return detail;
}

/** Every page of a tariff's rates of one type from `from`, following `next` as a client does. */
async function allRates(ctx: Ctx, product: string, tariff: string, rateType: RateType, from: Date, to?: Date) {
  const results: { valid_from: string; valid_to: string | null }[] = [];
  for (let page = 1; ; page++) {
    const query = {
      period_from: from.toISOString(),
      period_to: to?.toISOString(),
      page_size: "1500",
      page: page > 1 ? String(page) : undefined,
    };
    const res = await listTariffRates(ctx, { product, tariff, fuel: "electricity", rateType, query });
    results.push(...JSON.parse(res.resultsJson));
    if (page * res.size >= res.count) return results;
  }
}

const DATES = [
  { label: "the spring clock-change day, 17:00 BST (tomorrow published)", now: "2026-03-29T16:00:00Z" },
  { label: "the autumn clock-change day, 17:00 GMT (tomorrow published)", now: "2026-10-25T17:00:00Z" },
  // A summer day no other test loads rates around (the database may be shared), so what is absent is really absent.
  {
    label: "a normal summer day at 15:59 BST, just before the 16:00 publication",
    now: "2026-06-16T14:59:00Z",
    lastPublished: "2026-06-16",
  },
  { label: "the same day at 16:00 BST, just after it", now: "2026-06-16T15:00:00Z", lastPublished: "2026-06-17" },
];

describe("the demo catalogue loaded with the clock at several dates", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(DATES)(
    "$label: every product has every regional tariff now and tomorrow, Agile rates cover now through what is published",
    async ({ now: iso, lastPublished }) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(iso));
      const now = new Date(iso);
      const today = formatLondonDate(now);
      const published = publishedThrough(now) > today;
      await withDemoAt(async (ctx) => {
        // Other test files' products may share the database: look at the demo's.
        const listed = await listProducts(ctx, { page_size: "1500" }, ORIGIN);
        const expected = expectedTariffs(now);
        // Every product a client sees listed now, and the withdrawn one its customers are still on.
        const live = expected.filter((p) => new Date(`${p.availableFrom}Z`) <= now);
        const demoListed = listed.results.map((p) => p.code).filter((c) => expected.some((p) => p.code === c));
        expect(demoListed.sort()).toEqual(
          live
            .filter((p) => p.code !== "VAR-21-05-01")
            .map((p) => p.code)
            .sort(),
        );
        // Tomorrow at noon London: variable and fixed prices are set ahead; day-ahead ones once published at 16:00.
        const tomorrowNoon = londonWallTime(
          ...(addDays(today, 1).split("-").map(Number) as [number, number, number]),
          12,
        );
        for (const product of live) {
          await expectEveryRegion(ctx, product, now);
          if (!product.dayAhead || published) await expectEveryRegion(ctx, product, tomorrowNoon);
          else {
            // Not published yet: production's answer is an empty regional map, not an error.
            const detail = await productAt(ctx, product.code, tomorrowNoon);
            expect(detail.single_register_electricity_tariffs).toEqual({});
          }
        }

        // Agile, region C: contiguous half hours from its first day (30 days back, or the day before a
        // clock change of the last 62 days) through 23:00 London on the last published day.
        const start = halfHourlyPeriods(now)[0][0];
        expect(start.getTime()).toBeLessThanOrEqual(londonMidnight(addDays(today, -30)).getTime());
        const end = londonWallTime(...(publishedThrough(now).split("-").map(Number) as [number, number, number]), 23);
        const rates = await allRates(ctx, "AGILE-24-10-01", "E-1R-AGILE-24-10-01-C", "standard_unit_rate", start, end);
        expect(rates).toHaveLength((end.getTime() - start.getTime()) / HALF_HOUR);
        expect(rates[0].valid_to).toBe(end.toISOString().replace(".000Z", "Z"));
        expect(rates.at(-1)!.valid_from).toBe(start.toISOString().replace(".000Z", "Z"));
        for (let i = 1; i < rates.length; i++)
          expect(rates[i].valid_to, `gap before ${rates[i - 1].valid_from}`).toBe(rates[i - 1].valid_from);
        const current = rates.filter((r) => new Date(r.valid_from) <= now && now < new Date(r.valid_to!));
        expect(current).toHaveLength(1);

        if (lastPublished) {
          // Nothing after 23:00 London (22:00Z in summer) on the last published day; Tracker's daily price through its midnight.
          const around = {
            period_from: `${lastPublished}T00:00:00`,
            period_to: `${addDays(lastPublished, 3)}T00:00:00`,
            page_size: "1",
          };
          const newest = await listTariffRates(ctx, {
            product: "AGILE-24-10-01",
            tariff: "E-1R-AGILE-24-10-01-C",
            fuel: "electricity",
            rateType: "standard_unit_rate",
            query: around,
          });
          expect(JSON.parse(newest.resultsJson)[0].valid_to).toBe(`${lastPublished}T22:00:00Z`);
          const tracker = await listTariffRates(ctx, {
            product: "SILVER-25-04-01",
            tariff: "E-1R-SILVER-25-04-01-C",
            fuel: "electricity",
            rateType: "standard_unit_rate",
            query: around,
          });
          expect(JSON.parse(tracker.resultsJson)[0].valid_to).toBe(`${lastPublished}T23:00:00Z`);
        }

        // A clock change of the last 62 days, once published whole, keeps its 46 or 50 half hours, inside the series.
        const change = latestClockChange(publishedThrough(now));
        if (change && change < publishedThrough(now) && change >= addDays(today, -62)) {
          const onDay = await allRates(
            ctx,
            "AGILE-24-10-01",
            "E-1R-AGILE-24-10-01-C",
            "standard_unit_rate",
            londonMidnight(change),
            londonMidnight(addDays(change, 1)),
          );
          expect(onDay, change).toHaveLength(change.slice(5, 7) === "03" ? 46 : 50);
          expect(londonMidnight(addDays(change, -1)).getTime()).toBeGreaterThanOrEqual(start.getTime());
        }
      });
    },
    120_000,
  );
});
