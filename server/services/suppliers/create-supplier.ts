import { eq } from "drizzle-orm";
import { importSuppliers, organisations } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { claimDocumentRoot } from "../documents/claim-root";
import { defaultDocumentRoot } from "../documents/locations";
import { CreateSupplierInput } from "./schemas";

export async function createSupplier(ctx: Ctx, raw: CreateSupplierInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const parsed = CreateSupplierInput.parse(raw);
  return withTransaction(ctx, async (tx) => {
    // No root given: the organisation's own folder in the platform's store, always allowed (added or changed later).
    const [org] = parsed.documentRoot
      ? []
      : await tx
          .select({ number: organisations.number })
          .from(organisations)
          .where(eq(organisations.id, organisationId));
    const input = {
      ...parsed,
      name: parsed.name || parsed.code,
      documentRoot: parsed.documentRoot ?? defaultDocumentRoot(org!.number, parsed.code),
    };
    const documentRootId = await claimDocumentRoot(tx, organisationId, input.documentRoot);
    const [row] = await tx
      .insert(importSuppliers)
      .values({ ...input, organisationId, documentRootId })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new ServiceError(
        "conflict",
        "import_supplier_exists",
        `An import supplier with code '${input.code}' already exists.`,
        {
          errors: [{ detail: "This code is taken.", code: "import_supplier_exists", attr: "code" }],
        },
      );
    }
    await recordAudit(tx, ctx, {
      action: "supplier.created",
      entityType: "import_supplier",
      entityId: row.code,
      details: { ...input },
    });
    return row;
  });
}
