import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { importJobs, importSuppliers } from "@/db/schema";
import { ServiceError } from "../../errors";

/** A job of the organisation with its supplier; another organisation's job is reported exactly like a missing one. */
export async function findImportJob(db: Db, organisationId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select({ job: importJobs, supplierCode: importSuppliers.code, supplierStatus: importSuppliers.status })
    .from(importJobs)
    .innerJoin(importSuppliers, eq(importSuppliers.id, importJobs.supplierId))
    .where(and(eq(importJobs.id, id), eq(importJobs.organisationId, organisationId)));
  const [row] = opts.forUpdate ? await q.for("no key update", { of: importJobs }) : await q;
  if (!row) throw new ServiceError("not_found", "import_job_not_found", `Import job ${id} not found.`);
  return row;
}
