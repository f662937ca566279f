import { publicOrigin } from "@/server/rest/paging";
import { restRoute } from "@/server/rest/handler";
import { listProducts } from "@/server/services/products/list-products";
import { ProductListQuery } from "@/server/services/products/public-schemas";
import { cacheableJson, pageLinks } from "./_lib/cacheable";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "none",
  query: ProductListQuery,
  handle: async ({ ctx, req, query }) => {
    const page = await listProducts(ctx, query, publicOrigin(req));
    return cacheableJson(req, JSON.stringify({ count: page.count, ...pageLinks(req, page), results: page.results }));
  },
});
