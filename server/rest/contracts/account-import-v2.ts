import { z } from "zod";
import { ErrorBody } from "../../errors";
import { ScheduleAccountCreation, ValidateAccount } from "../../services/account-import/payload/energy-account";
import { SupplierExternalParams } from "../../services/account-import/schemas";
import { SCHEDULE_START_GRACE_MS, SCHEDULE_WINDOW_MAX_DAYS } from "../../services/account-import/schedule-window";
import {
  ImportStatusResponse,
  ScheduleAlreadyImported,
  ScheduleFailedValidation,
  StandardizedValidationErrorResponse,
  V2NotFound,
} from "../../services/account-import/v2-schemas";
import { ACCOUNT_IMPORT_TAG } from "./account-import";
import { dataImportResponses } from "./responses";
import { defineContract, type RouteContract } from "./contract";

const TAGS = [ACCOUNT_IMPORT_TAG];
const unauthorized = {
  description:
    "Missing (`authentication_required`), invalid (`authentication_failed`) or expired (`token_expired`) credentials.",
  schema: ErrorBody,
};
const PATHS =
  "`attr` is the path in the EnergyAccount itself (`supply_addresses.0.meter_points.1.identifier`, as production's StandardizedValidationErrorResponse and v1's validate-account/ give it), " +
  "whether the account was sent wrapped in `payload` or flat; task_params' errors are at `task_params.<field>`.";
const SEE_CODES =
  "Item codes: the table in the description of POST /v1/data-import/account-import-process/create-or-update/ (also the Account import tag).";

export const scheduleAccountRoute = defineContract({
  method: "post",
  path: "/v2/data-import/accounts/",
  summary: "Stage an account and schedule its import (production's ScheduleAccountCreation)",
  description:
    "Body `{payload: EnergyAccount, task_params: TaskParameters}`; a flat EnergyAccount (as production's published examples send) is read as `task_params: {}`. " +
    "The account is staged with create-or-update/'s validation and its import is scheduled in the same transaction; a worker (any instance, each job once) runs process/'s import when the window opens, " +
    "as a dry run with `is_dry_run: true`, and the status route shows the outcome. A later POST for the same account replaces a schedule that has not run. " +
    `task_params: \`schedule_window_start\` (default now; more than ${SCHEDULE_START_GRACE_MS / 1000} s in the past is schedule_window_start_in_past), ` +
    `\`schedule_window_end\` (default none; more than ${SCHEDULE_WINDOW_MAX_DAYS} days ahead is schedule_window_end_too_far_in_future; a window that closes before a worker runs it ends CANCELLED), ` +
    "start after end is schedule_window_start__after_end. Datetimes without an offset are Europe/London.",
  tags: TAGS,
  auth: "token",
  // The flat form is the `payload` schema itself; documented in words so the large EnergyAccount schema is inlined once per route.
  body: ScheduleAccountCreation,
  responses: {
    201: { description: "Staged and scheduled; no body." },
    400: {
      description:
        "`import_process_failed_validation` (`domain` import_process) with every problem of the account and of task_params in `errors`; or, for an account imported already, production's `{non_field_errors: {detail, code: account_import_process_already_imported}, account_id}`. " +
        `${PATHS} ${SEE_CODES}`,
      schema: z.union([ScheduleFailedValidation, ScheduleAlreadyImported]),
    },
    401: unauthorized,
    ...dataImportResponses({ write: true, jsonBody: true }),
  },
});

export const importStatusRoute = defineContract({
  method: "get",
  path: "/v2/data-import/accounts/{supplier}/{external}/",
  summary: "An account import's status, latest event and latest error (production's ImportStatusResponse)",
  description:
    "`status`: PROCESSED once the account exists; PENDING while a schedule waits for its window or a worker, or the staged account waits for process/ or a schedule; IN_PROGRESS while a worker runs it; " +
    "otherwise the latest outcome since the account was last staged: DRY_RUN_SUCCEEDED, DRY_RUN_ERRORED, ERRORED (with `latest_error`), CANCELLED (the window closed first). " +
    "`latest_event.event`: EVENT_ACCOUNT_IMPORT_PROCESS_ CREATED, UPDATED (restaged), SCHEDULED, PROCESSED, ERRORED, DRY_RUN_SUCCEEDED, DRY_RUN_ERRORED or CANCELLED; " +
    "the outcomes are the data_import.import_process.* events of the event log.",
  tags: TAGS,
  auth: "token",
  params: SupplierExternalParams,
  responses: {
    200: { description: "Any staged or imported process.", schema: ImportStatusResponse },
    401: unauthorized,
    404: {
      description:
        "Production's ErrorResponse, `code` not_found: no process for the pair, or no such supplier in the organisation.",
      schema: V2NotFound,
    },
    ...dataImportResponses({ write: false, jsonBody: false }),
  },
});

export const validateAccountV2Route = defineContract({
  method: "post",
  path: "/v2/data-import/accounts/validate/",
  summary: "Validate an EnergyAccount as staging would, storing nothing (production's ValidateAccount)",
  description:
    "Body `{payload: EnergyAccount}` (a flat EnergyAccount is accepted too). The same checks as validate-account/.",
  tags: TAGS,
  auth: "token",
  body: ValidateAccount,
  responses: {
    200: { description: "Valid; no body." },
    400: {
      description:
        "Production's StandardizedValidationErrorResponse (the contract's error shape): `account_failed_validation`, `import_supplier_not_found`, `import_supplier_migration_not_ongoing` or `account_import_process_already_imported`. " +
        `${PATHS} ${SEE_CODES}`,
      schema: StandardizedValidationErrorResponse,
    },
    401: unauthorized,
    ...dataImportResponses({ write: false, jsonBody: true }),
  },
});

export const accountImportV2Routes: RouteContract[] = [scheduleAccountRoute, importStatusRoute, validateAccountV2Route];
