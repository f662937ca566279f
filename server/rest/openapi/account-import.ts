import { z } from "zod";
import { ImportProcessListQuery } from "../import-process-list-route";
import { ErrorBody } from "../../errors";
import { ProcessAccountInput, StageAccountInput } from "../../services/account-import/account-schemas";
import { SupplierExternalParams } from "../../services/account-import/schemas";
import { dataImportResponses } from "./responses";
import type { RouteDoc } from "./types";

const TAGS = ["Account import"];

// Response shapes of the foundation's account-import services (toProcessView and friends).
const ImportProcess = z.object({
  import_supplier: z.string(),
  external_account_number: z.string(),
  status: z.enum(["staged", "imported", "failed"]),
  account_number: z.string().nullable().describe("A- plus 8 hex digits once imported; null while pending."),
  errors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
  created_at: z.string().nullable(),
  updated_at: z.string(),
  imported_at: z.string().nullable(),
});
const ProcessPage = z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(ImportProcess) });
const ProcessResult = z.object({ import_supplier: z.string(), external_account_number: z.string(), account_number: z.string(), dry_run: z.boolean() });
const AlreadyImported = ErrorBody.extend({ import_supplier: z.string(), external_account_number: z.string(), account_number: z.string() });
const SupplierParams = z.object({ supplier: z.string().describe("Import supplier code") });

const unauthorized = { description: "Missing, invalid or expired credentials.", schema: ErrorBody };
const supplierNotFound = { description: "`import_supplier_not_found` (also for another organisation's supplier).", schema: ErrorBody };

const listDoc = (filter: "all" | "pending" | "imported" | "failed"): RouteDoc => ({
  method: "get",
  path: `/v1/data-import/${filter}-account-import-processes/{supplier}/`,
  summary: `List ${filter === "all" ? "all" : filter} account import processes of a supplier`,
  description: filter === "pending" ? "Pending processes have a null account_number and created_at." : undefined,
  tags: TAGS,
  auth: "token",
  params: SupplierParams,
  query: ImportProcessListQuery,
  responses: { 200: { description: "A page.", schema: ProcessPage }, 400: { description: "invalid_query", schema: ErrorBody }, 401: unauthorized, 404: supplierNotFound, ...dataImportResponses({ write: false, jsonBody: false }) },
});

export const accountImportRouteDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/data-import/account-import-process/create-or-update/",
    summary: "Stage (or restage) an account's data",
    tags: TAGS,
    auth: "token",
    body: StageAccountInput,
    responses: {
      201: { description: "Staged for the first time.", schema: ImportProcess },
      200: { description: "Staged data replaced.", schema: ImportProcess },
      400: { description: "account_failed_validation (item codes such as invalid_phone_number, invalid_postcode, invalid_supply_point_identifier, supply_point_on_another_account, overlapping_agreements), import_supplier_migration_not_ongoing, or account_already_imported (with the account number).", schema: z.union([AlreadyImported, ErrorBody]) },
      401: unauthorized,
      404: supplierNotFound,
      ...dataImportResponses({ write: true, jsonBody: true }),
    },
  },
  {
    method: "post",
    path: "/v1/data-import/account-import-process/process/",
    summary: "Import a staged account",
    description: "`dry_run: true` validates and rolls back (200).",
    tags: TAGS,
    auth: "token",
    body: ProcessAccountInput,
    responses: {
      201: { description: "Imported; the new platform account number.", schema: ProcessResult },
      200: { description: "Dry run passed; nothing kept.", schema: ProcessResult },
      400: { description: "account_already_imported, import_supplier_migration_not_ongoing, account_failed_validation.", schema: z.union([AlreadyImported, ErrorBody]) },
      401: unauthorized,
      404: { description: "import_supplier_not_found or account_import_process_not_found.", schema: ErrorBody },
      429: { description: "import_concurrency_limit: too many imports at once; retry after Retry-After.", schema: ErrorBody },
      ...dataImportResponses({ write: true, jsonBody: true }),
    },
  },
  {
    method: "post",
    path: "/v1/data-import/validate-account/",
    summary: "Run the staging validation only",
    tags: TAGS,
    auth: "token",
    body: StageAccountInput,
    responses: {
      200: { description: "Valid.", schema: z.object({ valid: z.literal(true), import_supplier: z.string(), external_account_number: z.string() }) },
      400: { description: "account_failed_validation with item errors.", schema: ErrorBody },
      401: unauthorized,
      404: supplierNotFound,
      ...dataImportResponses({ write: false, jsonBody: true }),
    },
  },
  {
    method: "get",
    path: "/v1/data-import/account-transfer-status/{supplier}/{external}/",
    summary: "An account's import status",
    tags: TAGS,
    auth: "token",
    params: SupplierExternalParams,
    responses: {
      200: { description: "The import process.", schema: ImportProcess },
      401: unauthorized,
      404: { description: "account_not_found or import_supplier_not_found.", schema: ErrorBody },
      ...dataImportResponses({ write: false, jsonBody: false }),
    },
  },
  listDoc("all"),
  listDoc("pending"),
  listDoc("imported"),
  listDoc("failed"),
];
