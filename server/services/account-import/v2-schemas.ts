import { z } from "zod";
import { ErrorBody, FieldError } from "../../errors";
import { ScheduleAccountCreation, ValidateAccount } from "./payload/energy-account";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * POST /v2/data-import/accounts/'s body: production's ScheduleAccountCreation
 * `{payload, task_params}`, or a flat EnergyAccount as production's published examples send
 * (read as `{payload: <body>, task_params: {}}`). A body with either key is the wrapped form;
 * EnergyAccount has neither field.
 */
export const ScheduleAccountInput = z.preprocess(
  (body) =>
    isObject(body) && !("payload" in body) && !("task_params" in body) ? { payload: body, task_params: {} } : body,
  ScheduleAccountCreation,
);
export type ScheduleAccountInput = z.output<typeof ScheduleAccountInput>;

/** POST /v2/data-import/accounts/validate/'s body: ValidateAccount `{payload}`, or a flat EnergyAccount (production's example). */
export const ValidateAccountInput = z.preprocess(
  (body) => (isObject(body) && !("payload" in body) ? { payload: body } : body),
  ValidateAccount,
);
export type ValidateAccountInput = z.output<typeof ValidateAccountInput>;

/** Values of ImportStatusResponse.status (production's examples). */
export const IMPORT_STATUSES = [
  "PENDING",
  "IN_PROGRESS",
  "PROCESSED",
  "CANCELLED",
  "DRY_RUN_SUCCEEDED",
  "ERRORED",
  "DRY_RUN_ERRORED",
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** latest_event.event values: production's EVENT_ACCOUNT_IMPORT_PROCESS_* names. */
export const IMPORT_EVENTS = [
  "EVENT_ACCOUNT_IMPORT_PROCESS_CREATED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_UPDATED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_SCHEDULED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_SUCCEEDED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_ERRORED",
  "EVENT_ACCOUNT_IMPORT_PROCESS_CANCELLED",
] as const;
export type ImportEventName = (typeof IMPORT_EVENTS)[number];

export const LatestError = z.object({
  code: z.string().nullable(),
  detail: z.string().nullable(),
  domain: z.string().nullable().describe("Always `import_process` here."),
});
export type LatestError = z.infer<typeof LatestError>;

export const ImportEvent = z.object({
  event: z.enum(IMPORT_EVENTS),
  occurred_at: z.string().describe("ISO 8601, UTC."),
  data: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      "ERRORED / DRY_RUN_ERRORED: {code, detail, domain}; SCHEDULED: {is_dry_run, schedule_window_start, schedule_window_end}; CANCELLED: {schedule_window_end}; otherwise null.",
    ),
});
export type ImportEvent = z.infer<typeof ImportEvent>;

export const ImportStatusResponse = z.object({
  status: z.enum(IMPORT_STATUSES),
  kraken_identifier: z
    .string()
    .nullable()
    .describe("The platform account number (A-XXXXXXXX) once imported, else null."),
  created_at: z.string(),
  modified_at: z.string(),
  latest_event: ImportEvent,
  latest_error: LatestError.nullable(),
});
export type ImportStatusResponse = z.infer<typeof ImportStatusResponse>;

/** 400 of POST /v2/data-import/accounts/: production's body, with the contract's `errors` list kept in it. */
export const ScheduleFailedValidation = z.object({
  code: z.literal("import_process_failed_validation"),
  detail: z.string(),
  domain: z.literal("import_process"),
  errors: z
    .array(FieldError)
    .describe(
      "Each problem at its path in the EnergyAccount (`supply_addresses.0.meter_points.1.identifier`) or in task_params (`task_params.schedule_window_end`).",
    ),
});

/** 400 of POST /v2/data-import/accounts/ for an account imported already (production's body; detail/code/errors beside it). */
export const ScheduleAlreadyImported = z.object({
  non_field_errors: z.object({ detail: z.string(), code: z.literal("account_import_process_already_imported") }),
  account_id: z.string().describe("The platform account number of the imported account."),
  detail: z.string(),
  code: z.literal("account_import_process_already_imported"),
  errors: z.array(FieldError),
});

/** 400 of POST /v2/data-import/accounts/validate/: production's StandardizedValidationErrorResponse, the contract's error shape. */
export const StandardizedValidationErrorResponse = ErrorBody;

/** 404 of GET /v2/data-import/accounts/{supplier}/{external}/ (production's ErrorResponse). */
export const V2NotFound = z.object({ detail: z.string(), code: z.literal("not_found") });
