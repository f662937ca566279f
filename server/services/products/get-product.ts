import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { type PaymentMethod, products, type RateType, tariffRates, tariffs } from "@/db/schema";
import { type Ctx, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { isoSeconds } from "../../lib/time";
import { productJson } from "./list-products";
import { dec } from "./public-json";
import { PAYMENT_METHOD_KEYS, parseQueryDateTime } from "./public-schemas";
import { type Price, type QuoteParts, SAMPLE_CONSUMPTION, sampleQuote } from "./sample-quotes";

type Tariff = typeof tariffs.$inferSelect;

export function productNotFound(code: string) {
  return new ServiceError("not_found", "product_not_found", `No product with code '${code}'.`);
}

/**
 * A code from the path as a lookup value. PostgreSQL text cannot hold NUL (`%00` in the
 * path), so it is swapped for U+FFFD: the lookup then finds nothing (codes are ASCII) and
 * the caller answers 404 instead of the driver failing with a 500.
 */
export const lookupCode = (code: string) => code.replaceAll("\0", "\uFFFD");

const RATE_PATHS: Record<RateType, { path: string; rel: string; field: string }> = {
  standing_charge: { path: "standing-charges", rel: "standing_charges", field: "standing_charge" },
  standard_unit_rate: { path: "standard-unit-rates", rel: "standard_unit_rates", field: "standard_unit_rate" },
  day_unit_rate: { path: "day-unit-rates", rel: "day_unit_rates", field: "day_unit_rate" },
  night_unit_rate: { path: "night-unit-rates", rel: "night_unit_rates", field: "night_unit_rate" },
};

export function rateTypesOf(t: Pick<Tariff, "registers">): RateType[] {
  return t.registers === 2
    ? ["standing_charge", "day_unit_rate", "night_unit_rate"]
    : ["standing_charge", "standard_unit_rate"];
}

/**
 * The product with its tariffs keyed by region then payment method, priced as at
 * `tariffs_active_at` (default now), and production's sample quotes for those prices.
 * A tariff without a price in force then is left out.
 */
export async function getProduct(ctx: Ctx, input: { code: string; tariffs_active_at?: string }, origin: string) {
  const at = parseQueryDateTime(input.tariffs_active_at) ?? new Date();
  return withTransaction(ctx, async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.code, lookupCode(input.code)));
    if (!product) throw productNotFound(input.code);
    const list = await tx
      .select()
      .from(tariffs)
      .where(eq(tariffs.productId, product.id))
      .orderBy(asc(tariffs.region), asc(tariffs.code));
    const active = await tx
      .select({
        tariffId: tariffRates.tariffId,
        type: tariffRates.rateType,
        pm: tariffRates.paymentMethod,
        exc: tariffRates.valueExcVat,
        inc: tariffRates.valueIncVat,
      })
      .from(tariffRates)
      .innerJoin(tariffs, eq(tariffs.id, tariffRates.tariffId))
      .where(
        and(
          eq(tariffs.productId, product.id),
          lte(tariffRates.validFrom, at),
          or(isNull(tariffRates.validTo), gt(tariffRates.validTo, at)),
        ),
      );
    const prices = new Map(active.map((r) => [`${r.tariffId}|${r.type}|${r.pm ?? ""}`, { exc: r.exc, inc: r.inc }]));
    const price = (t: Tariff, type: RateType, pm: PaymentMethod): Price | undefined =>
      prices.get(`${t.id}|${type}|${pm}`) ?? prices.get(`${t.id}|${type}|`);

    const groups = {
      single_register_electricity_tariffs: {} as ByRegion<Record<string, unknown>>,
      dual_register_electricity_tariffs: {} as ByRegion<Record<string, unknown>>,
      single_register_gas_tariffs: {} as ByRegion<Record<string, unknown>>,
    };
    const parts: ByRegion<QuoteParts> = {};
    const productUrl = `${origin}/v1/products/${encodeURIComponent(product.code)}`;
    for (const t of list) {
      // Gas is always single register (the loader's check constraint).
      const kind = t.fuel === "gas" ? "gas" : t.registers === 2 ? "dual" : "single";
      const group = groups[GROUP_OF[kind]];
      for (const pm of t.paymentMethods) {
        const found = rateTypesOf(t).map((type) => price(t, type, pm));
        if (found.some((p) => !p)) continue;
        const [sc, a, b] = found as Price[];
        const region = `_${t.region}`;
        const key = PAYMENT_METHOD_KEYS[pm];
        (group[region] ??= {})[key] = tariffEntry(t, found as Price[], productUrl);
        const part = ((parts[region] ??= {})[key] ??= {});
        if (kind === "dual") part.dual = { sc, day: a, night: b };
        else part[kind] = { sc, unit: a };
      }
    }
    const { links, brand, ...head } = productJson(product, origin);
    return {
      ...head,
      tariffs_active_at: isoSeconds(at),
      ...groups,
      sample_quotes: sampleQuotes(parts),
      sample_consumption: SAMPLE_CONSUMPTION,
      links,
      brand,
    };
  });
}

type ByRegion<T> = Record<string, Record<string, T>>;

const GROUP_OF = {
  single: "single_register_electricity_tariffs",
  dual: "dual_register_electricity_tariffs",
  gas: "single_register_gas_tariffs",
} as const;

function sampleQuotes(parts: ByRegion<QuoteParts>) {
  const out: ByRegion<NonNullable<ReturnType<typeof sampleQuote>>> = {};
  for (const [region, byMethod] of Object.entries(parts)) {
    for (const [key, p] of Object.entries(byMethod)) {
      const quote = sampleQuote(p);
      if (quote) (out[region] ??= {})[key] = quote;
    }
  }
  return out;
}

function tariffEntry(t: Tariff, [sc, ...units]: Price[], productUrl: string) {
  const types = rateTypesOf(t);
  const base = `${productUrl}/${t.fuel === "gas" ? "gas-tariffs" : "electricity-tariffs"}/${encodeURIComponent(t.code)}`;
  const entry: Record<string, unknown> = {
    code: t.code,
    standing_charge_exc_vat: dec(sc.exc),
    standing_charge_inc_vat: dec(sc.inc),
    online_discount_exc_vat: dec(t.onlineDiscountExcVat),
    online_discount_inc_vat: dec(t.onlineDiscountIncVat),
    dual_fuel_discount_exc_vat: dec(t.dualFuelDiscountExcVat),
    dual_fuel_discount_inc_vat: dec(t.dualFuelDiscountIncVat),
    exit_fees_exc_vat: dec(t.exitFeesExcVat),
    exit_fees_inc_vat: dec(t.exitFeesIncVat),
    exit_fees_type: t.exitFeesType,
    links: types.map((type) => ({
      href: `${base}/${RATE_PATHS[type].path}/`,
      method: "GET",
      rel: RATE_PATHS[type].rel,
    })),
  };
  types.slice(1).forEach((type, i) => {
    entry[`${RATE_PATHS[type].field}_exc_vat`] = dec(units[i].exc);
    entry[`${RATE_PATHS[type].field}_inc_vat`] = dec(units[i].inc);
  });
  return entry;
}
