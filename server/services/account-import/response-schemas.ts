import { z } from "zod";
import { FieldError } from "../../errors";
import type { TransferStatus } from "./get-transfer-status";
import type { ImportProcessItem } from "./list-import-processes";
import type { DRY_RUN_SUCCEEDED, processCreationBody } from "./process-account-import";
import type { StageResult } from "./stage-account";

/**
 * The v1 account-import answers (production's schema names) as zod, for /v1/openapi.json.
 * The services build these bodies as plain objects; the type checks at the bottom fail the
 * build if a service's answer and its documented schema drift apart.
 */
export const CreateOrUpdateAccountImportProcess = z.object({
  external_account_number: z.string(),
  import_supplier_code: z.string(),
});

export const ProcessAccountImportProcessCreation = z.object({
  external_account_number: z.string(),
  kraken_account_number: z.string().describe("The new platform account number, A- and 8 hex digits."),
  account_number: z.string().describe("Deprecated copy of kraken_account_number."),
});

export const DryRunSucceeded = z.object({
  detail: z.literal("Account would successfully import. Rolled back due to Dry Run."),
  code: z.literal("400"),
  errors: z.array(FieldError),
});

/** Production's AccountAlreadyImportedResponse, with the contract's detail / code / errors beside it. */
export const AccountAlreadyImportedResponse = z.object({
  external_account_number: z.string(),
  kraken_account_number: z.string(),
  non_field_errors: z.array(z.string()),
  detail: z.string(),
  code: z.literal("account_already_imported"),
  errors: z.array(FieldError),
  import_supplier: z.string(),
});

export const AccountTransferStatus = z.object({
  status: z
    .enum(["UNKNOWN", "IN_PROGRESS", "COMPLETED"])
    .describe(
      "COMPLETED once the account exists; IN_PROGRESS while a scheduled (v2) import waits or runs; UNKNOWN otherwise (staged, or processing failed).",
    ),
  kraken_account_number: z.string().describe("Empty while there is no account."),
  account_number: z.string().describe("Deprecated copy of kraken_account_number."),
});

export const ImportProcess = z.object({
  external_account_number: z.string(),
  kraken_account_number: z.string().nullable().describe("null while pending."),
  account_created_at: z.string().nullable().describe("ISO 8601; null while pending."),
});

export const GbrMeterPointStatus = z.object({
  mpxn: z.string(),
  status: z
    .string()
    .describe(
      "PRE_REGISTRATION until registration is asked for, REGISTRATION_REQUESTED while the flow is queued or sent, UNABLE_TO_REGISTER when it failed for good (production's GbrMeterPointStatus values).",
    ),
});
export const GbrMeterPointStatusError = z.object({ error: z.string() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>() => undefined as unknown as T;
check<Same<StageResult["body"], z.infer<typeof CreateOrUpdateAccountImportProcess>>>();
check<Same<ReturnType<typeof processCreationBody>, z.infer<typeof ProcessAccountImportProcessCreation>>>();
check<Same<(typeof DRY_RUN_SUCCEEDED)["code"], z.infer<typeof DryRunSucceeded>["code"]>>();
check<Same<ImportProcessItem, z.infer<typeof ImportProcess>>>();
check<Same<TransferStatus, z.infer<typeof AccountTransferStatus>["status"]>>();
