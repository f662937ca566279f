import type { RateType, TariffFuel } from "@/db/schema";
import { tariffRateRoute } from "@/server/rest/contracts/public";
import { contractRoute } from "@/server/rest/handler";
import { listTariffRates } from "@/server/services/products/list-tariff-rates";
import { cachedCacheableJson, pageLinks } from "./cacheable";

/** GET .../<fuel>-tariffs/<tariff>/<rate type>/: public, paged, cacheable. */
export function tariffRatesRoute(fuel: TariffFuel, rateType: RateType) {
  const path = `${rateType.replaceAll("_", "-")}s` as Parameters<typeof tariffRateRoute>[1];
  return contractRoute(tariffRateRoute(fuel, path), {
    handle: async ({ ctx, req, params, query }) =>
      cachedCacheableJson(req, ctx.db, `rates ${fuel} ${rateType} ${params.product} ${params.tariff}`, async () => {
        const page = await listTariffRates(ctx, {
          product: params.product,
          tariff: params.tariff,
          fuel,
          rateType,
          query,
        });
        const { next, previous } = pageLinks(req, page);
        return {
          body: `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.resultsJson}}`,
        };
      }),
  });
}
