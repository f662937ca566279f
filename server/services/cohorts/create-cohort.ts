import { eq, sql } from "drizzle-orm";
import { cohorts } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError, parseOrThrow } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { findSupplier } from "../suppliers/find-supplier";
import { findCohort } from "./find-cohort";
import { assertEditable } from "./lifecycle";
import { CreateCohortInput, UpdateCohortInput } from "./schemas";

const nameTaken = (name: string, supplier: string) =>
  new ServiceError("conflict", "cohort_name_taken", `${supplier} already has a cohort named ${name}.`, {
    errors: [{ attr: "name", code: "cohort_name_taken", detail: `${supplier} already has a cohort named ${name}.` }],
  });

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === "23505" ||
  (err as { cause?: { code?: string } })?.cause?.code === "23505";

/** An operator creates a cohort under an import supplier; it starts in planning (ADR 0416). */
export async function createCohort(ctx: Ctx, raw: CreateCohortInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(CreateCohortInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const supplier = await findSupplier(tx, organisationId, input.importSupplier);
    if (supplier.status === "Complete")
      throw new ServiceError(
        "validation",
        "import_supplier_migration_not_ongoing",
        `${supplier.code} is Complete: no more cohorts can be created.`,
      );
    try {
      const [row] = await tx.transaction(async (sp) =>
        sp
          .insert(cohorts)
          .values({
            organisationId,
            supplierId: supplier.id,
            name: input.name,
            plannedCutoverDate: input.plannedCutoverDate ?? null,
            notes: input.notes || null,
            createdBy: actorLabel(ctx.actor),
          })
          .returning(),
      );
      await recordAudit(tx, txCtx, {
        action: "cohort.created",
        entityType: "cohort",
        entityId: String(row.id),
        details: { supplier: supplier.code, name: row.name, plannedCutoverDate: row.plannedCutoverDate },
      });
      return { id: row.id, name: row.name, status: row.status };
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(input.name, supplier.code);
      throw err;
    }
  });
}

/** Name, planned cut-over date and notes, until the cut-over starts; audited with the values before and after. */
export async function updateCohort(ctx: Ctx, raw: UpdateCohortInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(UpdateCohortInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    assertEditable(cohort);
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== cohort.name) changes.name = input.name;
    if (input.plannedCutoverDate !== undefined && input.plannedCutoverDate !== cohort.plannedCutoverDate)
      changes.plannedCutoverDate = input.plannedCutoverDate;
    if (input.notes !== undefined && (input.notes || null) !== cohort.notes) changes.notes = input.notes || null;
    if (!Object.keys(changes).length) return { id: cohort.id, changed: false };
    try {
      await tx.transaction((sp) =>
        sp
          .update(cohorts)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(cohorts.id, cohort.id)),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(String(changes.name), cohort.supplierCode);
      throw err;
    }
    const before = Object.fromEntries(
      Object.keys(changes).map((k) => [k, (cohort as Record<string, unknown>)[k] ?? null]),
    );
    await recordAudit(tx, txCtx, {
      action: "cohort.updated",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { before, after: changes },
    });
    return { id: cohort.id, changed: true };
  });
}
