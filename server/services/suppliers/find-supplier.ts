import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { importSuppliers } from "@/db/schema";
import { ServiceError } from "../../errors";

export type Supplier = typeof importSuppliers.$inferSelect;

/** Another organisation's supplier is reported exactly like a missing one. */
export async function findSupplier(
  db: Db,
  organisationId: number,
  code: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Supplier> {
  const q = db
    .select()
    .from(importSuppliers)
    .where(and(eq(importSuppliers.organisationId, organisationId), eq(importSuppliers.code, code)));
  // NO KEY UPDATE: serialises changes to the supplier without waiting on the KEY SHARE locks that
  // every insert referencing it holds (import jobs keep such transactions open back to back).
  const [row] = opts.forUpdate ? await q.for("no key update") : await q;
  if (!row) throw supplierNotFound(code);
  return row;
}

/** 404 for an import supplier the organisation does not have. */
export function supplierNotFound(code: string) {
  return new ServiceError("not_found", "import_supplier_not_found", `Import supplier '${code}' not found.`, {
    errors: [
      { detail: `Import supplier '${code}' not found.`, code: "import_supplier_not_found", attr: "import_supplier" },
    ],
  });
}

export function assertMigrationOngoing(supplier: Pick<Supplier, "code" | "status">) {
  if (supplier.status !== "Ongoing") {
    const detail = `Migration for import supplier '${supplier.code}' is not ongoing (status ${supplier.status}).`;
    throw new ServiceError("validation", "import_supplier_migration_not_ongoing", detail, {
      errors: [{ detail, code: "import_supplier_migration_not_ongoing", attr: "import_supplier" }],
    });
  }
}
