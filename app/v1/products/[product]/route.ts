import { publicOrigin } from "@/server/rest/paging";
import { restRoute } from "@/server/rest/handler";
import { getProduct } from "@/server/services/products/get-product";
import { stringifyWithDecimals } from "@/server/services/products/public-json";
import { ProductDetailQuery } from "@/server/services/products/public-schemas";
import { cacheableJson } from "@/server/rest/products/cacheable";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "none",
  query: ProductDetailQuery,
  handle: async ({ ctx, req, params, query }) => {
    const product = await getProduct(ctx, { code: params.product, tariffs_active_at: query.tariffs_active_at }, publicOrigin(req));
    return cacheableJson(req, stringifyWithDecimals(product));
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
