import { type SQL, and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { products } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { isoSeconds } from "../../lib/time";
import { pageBounds } from "./public-json";
import { DEFAULT_PAGE_SIZE, type ProductListQuery, parseQueryDateTime, queryBoolean } from "./public-schemas";

export type ProductRow = typeof products.$inferSelect;

const FLAGS = {
  is_green: products.isGreen,
  is_prepay: products.isPrepay,
  is_variable: products.isVariable,
  is_business: products.isBusiness,
  is_tracker: products.isTracker,
} as const;

/** One public product; `origin` is the request's own scheme and host, for the self link. */
export function productJson(p: ProductRow, origin: string) {
  return {
    code: p.code,
    direction: p.direction,
    full_name: p.fullName,
    display_name: p.displayName,
    description: p.description,
    is_variable: p.isVariable,
    is_green: p.isGreen,
    is_tracker: p.isTracker,
    is_prepay: p.isPrepay,
    is_business: p.isBusiness,
    is_restricted: p.isRestricted,
    term: p.term,
    available_from: isoSeconds(p.availableFrom),
    available_to: p.availableTo ? isoSeconds(p.availableTo) : null,
    links: [{ href: `${origin}/v1/products/${encodeURIComponent(p.code)}/`, method: "GET" as const, rel: "self" }],
    brand: p.brand,
  };
}

export function invalidPage(): ServiceError {
  return new ServiceError("not_found", "invalid_page", "Invalid page: there are no results on this page.", {
    errors: [{ detail: "The page is past the last page.", code: "invalid_page", attr: "page" }],
  });
}

/** Products available at `available_at` (default now), filtered, ordered by code; count and page in one query. */
export async function listProducts(ctx: Ctx, query: ProductListQuery, origin: string) {
  const at = parseQueryDateTime(query.available_at) ?? new Date();
  const { page, size, offset } = pageBounds(query.page, query.page_size, DEFAULT_PAGE_SIZE);
  const where: (SQL | undefined)[] = [lte(products.availableFrom, at), or(isNull(products.availableTo), gt(products.availableTo, at))];
  if (query.brand) where.push(eq(products.brand, query.brand));
  for (const [name, column] of Object.entries(FLAGS)) {
    const value = queryBoolean(query[name as keyof typeof FLAGS]);
    if (value !== undefined) where.push(eq(column, value));
  }
  const rows = await ctx.db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(...where))
    .orderBy(asc(products.code))
    .limit(size)
    .offset(offset);
  if (!rows.length && page > 1) throw invalidPage();
  const validUntil = query.available_at ? undefined : await nextAvailabilityChange(ctx, at);
  return { count: rows[0]?.total ?? 0, page, size, results: rows.map((r) => productJson(r.product, origin)), validUntil };
}

/** When "available now" next changes: the earliest availability start or end after `at` (ms), if any. */
async function nextAvailabilityChange(ctx: Ctx, at: Date): Promise<number | undefined> {
  const after = sql`${at.toISOString()}::timestamptz`;
  const [row] = await ctx.db
    .select({
      ms: sql<string | null>`(extract(epoch from least(
        min(${products.availableFrom}) filter (where ${products.availableFrom} > ${after}),
        min(${products.availableTo}) filter (where ${products.availableTo} > ${after}))) * 1000)::bigint::text`,
    })
    .from(products);
  return row?.ms ? Number(row.ms) : undefined;
}
