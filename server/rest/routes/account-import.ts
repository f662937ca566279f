import { contractRoute } from "../handler";
import {
  meterPointStatusesRoute,
  processAccountRoute,
  stageAccountRoute,
  transferStatusRoute,
  validateAccountRoute,
} from "../contracts/account-import";
import { importProcessListRoute } from "../import-process-list-route";
import { getTransferStatus } from "@/server/services/account-import/get-transfer-status";
import {
  DRY_RUN_SUCCEEDED,
  processAccountImport,
  processCreationBody,
} from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { COHORT_HEADER, stageIntoCohort } from "@/server/services/cohorts/stage-into-cohort";
import { validateAccount } from "@/server/services/account-import/validate-account";
import { meterPointStatuses } from "@/server/services/registration/meter-point-statuses";

export const stageAccountHandler = contractRoute(stageAccountRoute, {
  writer: true,
  body: stageAccountRoute.body,
  bodyErrorCode: "account_failed_validation",
  handle: async ({ ctx, body, req }) => {
    // The optional cohort header (ADR 0416) puts the staged account in a cohort; without it nothing changes.
    const cohort = req.headers.get(COHORT_HEADER);
    const { created, body: answer } =
      cohort === null ? await stageAccount(ctx, body) : await stageIntoCohort(ctx, body, cohort);
    return { status: created ? 201 : 200, body: answer };
  },
});

export const processAccountHandler = contractRoute(processAccountRoute, {
  writer: true,
  body: processAccountRoute.body,
  handle: async ({ ctx, body }) => {
    const result = await processAccountImport(ctx, body);
    // Production answers a dry run that would have succeeded with a 400 (nothing was kept).
    return result.dry_run
      ? { status: 400, body: DRY_RUN_SUCCEEDED }
      : { status: 201, body: processCreationBody(result) };
  },
});

export const validateAccountHandler = contractRoute(validateAccountRoute, {
  body: validateAccountRoute.body,
  bodyErrorCode: "account_failed_validation",
  handle: async ({ ctx, body }) => ({ status: 200, body: await validateAccount(ctx, body) }),
});

export const transferStatusHandler = contractRoute(transferStatusRoute, {
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getTransferStatus(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});

export const meterPointStatusesHandler = contractRoute(meterPointStatusesRoute, {
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await meterPointStatuses(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});

export const allImportProcessesHandler = importProcessListRoute("all");
export const failedImportProcessesHandler = importProcessListRoute("failed");
export const importedImportProcessesHandler = importProcessListRoute("imported");
export const pendingImportProcessesHandler = importProcessListRoute("pending");
