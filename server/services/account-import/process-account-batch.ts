import { z } from "zod";
import { type Ctx, organisationOf, requireWriter } from "../../context";
import type { FieldError } from "../../errors";
import { processAccountImport } from "./process-account-import";
import { recordAudit } from "../audit/record-audit";
import { assertMigrationOngoing, findSupplier } from "../suppliers/find-supplier";
import { SupplierCode } from "../suppliers/schemas";
import { rowFailure } from "./row-failure";

export const MAX_IMPORTS_PER_CALL = 50;

export const ProcessAccountBatchInput = z.strictObject({
  importSupplier: SupplierCode,
  externalAccountNumbers: z.array(z.string().trim().min(1).max(100)).min(1).max(MAX_IMPORTS_PER_CALL),
  dryRun: z.boolean().default(false),
});
export type ProcessAccountBatchInput = z.input<typeof ProcessAccountBatchInput>;

export type ImportItemResult = { externalAccountNumber: string; ok: boolean; accountNumber?: string; code?: string; detail?: string; errors?: FieldError[] };

const RETRIES = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Imports (or dry-runs) a batch of staged accounts, each in its own transaction through the same
 * verb as the REST process route. The console sends batches so it can show progress and stop.
 * A supplier that is not Ongoing refuses the whole batch, rather than every account with the same error.
 */
export async function processAccountBatch(ctx: Ctx, raw: ProcessAccountBatchInput): Promise<{ results: ImportItemResult[] }> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = ProcessAccountBatchInput.parse(raw);
  const supplier = await findSupplier(ctx.db, organisationId, input.importSupplier);
  assertMigrationOngoing(supplier);
  const results: ImportItemResult[] = [];
  for (const external of new Set(input.externalAccountNumbers)) {
    results.push(await importOne(ctx, input.importSupplier, external, input.dryRun));
  }
  // Each account is imported in its own transaction; the batch's audit row sums them up after.
  const imported = results.filter((r) => r.ok).length;
  await recordAudit(ctx.db, ctx, {
    action: input.dryRun ? "account_import.batch_dry_run" : "account_import.batch_processed",
    entityType: "import_supplier",
    entityId: supplier.code,
    details: { rows: results.length, [input.dryRun ? "valid" : "imported"]: imported, failed: results.length - imported },
  });
  return { results };
}

async function importOne(ctx: Ctx, supplier: string, external: string, dryRun: boolean): Promise<ImportItemResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await processAccountImport(ctx, { import_supplier: supplier, external_account_number: external, dry_run: dryRun });
      return { externalAccountNumber: external, ok: true, accountNumber: r.account_number };
    } catch (caught) {
      const err = rowFailure(caught, ctx.requestId);
      // The import concurrency cap is shared with REST clients: wait for a slot rather than fail the row.
      if (err.kind === "rate_limited" && attempt < RETRIES) {
        await sleep(100 * 2 ** attempt);
        continue;
      }
      return { externalAccountNumber: external, ok: false, code: err.code, detail: err.message, errors: err.errors };
    }
  }
}
