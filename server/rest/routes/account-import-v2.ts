import { contractRoute } from "../handler";
import { importStatusRoute, scheduleAccountRoute, validateAccountV2Route } from "../contracts/account-import-v2";
import { scheduleError, statusError, validateError } from "../v2-errors";
import { getImportStatus } from "@/server/services/account-import/get-import-status";
import { scheduleAccountImport } from "@/server/services/account-import/schedule-account-import";
import { ScheduleAccountInput, ValidateAccountInput } from "@/server/services/account-import/v2-schemas";
import { validateAccount } from "@/server/services/account-import/validate-account";

/** Stage and schedule: 201 with no body once the import is scheduled (a worker runs it in its window). */
export const scheduleAccountHandler = contractRoute(scheduleAccountRoute, {
  writer: true,
  body: ScheduleAccountInput,
  bodyErrorCode: "import_process_failed_validation",
  mapError: scheduleError,
  handle: async ({ ctx, body }) => {
    await scheduleAccountImport(ctx, body);
    return new Response(null, { status: 201 });
  },
});

export const importStatusHandler = contractRoute(importStatusRoute, {
  mapError: statusError,
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getImportStatus(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});

/** validate-account/'s checks on `{payload}` (or a flat EnergyAccount): 200 with no body, or 400 with every problem. */
export const validateAccountV2Handler = contractRoute(validateAccountV2Route, {
  body: ValidateAccountInput,
  bodyErrorCode: "account_failed_validation",
  mapError: validateError,
  handle: async ({ ctx, body }) => {
    await validateAccount(ctx, body.payload);
    return new Response(null, { status: 200 });
  },
});
