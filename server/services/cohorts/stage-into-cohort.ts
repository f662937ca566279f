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
/** As the OpenAPI document and an error's `attr` name it. */
const HEADER_NAME = "X-Kraken-Migrate-Cohort";

/** A refusal about the header, as create-or-update/ answers every refusal: 400, the header as its attr. */
const headerRefusal = (code: string, detail: string) =>
  new ServiceError("validation", code, detail, { errors: [{ attr: HEADER_NAME, code, detail }] });

/**
 * create-or-update/ with the cohort header: stages the account and puts it in the supplier's
 * cohort of that name in one transaction; an unknown cohort (another supplier's is unknown
 * here), a signed-off one, or an account already in another cohort refuses the call and stages nothing.
 */
export async function stageIntoCohort(ctx: Ctx, input: StageAccountInput, cohortName: string) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const name = cohortName.trim();
  return withTransaction(ctx, async (tx, txCtx) => {
    const supplier = await findSupplier(tx, organisationId, input.import_supplier);
    const cohort = name && name.length <= 100 ? await findCohortByName(tx, supplier.id, name) : undefined;
    if (!cohort)
      throw headerRefusal(
        "cohort_not_found",
        `Import supplier '${supplier.code}' has no cohort named '${name.slice(0, 100)}' (header ${HEADER_NAME}).`,
      );
    try {
      assertOpen(cohort);
      const staged = await stageAccount(txCtx, input);
      await joinCohort(tx, cohort, [staged.body.external_account_number], "api", actorLabel(ctx.actor));
      await markImporting(tx, txCtx, cohort);
      return staged;
    } catch (err) {
      if (err instanceof ServiceError && (err.code === "cohort_signed_off" || err.code === "account_in_another_cohort"))
        throw headerRefusal(err.code, err.message);
      throw err;
    }
  });
}
