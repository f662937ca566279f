import { asc, eq } from "drizzle-orm";
import { importSuppliers } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { emptyCounts, supplierCounts } from "./supplier-counts";

/** Every supplier of the organisation with its counts (supplier-counts.ts: the same as every page shows). */
export async function listSuppliers(ctx: Ctx) {
  const organisationId = organisationOf(ctx);
  const [rows, counts] = await Promise.all([
    ctx.db
      .select()
      .from(importSuppliers)
      .where(eq(importSuppliers.organisationId, organisationId))
      .orderBy(asc(importSuppliers.code)),
    supplierCounts(ctx.db, organisationId),
  ]);
  return rows.map((supplier) => ({ ...supplier, counts: counts.get(supplier.id) ?? emptyCounts() }));
}
