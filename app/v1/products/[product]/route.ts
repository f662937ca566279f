import { publicOrigin } from "@/server/rest/paging";
import { contractRoute } from "@/server/rest/handler";
import { productDetailRoute } from "@/server/rest/contracts/public";
import { getProduct } from "@/server/services/products/get-product";
import { stringifyWithDecimals } from "@/server/services/products/public-json";
import { cacheableJson } from "@/server/rest/products/cacheable";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = contractRoute(productDetailRoute, {
  handle: async ({ ctx, req, params, query }) => {
    const product = await getProduct(ctx, { code: params.product, tariffs_active_at: query.tariffs_active_at }, publicOrigin(req));
    return cacheableJson(req, stringifyWithDecimals(product));
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
