import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type ProductSource, productCatalogueState, products, tariffs } from "@/db/schema";
import { type Ctx, actorLabel, requireWriter, withTransaction } from "../../context";
import { ServiceError, parseOrThrow } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { ProductsFile, parseTariffCode } from "./schemas";
import { assertNoOverlaps, upsertRates } from "./upsert-rates";

/** `source: "demo"` marks the products as the demo's, which the daily demo-catalogue job keeps current. */
export type LoadProductsOptions = { replaceRates?: boolean; source?: ProductSource };
type Counts = { created: number; updated: number; unchanged: number };

/** Held by every catalogue load for its transaction, so loads (and the demo refresh) serialise. */
export const LOAD_LOCK = 727274201;

/**
 * Loads a products file: validates all of it first, then upserts products, tariffs and
 * rates in one transaction (re-loading the same file changes nothing) and bumps the
 * catalogue version that response caches key on.
 */
export async function loadProducts(ctx: Ctx, raw: unknown, opts: LoadProductsOptions = {}) {
  requireWriter(ctx);
  if (ctx.actor.kind === "organisation")
    throw new ServiceError("forbidden", "forbidden", "The product catalogue is loaded by operators, not API clients.");
  const file = parseOrThrow(ProductsFile, raw, "invalid_products_file", "The products file failed validation.");
  return withTransaction(ctx, async (tx) => {
    // Loads serialise, so two loaders never race on the same rate keys.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    const productCounts = await upsertProducts(tx, file, opts.source ?? "file");
    const { counts: tariffCounts, ids } = await upsertTariffs(tx, file);
    const { counts: rateCounts, origin } = await upsertRates(tx, file, ids, opts.replaceRates ?? false);
    await assertNoOverlaps(tx, [...ids.values()], origin);
    const changed =
      productCounts.created +
      productCounts.updated +
      tariffCounts.created +
      tariffCounts.updated +
      rateCounts.created +
      rateCounts.updated +
      rateCounts.deleted;
    const version = await bumpCatalogueVersion(tx, changed > 0, actorLabel(ctx.actor));
    const summary = { products: productCounts, tariffs: tariffCounts, rates: rateCounts, catalogue_version: version };
    if (ctx.actor.organisationId !== undefined && changed > 0) {
      await recordAudit(tx, ctx, {
        action: "products.loaded",
        entityType: "product_catalogue",
        entityId: String(version),
        details: summary,
      });
    }
    return summary;
  });
}

const col = (name: string) => sql.raw(`excluded."${name}"`);
const distinctFrom = (table: string, cols: string[]) =>
  sql.raw(
    `(${cols.map((c) => `"${table}"."${c}"`).join(", ")}) is distinct from (${cols.map((c) => `excluded."${c}"`).join(", ")})`,
  );

function tally(returned: { inserted: boolean }[], total: number): Counts {
  const created = returned.filter((r) => r.inserted).length;
  return { created, updated: returned.length - created, unchanged: total - returned.length };
}

const PRODUCT_COLUMNS = {
  direction: "direction",
  fullName: "full_name",
  displayName: "display_name",
  description: "description",
  isVariable: "is_variable",
  isGreen: "is_green",
  isTracker: "is_tracker",
  isPrepay: "is_prepay",
  isBusiness: "is_business",
  isRestricted: "is_restricted",
  term: "term",
  availableFrom: "available_from",
  availableTo: "available_to",
  brand: "brand",
  source: "source",
} as const;

async function upsertProducts(tx: Db, file: ProductsFile, source: ProductSource): Promise<Counts> {
  const rows = file.products.map((p) => ({
    code: p.code,
    direction: p.direction,
    fullName: p.full_name,
    displayName: p.display_name,
    description: p.description,
    isVariable: p.is_variable,
    isGreen: p.is_green,
    isTracker: p.is_tracker,
    isPrepay: p.is_prepay,
    isBusiness: p.is_business,
    isRestricted: p.is_restricted,
    term: p.term,
    availableFrom: p.available_from,
    availableTo: p.available_to,
    brand: p.brand,
    source,
  }));
  const set = Object.fromEntries(Object.entries(PRODUCT_COLUMNS).map(([k, c]) => [k, col(c)]));
  const returned = await tx
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({
      target: products.code,
      set: { ...set, updatedAt: sql`now()` },
      setWhere: distinctFrom("products", Object.values(PRODUCT_COLUMNS)),
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return tally(returned, rows.length);
}

const TARIFF_COLUMNS = {
  paymentMethods: "payment_methods",
  onlineDiscountExcVat: "online_discount_exc_vat",
  onlineDiscountIncVat: "online_discount_inc_vat",
  dualFuelDiscountExcVat: "dual_fuel_discount_exc_vat",
  dualFuelDiscountIncVat: "dual_fuel_discount_inc_vat",
  exitFeesExcVat: "exit_fees_exc_vat",
  exitFeesIncVat: "exit_fees_inc_vat",
  exitFeesType: "exit_fees_type",
} as const;

async function upsertTariffs(tx: Db, file: ProductsFile): Promise<{ counts: Counts; ids: Map<string, number> }> {
  const productIds = new Map(
    (
      await tx
        .select({ id: products.id, code: products.code })
        .from(products)
        .where(
          inArray(
            products.code,
            file.products.map((p) => p.code),
          ),
        )
    ).map((r) => [r.code, r.id]),
  );
  const rows = file.products.flatMap((p) =>
    p.tariffs.map((t) => {
      const parsed = parseTariffCode(t.code)!;
      return {
        productId: productIds.get(p.code)!,
        code: t.code,
        fuel: parsed.fuel,
        registers: parsed.registers,
        region: parsed.region as (typeof tariffs.$inferInsert)["region"],
        paymentMethods: t.payment_methods,
        onlineDiscountExcVat: t.online_discount_exc_vat,
        onlineDiscountIncVat: t.online_discount_inc_vat,
        dualFuelDiscountExcVat: t.dual_fuel_discount_exc_vat,
        dualFuelDiscountIncVat: t.dual_fuel_discount_inc_vat,
        exitFeesExcVat: t.exit_fees_exc_vat,
        exitFeesIncVat: t.exit_fees_inc_vat,
        exitFeesType: t.exit_fees_type,
      };
    }),
  );
  if (!rows.length) return { counts: { created: 0, updated: 0, unchanged: 0 }, ids: new Map() };
  const set = Object.fromEntries(Object.entries(TARIFF_COLUMNS).map(([k, c]) => [k, col(c)]));
  const returned = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    returned.push(
      ...(await tx
        .insert(tariffs)
        .values(chunk)
        .onConflictDoUpdate({
          target: tariffs.code,
          set,
          setWhere: distinctFrom("tariffs", Object.values(TARIFF_COLUMNS)),
        })
        .returning({ inserted: sql<boolean>`xmax = 0` })),
    );
  }
  const ids = new Map<string, number>();
  const codes = rows.map((r) => r.code);
  for (let i = 0; i < codes.length; i += 5000) {
    const found = await tx
      .select({ id: tariffs.id, code: tariffs.code })
      .from(tariffs)
      .where(inArray(tariffs.code, codes.slice(i, i + 5000)));
    for (const r of found) ids.set(r.code, r.id);
  }
  return { counts: tally(returned, rows.length), ids };
}

async function bumpCatalogueVersion(tx: Db, changed: boolean, by: string): Promise<number> {
  if (!changed) {
    const [row] = await tx.select({ version: productCatalogueState.version }).from(productCatalogueState);
    return row?.version ?? 0;
  }
  const [row] = await tx
    .insert(productCatalogueState)
    .values({ id: 1, version: 1, updatedBy: by })
    .onConflictDoUpdate({
      target: productCatalogueState.id,
      set: { version: sql`${productCatalogueState.version} + 1`, updatedAt: sql`now()`, updatedBy: by },
    })
    .returning({ version: productCatalogueState.version });
  return row.version;
}
