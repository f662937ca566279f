import { eq, sql } from "drizzle-orm";
import { importSuppliers } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { recordAudit } from "../audit/record-audit";
import { claimDocumentRoot } from "../documents/claim-root";
import { findSupplier } from "./find-supplier";
import { UpdateSupplierInput } from "./schemas";

export async function updateSupplier(ctx: Ctx, raw: UpdateSupplierInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { code, name, ...rest } = UpdateSupplierInput.parse(raw);
  // A blank name is not "no change": it resets the name to the code, as creating one does.
  const changes = { ...rest, name: name === undefined ? undefined : name || code };
  return withTransaction(ctx, async (tx) => {
    const before = await findSupplier(tx, organisationId, code, { forUpdate: true });
    const documentRootId =
      changes.documentRoot === undefined
        ? undefined
        : await claimDocumentRoot(tx, organisationId, changes.documentRoot);
    const [row] = await tx
      .update(importSuppliers)
      .set({ ...changes, documentRootId, updatedAt: sql`now()` })
      .where(eq(importSuppliers.id, before.id))
      .returning();
    const diff = Object.fromEntries(
      Object.entries(changes)
        .filter(([k, v]) => v !== undefined && before[k as keyof typeof before] !== v)
        .map(([k, v]) => [k, { from: before[k as keyof typeof before], to: v }]),
    );
    if (Object.keys(diff).length)
      await recordAudit(tx, ctx, {
        action: "supplier.updated",
        entityType: "import_supplier",
        entityId: code,
        details: diff,
      });
    return row;
  });
}
