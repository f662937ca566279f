import { eq, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { importSuppliers } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { findSupplier } from "./find-supplier";
import { STATUS_TRANSITIONS, SetSupplierStatusInput } from "./schemas";

export async function setSupplierStatus(ctx: Ctx, raw: SetSupplierStatusInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { code, status } = SetSupplierStatusInput.parse(raw);
  return withTransaction(ctx, async (tx) => {
    const before = await findSupplier(tx, organisationId, code, { forUpdate: true });
    if (before.status === status) return before;
    if (!STATUS_TRANSITIONS[before.status].includes(status)) {
      throw new ServiceError(
        "validation",
        "invalid_status_transition",
        `Cannot change status from ${before.status} to ${status}.`,
        {
          errors: [
            {
              detail: `Allowed from ${before.status}: ${STATUS_TRANSITIONS[before.status].join(", ") || "none"}.`,
              code: "invalid_status_transition",
              attr: "status",
            },
          ],
        },
      );
    }
    const [row] = await tx
      .update(importSuppliers)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(importSuppliers.id, before.id))
      .returning();
    // Complete is final: the supplier's unfinished imports end with it, not wait for good (ADR 0415),
    // by migration 0028's trigger on this update. Complete is reached once, so the jobs that ended
    // for it in this transaction (now() is its start) are the ones this change ended.
    const jobsCancelled = status === "Complete" ? await jobsEndedWithSupplier(tx, before.id) : 0;
    await recordAudit(tx, ctx, {
      action: "supplier.status_changed",
      entityType: "import_supplier",
      entityId: code,
      details: { from: before.status, to: status, ...(jobsCancelled ? { importJobsCancelled: jobsCancelled } : {}) },
    });
    return row;
  });
}

async function jobsEndedWithSupplier(tx: Db, supplierId: number): Promise<number> {
  const [{ n }] = await execRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from import_jobs where supplier_id = ${supplierId} and end_reason = 'supplier_complete' and finished_at = now()`,
  );
  return n;
}
