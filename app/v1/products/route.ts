import { publicOrigin } from "@/server/rest/paging";
import { restRoute } from "@/server/rest/handler";
import { listProducts } from "@/server/services/products/list-products";
import { ProductListQuery } from "@/server/services/products/public-schemas";
import { cachedCacheableJson, pageLinks } from "@/server/rest/products/cacheable";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "none",
  query: ProductListQuery,
  handle: async ({ ctx, req, query }) =>
    cachedCacheableJson(req, ctx.db, "products", async () => {
      const page = await listProducts(ctx, query, publicOrigin(req));
      return { body: JSON.stringify({ count: page.count, ...pageLinks(req, page), results: page.results }), validUntil: page.validUntil };
    }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
