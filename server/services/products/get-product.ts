import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { type PaymentMethod, products, type RateType, tariffRates, tariffs } from "@/db/schema";
import { type Ctx, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { isoSeconds } from "../../lib/time";
import { productJson } from "./list-products";
import { dec } from "./public-json";
import { PAYMENT_METHOD_KEYS, parseQueryDateTime } from "./public-schemas";

type Tariff = typeof tariffs.$inferSelect;
type Price = { exc: string; inc: string };

export function productNotFound(code: string) {
  return new ServiceError("not_found", "product_not_found", `No product with code '${code}'.`);
}

const RATE_PATHS: Record<RateType, { path: string; rel: string; field: string }> = {
  standing_charge: { path: "standing-charges", rel: "standing_charges", field: "standing_charge" },
  standard_unit_rate: { path: "standard-unit-rates", rel: "standard_unit_rates", field: "standard_unit_rate" },
  day_unit_rate: { path: "day-unit-rates", rel: "day_unit_rates", field: "day_unit_rate" },
  night_unit_rate: { path: "night-unit-rates", rel: "night_unit_rates", field: "night_unit_rate" },
};

export function rateTypesOf(t: Pick<Tariff, "registers">): RateType[] {
  return t.registers === 2 ? ["standing_charge", "day_unit_rate", "night_unit_rate"] : ["standing_charge", "standard_unit_rate"];
}

/**
 * The product with its tariffs keyed by region then payment method, priced as at
 * `tariffs_active_at` (default now). A tariff without a price in force then is left out.
 */
export async function getProduct(ctx: Ctx, input: { code: string; tariffs_active_at?: string }, origin: string) {
  const at = parseQueryDateTime(input.tariffs_active_at) ?? new Date();
  return withTransaction(ctx, async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.code, input.code));
    if (!product) throw productNotFound(input.code);
    const list = await tx.select().from(tariffs).where(eq(tariffs.productId, product.id)).orderBy(asc(tariffs.region), asc(tariffs.code));
    const active = await tx
      .select({ tariffId: tariffRates.tariffId, type: tariffRates.rateType, pm: tariffRates.paymentMethod, exc: tariffRates.valueExcVat, inc: tariffRates.valueIncVat })
      .from(tariffRates)
      .innerJoin(tariffs, eq(tariffs.id, tariffRates.tariffId))
      .where(and(eq(tariffs.productId, product.id), lte(tariffRates.validFrom, at), or(isNull(tariffRates.validTo), gt(tariffRates.validTo, at))));
    const prices = new Map(active.map((r) => [`${r.tariffId}|${r.type}|${r.pm ?? ""}`, { exc: r.exc, inc: r.inc }]));
    const price = (t: Tariff, type: RateType, pm: PaymentMethod): Price | undefined => prices.get(`${t.id}|${type}|${pm}`) ?? prices.get(`${t.id}|${type}|`);

    const groups = {
      single_register_electricity_tariffs: {} as Record<string, Record<string, unknown>>,
      dual_register_electricity_tariffs: {} as Record<string, Record<string, unknown>>,
      single_register_gas_tariffs: {} as Record<string, Record<string, unknown>>,
      dual_register_gas_tariffs: {} as Record<string, Record<string, unknown>>,
    };
    for (const t of list) {
      const group = groups[`${t.registers === 2 ? "dual" : "single"}_register_${t.fuel === "gas" ? "gas" : "electricity"}_tariffs`];
      for (const pm of t.paymentMethods) {
        const entry = tariffEntry(t, pm, price, `${origin}/v1/products/${encodeURIComponent(product.code)}`);
        if (entry) (group[`_${t.region}`] ??= {})[PAYMENT_METHOD_KEYS[pm]] = entry;
      }
    }
    const { links, brand, ...head } = productJson(product, origin);
    return { ...head, tariffs_active_at: isoSeconds(at), ...groups, links, brand };
  });
}

function tariffEntry(t: Tariff, pm: PaymentMethod, price: (t: Tariff, type: RateType, pm: PaymentMethod) => Price | undefined, productUrl: string) {
  const types = rateTypesOf(t);
  const found = types.map((type) => price(t, type, pm));
  if (found.some((p) => !p)) return null;
  const base = `${productUrl}/${t.fuel === "gas" ? "gas-tariffs" : "electricity-tariffs"}/${encodeURIComponent(t.code)}`;
  const [sc, ...units] = found as Price[];
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
    links: types.map((type) => ({ href: `${base}/${RATE_PATHS[type].path}/`, method: "GET", rel: RATE_PATHS[type].rel })),
  };
  types.slice(1).forEach((type, i) => {
    entry[`${RATE_PATHS[type].field}_exc_vat`] = dec(units[i].exc);
    entry[`${RATE_PATHS[type].field}_inc_vat`] = dec(units[i].inc);
  });
  return entry;
}
