import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { cohorts, importSuppliers } from "@/db/schema";
import { ServiceError } from "../../errors";

export type Cohort = typeof cohorts.$inferSelect & { supplierCode: string; supplierStatus: string };

export function cohortNotFound(id: number | string) {
  return new ServiceError("not_found", "cohort_not_found", `Cohort ${id} not found.`, {
    errors: [{ attr: "id", code: "cohort_not_found", detail: `Cohort ${id} not found.` }],
  });
}

/** Another organisation's cohort is reported exactly like a missing one. `forUpdate` serialises the cohort's changes. */
export async function findCohort(
  db: Db,
  organisationId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<Cohort> {
  const q = db
    .select({ c: cohorts, supplierCode: importSuppliers.code, supplierStatus: importSuppliers.status })
    .from(cohorts)
    .innerJoin(importSuppliers, eq(importSuppliers.id, cohorts.supplierId))
    .where(and(eq(cohorts.id, id), eq(cohorts.organisationId, organisationId)));
  const [row] = opts.forUpdate ? await q.for("no key update", { of: cohorts }) : await q;
  if (!row) throw cohortNotFound(id);
  return { ...row.c, supplierCode: row.supplierCode, supplierStatus: row.supplierStatus };
}

/** A cohort of the supplier by name (the import job's and the data-import API's way of naming one). */
export async function findCohortByName(db: Db, supplierId: number, name: string) {
  const [row] = await db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.supplierId, supplierId), eq(cohorts.name, name)));
  return row;
}
