import { contractRoute } from "../handler";
import { productDetailRoute, productListRoute, publicAccountRoute } from "../contracts/public";
import { publicOrigin } from "../paging";
import { cacheableJson, cachedCacheableJson, pageLinks } from "../products/cacheable";
import { tariffRatesRoute } from "../products/rates-route";
import { getPublicAccount } from "@/server/services/accounts/get-public-account";
import { getProduct } from "@/server/services/products/get-product";
import { listProducts } from "@/server/services/products/list-products";
import { stringifyWithDecimals } from "@/server/services/products/public-json";

export const productListHandler = contractRoute(productListRoute, {
  handle: async ({ ctx, req, query }) =>
    cachedCacheableJson(req, ctx.db, "products", async () => {
      const page = await listProducts(ctx, query, publicOrigin(req));
      return {
        body: JSON.stringify({ count: page.count, ...pageLinks(req, page), results: page.results }),
        validUntil: page.validUntil,
      };
    }),
});

export const productDetailHandler = contractRoute(productDetailRoute, {
  handle: async ({ ctx, req, params, query }) => {
    const product = await getProduct(
      ctx,
      { code: params.product, tariffs_active_at: query.tariffs_active_at },
      publicOrigin(req),
    );
    return cacheableJson(req, stringifyWithDecimals(product));
  },
});

export const electricityStandardUnitRatesHandler = tariffRatesRoute("electricity", "standard_unit_rate");
export const electricityStandingChargesHandler = tariffRatesRoute("electricity", "standing_charge");
export const electricityDayUnitRatesHandler = tariffRatesRoute("electricity", "day_unit_rate");
export const electricityNightUnitRatesHandler = tariffRatesRoute("electricity", "night_unit_rate");
export const gasStandardUnitRatesHandler = tariffRatesRoute("gas", "standard_unit_rate");
export const gasStandingChargesHandler = tariffRatesRoute("gas", "standing_charge");
// Documented as rate_type_not_applicable (a gas tariff is single register), tariff_not_found for an unknown one.
export const gasDayUnitRatesHandler = tariffRatesRoute("gas", "day_unit_rate");
export const gasNightUnitRatesHandler = tariffRatesRoute("gas", "night_unit_rate");

export const publicAccountHandler = contractRoute(publicAccountRoute, {
  customers: true,
  handle: async ({ ctx, params }) => {
    const account = await getPublicAccount(ctx, { account_number: params.account });
    return { status: 200, body: account, headers: { "cache-control": "private, no-store" } };
  },
});
