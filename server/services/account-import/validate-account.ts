import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";
import type { StageAccountInput } from "./schemas";

/** Staging validation without staging: the body already passed the schema, so check the supplier. */
export async function validateAccount(ctx: Ctx, input: StageAccountInput) {
  const organisationId = organisationOf(ctx);
  await findSupplier(ctx.db, organisationId, input.import_supplier);
  return { valid: true, import_supplier: input.import_supplier, external_account_number: input.external_account_number };
}
