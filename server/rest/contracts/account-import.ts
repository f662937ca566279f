import { z } from "zod";
import { ErrorBody } from "../../errors";
import { ProcessAccountInput, StageAccountInput } from "../../services/account-import/account-schemas";
import { ACCOUNT_ERROR_CODE_DESCRIPTIONS } from "../../services/account-import/payload/error-codes";
import {
  AccountAlreadyImportedResponse,
  AccountTransferStatus,
  CreateOrUpdateAccountImportProcess,
  DryRunSucceeded,
  GbrMeterPointStatus,
  GbrMeterPointStatusError,
  ImportProcess,
  ProcessAccountImportProcessCreation,
} from "../../services/account-import/response-schemas";
import { SupplierExternalParams } from "../../services/account-import/schemas";
import { CohortHeaderValue } from "../../services/cohorts/schemas";
import { dataImportResponses, errorWithCode } from "./responses";
import { defineContract, type RouteContract, type TagDoc } from "./contract";

export const ImportProcessListQuery = z.object({
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('With it, one page and a `Link: <…>; rel="next"` header; without it, every process.'),
  after: z.coerce.number().int().min(0).optional().describe("Keyset cursor; follow the Link header as given."),
});

export const ACCOUNT_IMPORT_TAG = "Account import";
const TAGS = [ACCOUNT_IMPORT_TAG];

/** Every code an account payload's validation can answer with, and what it means (payload/error-codes.ts). */
export function accountErrorCodeTable(): string {
  const rows = Object.entries(ACCOUNT_ERROR_CODE_DESCRIPTIONS).map(
    ([code, meaning]) => `| \`${code}\` | ${meaning.replaceAll("|", "\\|")} |`,
  );
  return ["| code | meaning |", "|---|---|", ...rows].join("\n");
}

export const accountImportTags: TagDoc[] = [
  {
    name: ACCOUNT_IMPORT_TAG,
    description:
      "Production's EnergyAccount, staged with create-or-update/ and imported with process/ (v1), or staged and scheduled in one call (v2). " +
      "Departures from production: `external_account_number` is required to stage (it is the key process/ takes); a field in no production schema is refused (`unknown_field`) instead of ignored; an account without supply addresses is valid; the lists are bare arrays, with optional `page_size` paging. " +
      "A 400 carries `{detail, code, errors: [{detail, code, attr}]}` with `attr` a dotted path in the EnergyAccount (`supply_addresses.0.meter_points.1.identifier`).\n\n" +
      accountErrorCodeTable(),
  },
];

const SEE_CODES = "Item codes: the table in the create-or-update/ description (also the Account import tag).";
const unauthorized = {
  description:
    "Missing (`authentication_required`), invalid (`authentication_failed`) or expired (`token_expired`) credentials.",
  schema: ErrorBody,
};
const supplierNotFound = errorWithCode(
  "import_supplier_not_found",
  "no import supplier with that code in the caller's organisation (another organisation's looks the same).",
);
const SupplierParams = z.object({ supplier: z.string().describe("Import supplier code") });
const refusal = (extra: string) => ({
  description: `\`account_failed_validation\` (the payload; \`errors\` lists each problem), \`import_supplier_migration_not_ongoing\`, or the account is imported already (production's AccountAlreadyImportedResponse, \`code\` account_already_imported)${extra}. ${SEE_CODES}`,
  schema: z.union([AccountAlreadyImportedResponse, ErrorBody]),
});

const listDoc = (filter: "all" | "pending" | "imported" | "failed") =>
  defineContract({
    method: "get",
    path: `/v1/data-import/${filter}-account-import-processes/{supplier}/`,
    summary: `List ${filter} account import processes of a supplier`,
    description:
      (filter === "pending" ? "Staged, not imported: kraken_account_number and account_created_at are null. " : "") +
      (filter === "failed" ? "This platform's addition: processes whose last processing failed. " : "") +
      'A bare array, as production answers. Without `page_size` every process is sent (streamed); with it, one page and a `Link: <…>; rel="next"` header.',
    tags: TAGS,
    auth: "token",
    params: SupplierParams,
    query: ImportProcessListQuery,
    responses: {
      200: { description: "Production's ImportProcess per process, oldest first.", schema: z.array(ImportProcess) },
      400: errorWithCode("invalid_query", "page_size or after is not a whole number in range, or given twice."),
      401: unauthorized,
      404: supplierNotFound,
      ...dataImportResponses({ write: false, jsonBody: false }),
    },
  });

/** The four list routes, by the filter in their path. */
export const importProcessListRoutes = {
  all: listDoc("all"),
  pending: listDoc("pending"),
  imported: listDoc("imported"),
  failed: listDoc("failed"),
};

export const stageAccountRoute = defineContract({
  method: "post",
  path: "/v1/data-import/account-import-process/create-or-update/",
  summary: "Stage (or restage) an account: production's EnergyAccount",
  description:
    "Validates the payload (schema, production's cross-field rules, tariffs in the catalogue, meter points not supplied under another account) and keeps it for process/. " +
    "Only `import_supplier` is required by the schema; staging also needs `external_account_number`. Restaging replaces the staged data until the account is imported.\n\n" +
    "This platform's addition: the optional `X-Kraken-Migrate-Cohort` header names a cohort of the payload's import supplier (by its name) that the staged account joins, in the same transaction, so the payload stays production's. " +
    "A cohort the supplier does not have (another supplier's or organisation's included), one already signed off, or an account already in another cohort is a 400 (`cohort_not_found`, `cohort_signed_off`, `account_in_another_cohort`, `attr` the header's name) and nothing is staged. Without the header nothing changes.\n\n" +
    accountErrorCodeTable(),
  tags: TAGS,
  auth: "token",
  headers: z.object({ "X-Kraken-Migrate-Cohort": CohortHeaderValue.optional() }),
  body: StageAccountInput,
  responses: {
    201: { description: "Staged for the first time.", schema: CreateOrUpdateAccountImportProcess },
    200: { description: "Staged data replaced.", schema: CreateOrUpdateAccountImportProcess },
    400: refusal(
      "; with the `X-Kraken-Migrate-Cohort` header also `cohort_not_found`, `cohort_signed_off` or `account_in_another_cohort`, nothing staged",
    ),
    401: unauthorized,
    404: supplierNotFound,
    ...dataImportResponses({ write: true, jsonBody: true }),
  },
});

export const processAccountRoute = defineContract({
  method: "post",
  path: "/v1/data-import/account-import-process/process/",
  summary: "Import a staged account",
  description:
    "Production's ProcessAccountImportProcess: `import_supplier_code` (`import_supplier` is accepted as an alias), `external_account_number`, `operations_team_name`, `dry_run`. " +
    "The staged data is validated again and the account, its children and events are written in one transaction. A refusal is recorded (data_import.import_process.error, the process marked failed). " +
    '`dry_run: true` runs the same transaction and rolls it back; as in production, a dry run that would have succeeded answers 400 with code "400".',
  tags: TAGS,
  auth: "token",
  body: ProcessAccountInput,
  responses: {
    201: { description: "Imported.", schema: ProcessAccountImportProcessCreation },
    400: {
      description: `The dry run would have succeeded (\`code\` "400", nothing kept); \`import_process_does_not_exist\` (nothing staged); or ${refusal("").description}`,
      schema: z.union([DryRunSucceeded, AccountAlreadyImportedResponse, ErrorBody]),
    },
    401: unauthorized,
    404: supplierNotFound,
    429: errorWithCode(
      "import_concurrency_limit",
      "too many imports run at once across instances (IMPORT_CONCURRENCY); retry after Retry-After.",
    ),
    ...dataImportResponses({ write: true, jsonBody: true }),
  },
});

export const validateAccountRoute = defineContract({
  method: "post",
  path: "/v1/data-import/validate-account/",
  summary: "Validate an EnergyAccount as staging would, storing nothing",
  description: `Every refusal staging gives, including import_supplier_migration_not_ongoing and the account imported already. ${SEE_CODES}`,
  tags: TAGS,
  auth: "token",
  body: StageAccountInput,
  responses: {
    200: { description: "Valid: the validated EnergyAccount echoed (the request body's schema)." },
    400: refusal(""),
    401: unauthorized,
    404: supplierNotFound,
    ...dataImportResponses({ write: false, jsonBody: true }),
  },
});

export const transferStatusRoute = defineContract({
  method: "get",
  path: "/v1/data-import/account-transfer-status/{supplier}/{external}/",
  summary: "An account's transfer status (production's AccountTransferStatus)",
  tags: TAGS,
  auth: "token",
  params: SupplierExternalParams,
  responses: {
    200: { description: "Any staged or imported process.", schema: AccountTransferStatus },
    401: unauthorized,
    404: {
      description: "`account_not_found` (no process for the pair) or `import_supplier_not_found`.",
      schema: ErrorBody,
    },
    ...dataImportResponses({ write: false, jsonBody: false }),
  },
});

export const meterPointStatusesRoute = defineContract({
  method: "get",
  path: "/v1/data-import/meterpoint-statuses-for-account/{supplier}/{external}/",
  summary: "Each meter point's registration state (production's GbrMeterPointStatus)",
  tags: TAGS,
  auth: "token",
  params: SupplierExternalParams,
  responses: {
    200: { description: "One entry per meter point of the imported account.", schema: z.array(GbrMeterPointStatus) },
    401: unauthorized,
    404: {
      description: "Production's `{error}`: no imported account for the pair, or it has no meter points.",
      schema: GbrMeterPointStatusError,
    },
    ...dataImportResponses({ write: false, jsonBody: false }),
  },
});

export const accountImportRoutes: RouteContract[] = [
  stageAccountRoute,
  processAccountRoute,
  validateAccountRoute,
  transferStatusRoute,
  importProcessListRoutes.all,
  importProcessListRoutes.pending,
  importProcessListRoutes.imported,
  importProcessListRoutes.failed,
  meterPointStatusesRoute,
];
