import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { type FieldError, ServiceError } from "../../errors";
import { assertMigrationOngoing, findSupplier } from "../suppliers/find-supplier";
import type { StageAccountInput } from "./schemas";
import { meterPointConflictErrors } from "./meter-point-conflicts";
import { tariffCodeErrors } from "./tariff-errors";

export type StageResult = { created: boolean; process: ImportProcessView };
export type ImportProcessView = ReturnType<typeof toProcessView>;

export function toProcessView(p: typeof accountImportProcesses.$inferSelect, supplierCode: string, accountNumber: string | null = null) {
  return {
    import_supplier: supplierCode,
    external_account_number: p.externalAccountNumber,
    status: p.status,
    account_number: accountNumber,
    errors: p.errors,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    imported_at: p.importedAt?.toISOString() ?? null,
  };
}

export function failedValidation(errors: FieldError[]) {
  return new ServiceError("validation", "account_failed_validation", "The account failed validation.", { errors });
}

export function alreadyImported(supplierCode: string, external: string, accountNumber: string) {
  const detail = `Account ${external} has already been imported as ${accountNumber}.`;
  return new ServiceError("validation", "account_already_imported", detail, {
    body: { detail, code: "account_already_imported", errors: [], import_supplier: supplierCode, external_account_number: external, account_number: accountNumber },
  });
}

/**
 * What staging refuses in the data itself once the schema has passed (unknown tariffs,
 * meter points supplied under another account); shared with validate-account.
 */
export async function accountDataErrors(db: Db, organisationId: number, supplierId: number, input: StageAccountInput): Promise<FieldError[]> {
  return [...(await tariffCodeErrors(db, input)), ...(await meterPointConflictErrors(db, organisationId, { supplierId }, input))];
}

/** The platform number of the account imported for (supplier, external number), if any. */
export async function importedAccountNumber(db: Db, supplierId: number, external: string): Promise<string | undefined> {
  const [acc] = await db
    .select({ number: accounts.number })
    .from(accounts)
    .where(and(eq(accounts.supplierId, supplierId), eq(accounts.externalAccountNumber, external)));
  return acc?.number;
}

/** Creates or replaces the staged data of one account (201 first time, 200 on update). */
export async function stageAccount(ctx: Ctx, input: StageAccountInput): Promise<StageResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  return withTransaction(ctx, async (tx) => {
    const supplier = await findSupplier(tx, organisationId, input.import_supplier);
    assertMigrationOngoing(supplier);
    const errors = await accountDataErrors(tx, organisationId, supplier.id, input);
    if (errors.length) throw failedValidation(errors);
    const { import_supplier: _s, ...payload } = input;
    // xmax = 0 only on a freshly inserted row: tells 201 from 200 in one statement.
    const [row] = await tx
      .insert(accountImportProcesses)
      .values({ supplierId: supplier.id, externalAccountNumber: input.external_account_number, payload })
      .onConflictDoUpdate({
        target: [accountImportProcesses.supplierId, accountImportProcesses.externalAccountNumber],
        set: { payload, status: "staged", errors: [], updatedAt: sql`now()` },
        setWhere: ne(accountImportProcesses.status, "imported"),
      })
      .returning({ ...getTableColumns(accountImportProcesses), inserted: sql<boolean>`(xmax = 0)` });
    if (!row) throw alreadyImported(supplier.code, input.external_account_number, (await importedAccountNumber(tx, supplier.id, input.external_account_number)) ?? "unknown");
    const { inserted, ...process } = row;
    return { created: inserted, process: toProcessView(process, supplier.code) };
  });
}
