import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { accountImportProcesses, accounts, events, importJobRows, importJobs } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findSupplier } from "../suppliers/find-supplier";
import { SupplierCode } from "../suppliers/schemas";
import { payloadTree } from "./payload-tree";

export const GetImportProcessInput = z.strictObject({
  importSupplier: SupplierCode,
  externalAccountNumber: z.string().trim().min(1).max(100),
});
export type GetImportProcessInput = z.input<typeof GetImportProcessInput>;

const IMPORT_EVENT_TYPES = [
  "data_import.import_process.complete",
  "data_import.import_process.error",
  "data_import.import_process.dry_run_complete",
  "data_import.import_process.dry_run_error",
];

/**
 * One account's import: its stage, errors, the import events that tell its history, and the
 * staged data as sent (import_supplier included, which staging keeps as the row's supplier)
 * with its tree of production's EnergyAccount for the console's payload view.
 */
export async function getImportProcess(ctx: Ctx, raw: GetImportProcessInput) {
  const organisationId = organisationOf(ctx);
  const input = GetImportProcessInput.parse(raw);
  const supplier = await findSupplier(ctx.db, organisationId, input.importSupplier);
  const [row] = await ctx.db
    .select({ process: accountImportProcesses, accountNumber: accounts.number })
    .from(accountImportProcesses)
    .leftJoin(accounts, eq(accounts.id, accountImportProcesses.accountId))
    .where(
      and(
        eq(accountImportProcesses.supplierId, supplier.id),
        eq(accountImportProcesses.externalAccountNumber, input.externalAccountNumber),
      ),
    );
  if (!row) {
    // Never staged: a row an import job refused before staging still has a page that says why (issue 39 item 2).
    const failed = await failedJobRow(ctx, organisationId, supplier.id, input.externalAccountNumber);
    if (failed) {
      const payload = { import_supplier: supplier.code, ...(failed.fixedPayload ?? failed.record ?? {}) };
      return {
        importSupplier: supplier.code,
        supplierStatus: supplier.status,
        externalAccountNumber: failed.externalAccountNumber ?? input.externalAccountNumber,
        status: "failed" as const,
        accountNumber: null,
        errors: failed.errors.map((e) => ({ detail: e.detail, code: e.code, attr: e.attr })),
        operationsTeamName: null,
        payload,
        tree: payloadTree(payload),
        createdAt: failed.createdAt,
        updatedAt: failed.processedAt ?? failed.createdAt,
        importedAt: null,
        history: [],
        failedIn: { jobId: failed.jobId, line: failed.line, fileName: failed.fileName, step: failed.step },
      };
    }
    throw new ServiceError(
      "not_found",
      "account_not_found",
      `No account ${input.externalAccountNumber} is staged or imported for ${supplier.code}.`,
    );
  }
  const history = await ctx.db
    .select({
      id: events.id,
      type: events.type,
      version: events.version,
      occurredAt: events.occurredAt,
      payload: events.payload,
    })
    .from(events)
    .where(
      and(
        eq(events.organisationId, organisationId),
        inArray(events.type, IMPORT_EVENT_TYPES),
        sql`${events.payload}->>'external_identifier' = ${input.externalAccountNumber}`,
      ),
    )
    .orderBy(desc(events.seq))
    .limit(100);
  const { process } = row;
  const payload = { import_supplier: supplier.code, ...process.payload };
  return {
    importSupplier: supplier.code,
    supplierStatus: supplier.status,
    externalAccountNumber: process.externalAccountNumber,
    status: process.status,
    accountNumber: row.accountNumber,
    errors: process.errors,
    operationsTeamName: process.operationsTeamName,
    payload,
    tree: payloadTree(payload),
    createdAt: process.createdAt,
    updatedAt: process.updatedAt,
    importedAt: process.importedAt,
    history,
    failedIn: null,
  };
}

/** The newest row of a real (not dry-run) import job that failed for this external number before it was staged. */
async function failedJobRow(ctx: Ctx, organisationId: number, supplierId: number, external: string) {
  const [found] = await ctx.db
    .select({
      jobId: importJobRows.jobId,
      line: importJobRows.line,
      externalAccountNumber: importJobRows.externalAccountNumber,
      record: importJobRows.record,
      fixedPayload: importJobRows.fixedPayload,
      errors: importJobRows.errors,
      step: importJobRows.step,
      processedAt: importJobRows.processedAt,
      createdAt: importJobs.createdAt,
      fileName: importJobs.fileName,
    })
    .from(importJobRows)
    .innerJoin(importJobs, eq(importJobs.id, importJobRows.jobId))
    .where(
      and(
        sql`lower(${importJobRows.externalAccountNumber}) = lower(${external})`,
        eq(importJobRows.status, "failed"),
        eq(importJobs.organisationId, organisationId),
        eq(importJobs.supplierId, supplierId),
        eq(importJobs.dryRun, false),
      ),
    )
    .orderBy(desc(importJobRows.jobId), desc(importJobRows.line))
    .limit(1);
  return found;
}
