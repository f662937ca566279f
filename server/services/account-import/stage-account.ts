import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { type FieldError, ServiceError, fieldError } from "../../errors";
import { assertMigrationOngoing, findSupplier } from "../suppliers/find-supplier";
import { accountDataErrors } from "./account-data-errors";
import { rememberStaged } from "./staged-parse-cache";
import type { StageAccountInput } from "./account-schemas";

/** create-or-update/'s answer (production's CreateOrUpdateAccountImportProcess). */
export type StageResult = { created: boolean; body: { external_account_number: string; import_supplier_code: string } };

export function failedValidation(errors: FieldError[]) {
  return new ServiceError("validation", "account_failed_validation", "The account failed validation.", { errors });
}

/** Production's AccountAlreadyImportedResponse, with the contract's detail/code/errors beside it. */
export function alreadyImported(supplierCode: string, external: string, accountNumber: string) {
  const detail = `The account import process with the account number ${external} has already been imported.`;
  return new ServiceError("validation", "account_already_imported", detail, {
    body: {
      external_account_number: external,
      kraken_account_number: accountNumber,
      non_field_errors: [detail],
      detail,
      code: "account_already_imported",
      errors: [],
      import_supplier: supplierCode,
    },
  });
}

/** Staging needs the key production's process/ takes: the schema leaves it optional, as production's does. */
export function requireExternalNumber(input: StageAccountInput): string {
  if (input.external_account_number !== undefined && input.external_account_number.trim() !== "") return input.external_account_number;
  throw failedValidation([fieldError(["external_account_number"], input.external_account_number === undefined ? "required" : "blank", "The external account number is the key of the import process; give it.")]);
}

export { accountDataErrors } from "./account-data-errors";

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
  const external = requireExternalNumber(input);
  return withTransaction(ctx, async (tx) => {
    const supplier = await findSupplier(tx, organisationId, input.import_supplier);
    assertMigrationOngoing(supplier);
    const errors = await accountDataErrors(tx, organisationId, supplier.id, input);
    if (errors.length) {
      const imported = await importedAccountNumber(tx, supplier.id, external);
      if (imported) throw alreadyImported(supplier.code, external, imported);
      throw failedValidation(errors);
    }
    const { import_supplier: _s, ...payload } = input;
    // xmax = 0 only on a freshly inserted row: tells 201 from 200 in one statement.
    const [row] = await tx
      .insert(accountImportProcesses)
      .values({ supplierId: supplier.id, externalAccountNumber: external, payload })
      .onConflictDoUpdate({
        target: [accountImportProcesses.supplierId, accountImportProcesses.externalAccountNumber],
        set: { payload, status: "staged", errors: [], updatedAt: sql`now()` },
        setWhere: ne(accountImportProcesses.status, "imported"),
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)`, id: accountImportProcesses.id, version: sql<string>`xmin::text` });
    if (!row) throw alreadyImported(supplier.code, external, (await importedAccountNumber(tx, supplier.id, external)) ?? "unknown");
    rememberStaged(row.id, row.version, input);
    return { created: row.inserted, body: { external_account_number: external, import_supplier_code: supplier.code } };
  });
}
