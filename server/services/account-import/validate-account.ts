import { type Ctx, organisationOf } from "../../context";
import { assertMigrationOngoing, findSupplier } from "../suppliers/find-supplier";
import type { StageAccountInput } from "./schemas";
import { accountDataErrors, alreadyImported, failedValidation, importedAccountNumber } from "./stage-account";

/**
 * Staging validation without staging: the body already passed the schema; every other
 * refusal staging would give (supplier not ongoing, already imported, unknown tariffs,
 * meter points supplied under another account) is given here too.
 */
export async function validateAccount(ctx: Ctx, input: StageAccountInput) {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  assertMigrationOngoing(supplier);
  const imported = await importedAccountNumber(ctx.db, supplier.id, input.external_account_number);
  if (imported) throw alreadyImported(supplier.code, input.external_account_number, imported);
  const errors = await accountDataErrors(ctx.db, organisationId, supplier.id, input);
  if (errors.length) throw failedValidation(errors);
  return { valid: true, import_supplier: input.import_supplier, external_account_number: input.external_account_number };
}
