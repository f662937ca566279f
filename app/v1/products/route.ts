import { publicOrigin } from "@/server/rest/paging";
import { contractRoute } from "@/server/rest/handler";
import { productListRoute } from "@/server/rest/contracts/public";
import { listProducts } from "@/server/services/products/list-products";
import { cachedCacheableJson, pageLinks } from "@/server/rest/products/cacheable";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = contractRoute(productListRoute, {
  handle: async ({ ctx, req, query }) =>
    cachedCacheableJson(req, ctx.db, "products", async () => {
      const page = await listProducts(ctx, query, publicOrigin(req));
      return { body: JSON.stringify({ count: page.count, ...pageLinks(req, page), results: page.results }), validUntil: page.validUntil };
    }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
