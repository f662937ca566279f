import { asc, eq, inArray, sql } from "drizzle-orm";
import { accountImportProcesses, importSuppliers } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";

/** Every supplier of the organisation with its staged / imported / failed counts. */
export async function listSuppliers(ctx: Ctx) {
  const organisationId = organisationOf(ctx);
  const counts = ctx.db
    .select({
      supplierId: accountImportProcesses.supplierId,
      staged: sql<number>`count(*) filter (where ${accountImportProcesses.status} = 'staged')`.mapWith(Number).as("staged"),
      imported: sql<number>`count(*) filter (where ${accountImportProcesses.status} = 'imported')`.mapWith(Number).as("imported"),
      failed: sql<number>`count(*) filter (where ${accountImportProcesses.status} = 'failed')`.mapWith(Number).as("failed"),
    })
    .from(accountImportProcesses)
    // Only the organisation's suppliers: counted from the (supplier_id, status) index alone.
    .where(inArray(accountImportProcesses.supplierId, ctx.db.select({ id: importSuppliers.id }).from(importSuppliers).where(eq(importSuppliers.organisationId, organisationId))))
    .groupBy(accountImportProcesses.supplierId)
    .as("counts");
  const rows = await ctx.db
    .select({
      supplier: importSuppliers,
      staged: sql<number>`coalesce(${counts.staged}, 0)`.mapWith(Number),
      imported: sql<number>`coalesce(${counts.imported}, 0)`.mapWith(Number),
      failed: sql<number>`coalesce(${counts.failed}, 0)`.mapWith(Number),
    })
    .from(importSuppliers)
    .leftJoin(counts, eq(counts.supplierId, importSuppliers.id))
    .where(eq(importSuppliers.organisationId, organisationId))
    .orderBy(asc(importSuppliers.code));
  return rows.map((r) => ({ ...r.supplier, counts: { staged: r.staged, imported: r.imported, failed: r.failed } }));
}
