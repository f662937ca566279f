import type { RateType, TariffFuel } from "@/db/schema";
import { restRoute } from "@/server/rest/handler";
import { listTariffRates } from "@/server/services/products/list-tariff-rates";
import { RatesQuery } from "@/server/services/products/public-schemas";
import { cachedCacheableJson, pageLinks } from "./cacheable";

/** GET .../<fuel>-tariffs/<tariff>/<rate type>/: public, paged, cacheable. */
export function tariffRatesRoute(fuel: TariffFuel, rateType: RateType) {
  return restRoute({
    auth: "none",
    query: RatesQuery,
    handle: async ({ ctx, req, params, query }) =>
      cachedCacheableJson(req, ctx.db, `rates ${fuel} ${rateType} ${params.product} ${params.tariff}`, async () => {
        const page = await listTariffRates(ctx, { product: params.product, tariff: params.tariff, fuel, rateType, query });
        const { next, previous } = pageLinks(req, page);
        return { body: `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.resultsJson}}` };
      }),
  });
}
