import { and, asc, eq, gt, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { products, tariffs } from "@/db/schema";
import type { Ctx } from "../../context";
import { likePrefix, PageDirection } from "../../lib/keyset";

export const ListProductOverviewInput = z.strictObject({
  search: z.string().trim().max(100).optional(),
  brand: z.string().trim().max(64).optional(),
  cursor: z.string().max(64).nullish(),
  limit: z.number().int().min(1).max(50).default(20),
  direction: PageDirection,
});
export type ListProductOverviewInput = z.input<typeof ListProductOverviewInput>;

/**
 * Products (read-only, shared catalogue) paged by code, each with its regional tariffs; the
 * rates of one tariff are read on demand (listTariffRates), as the console opens it.
 */
export async function listProductOverview(ctx: Ctx, raw: ListProductOverviewInput) {
  const input = ListProductOverviewInput.parse(raw);
  const where: SQL[] = [];
  if (input.search)
    where.push(
      or(
        ilike(products.code, likePrefix(input.search)),
        ilike(products.displayName, `%${input.search.replace(/[\\%_]/g, "\\$&")}%`),
      )!,
    );
  if (input.brand) where.push(eq(products.brand, input.brand));
  if (input.cursor) where.push(gt(products.code, input.cursor));
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(asc(products.code))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const ids = page.map((p) => p.id);
  const tariffRows = ids.length
    ? await ctx.db
        .select()
        .from(tariffs)
        .where(inArray(tariffs.productId, ids))
        .orderBy(asc(tariffs.region), asc(tariffs.fuel), asc(tariffs.registers))
    : [];
  const brands = await ctx.db.selectDistinct({ brand: products.brand }).from(products).orderBy(asc(products.brand));
  return {
    brands: brands.map((b) => b.brand),
    nextCursor: rows.length > input.limit ? page[page.length - 1].code : null,
    items: page.map((p) => ({
      code: p.code,
      displayName: p.displayName,
      fullName: p.fullName,
      description: p.description,
      brand: p.brand,
      direction: p.direction,
      term: p.term,
      flags: {
        green: p.isGreen,
        prepay: p.isPrepay,
        variable: p.isVariable,
        tracker: p.isTracker,
        business: p.isBusiness,
        restricted: p.isRestricted,
      },
      availableFrom: p.availableFrom,
      availableTo: p.availableTo,
      tariffs: tariffRows
        .filter((t) => t.productId === p.id)
        .map((t) => ({
          code: t.code,
          fuel: t.fuel,
          registers: t.registers,
          region: t.region,
          paymentMethods: t.paymentMethods,
        })),
    })),
  };
}
