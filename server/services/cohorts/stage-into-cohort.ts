import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import type { StageAccountInput } from "../account-import/account-schemas";
import { stageAccount } from "../account-import/stage-account";
import { findSupplier } from "../suppliers/find-supplier";
import { findCohortByName } from "./find-cohort";
import { assertOpen } from "./lifecycle";
import { joinCohort, markImporting } from "./members";

/** The header naming the cohort a staged account joins (ADR 0416): optional, so production's payloads stay as they are. */
export const COHORT_HEADER = "x-kraken-migrate-cohort";

/**
 * create-or-update/ with the cohort header: stages the account and puts it in the supplier's
 * cohort of that name in one transaction; an unknown cohort, a signed-off one, or an account
 * already in another cohort refuses the call and stages nothing.
 */
export async function stageIntoCohort(ctx: Ctx, input: StageAccountInput, cohortName: string) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const name = cohortName.trim();
  return withTransaction(ctx, async (tx, txCtx) => {
    const supplier = await findSupplier(tx, organisationId, input.import_supplier);
    const cohort = name ? await findCohortByName(tx, supplier.id, name) : undefined;
    if (!cohort) {
      const detail = `Import supplier '${supplier.code}' has no cohort named '${name.slice(0, 100)}' (header ${COHORT_HEADER}).`;
      throw new ServiceError("validation", "cohort_not_found", detail, { errors: [{ attr: COHORT_HEADER, code: "cohort_not_found", detail }] });
    }
    assertOpen(cohort);
    const staged = await stageAccount(txCtx, input);
    await joinCohort(tx, cohort, [staged.body.external_account_number], "api", actorLabel(ctx.actor));
    await markImporting(tx, txCtx, cohort);
    return staged;
  });
}
