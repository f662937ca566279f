import { publicOrigin } from "@/server/rest/paging";
import { restRoute } from "@/server/rest/handler";
import { listProducts } from "@/server/services/products/list-products";
import { ProductListQuery } from "@/server/services/products/public-schemas";
import { cachedCacheableJson, pageLinks } from "./_lib/cacheable";

export const dynamic = "force-dynamic";

const list = restRoute({
  auth: "none",
  query: ProductListQuery,
  handle: async ({ ctx, req, query }) =>
    cachedCacheableJson(req, ctx.db, "products", async () => {
      const page = await listProducts(ctx, query, publicOrigin(req));
      return { body: JSON.stringify({ count: page.count, ...pageLinks(req, page), results: page.results }), validUntil: page.validUntil };
    }),
});

// Next passes a static route a context whose params resolve to undefined, which
// restRoute does not expect yet; this route has no params, so pass none.
export const GET = (req: Request) => list(req);
