import { type Ctx, organisationOf } from "../../context";
import { assertMigrationOngoing, findSupplier } from "../suppliers/find-supplier";
import type { StageAccountInput } from "./account-schemas";
import { accountDataErrors, alreadyImported, failedValidation, importedAccountNumber } from "./stage-account";

/**
 * Staging validation without staging (validate-account/, v2 validate): every refusal staging
 * would give (supplier not ongoing, already imported, production's rules, unknown tariffs,
 * meter points supplied under another account). Answers the validated payload, as production does.
 */
export async function validateAccount(ctx: Ctx, input: StageAccountInput): Promise<StageAccountInput> {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  assertMigrationOngoing(supplier);
  if (input.external_account_number) {
    const imported = await importedAccountNumber(ctx.db, supplier.id, input.external_account_number);
    if (imported) throw alreadyImported(supplier.code, input.external_account_number, imported);
  }
  const errors = await accountDataErrors(ctx.db, organisationId, supplier.id, input);
  if (errors.length) throw failedValidation(errors);
  return input;
}
