import { type SQL, and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { products } from "@/db/schema";
import type { Ctx } from "../../context";
import { isoSeconds } from "../../lib/time";
import { invalidPage, lastPage, pageParam, pageSize } from "./page-params";
import { type ProductListQuery, parseQueryDateTime, present, queryBoolean } from "./public-schemas";

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

/** Products available at `available_at` (default now), filtered, ordered by code; count and page in one query (`page=last` counts first). */
export async function listProducts(ctx: Ctx, query: ProductListQuery, origin: string) {
  const availableAt = parseQueryDateTime(query.available_at);
  const at = availableAt ?? new Date();
  const size = pageSize(query.page_size);
  const requested = pageParam(query.page);
  if (requested === null) throw invalidPage("not_a_page");
  const where: (SQL | undefined)[] = [
    lte(products.availableFrom, at),
    or(isNull(products.availableTo), gt(products.availableTo, at)),
  ];
  const brand = present(query.brand);
  if (brand) where.push(eq(products.brand, brand));
  for (const [name, column] of Object.entries(FLAGS)) {
    const value = queryBoolean(query[name as keyof typeof FLAGS]);
    if (value !== undefined) where.push(eq(column, value));
  }
  const page = requested === "last" ? lastPage(await ctx.db.$count(products, and(...where)), size) : requested;
  const rows = await ctx.db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(...where))
    .orderBy(asc(products.code))
    .limit(size)
    .offset((page - 1) * size);
  if (!rows.length && page > 1) throw invalidPage();
  const validUntil = availableAt ? undefined : await nextAvailabilityChange(ctx, at);
  return {
    count: rows[0]?.total ?? 0,
    page,
    size,
    results: rows.map((r) => productJson(r.product, origin)),
    validUntil,
  };
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
