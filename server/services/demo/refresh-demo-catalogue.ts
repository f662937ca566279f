import { and, eq, inArray, sql } from "drizzle-orm";
import { organisations, products } from "@/db/schema";
import { type Ctx, actorLabel, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { DEMO_ORG_NUMBER } from "./load-demo";
import { DEMO_PRODUCT_CODES, loadDemoProducts } from "../products/demo-products";
import { LOAD_LOCK } from "../products/load-products";

/**
 * Extends the demo products' rate series to `now` (default: the clock): the next day's
 * half-hourly and daily prices once published at 16:00 London, the next quarter's variable
 * prices. Only products the demo loader marked (source `demo`) are touched, never an
 * operator's products, even under a demo code. Re-running changes nothing; a change bumps the
 * catalogue version, so every instance's response cache drops its pages (ADR 0202).
 * Returns the load summary, or null when the database holds no demo products.
 */
export async function refreshDemoCatalogue(ctx: Ctx, opts: { now?: Date } = {}) {
  requireWriter(ctx);
  if (ctx.actor.kind !== "system")
    throw new ServiceError("forbidden", "forbidden", "The demo catalogue is refreshed by the platform's own job.");
  return withTransaction(ctx, async (tx, txCtx) => {
    // Read the demo products under the loaders' lock: a file load of the same code in between would otherwise be re-marked as demo.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    const rows = await tx
      .select({ code: products.code })
      .from(products)
      .where(and(eq(products.source, "demo"), inArray(products.code, [...DEMO_PRODUCT_CODES])));
    if (!rows.length) return null;
    // The demo organisation's audit trail records each refresh that changed something.
    const [org] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.number, DEMO_ORG_NUMBER));
    const loadCtx: Ctx = { ...txCtx, actor: { kind: "system", label: actorLabel(ctx.actor), organisationId: org?.id } };
    return loadDemoProducts(loadCtx, { only: rows.map((r) => r.code), now: opts.now });
  });
}
