import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";
import type { StageAccountInput } from "./schemas";
import { failedValidation } from "./stage-account";
import { tariffCodeErrors } from "./tariff-errors";

/** Staging validation without staging: the body already passed the schema; check supplier and tariffs. */
export async function validateAccount(ctx: Ctx, input: StageAccountInput) {
  const organisationId = organisationOf(ctx);
  await findSupplier(ctx.db, organisationId, input.import_supplier);
  const tariffErrors = await tariffCodeErrors(ctx.db, input);
  if (tariffErrors.length) throw failedValidation(tariffErrors);
  return { valid: true, import_supplier: input.import_supplier, external_account_number: input.external_account_number };
}
