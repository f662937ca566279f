import { z } from "zod";
import { ErrorBody } from "../../errors";
import { CreateNotesInput, CreateNotesResult } from "../../services/notes/note-schemas";
import {
  CreatePaymentInstructionError,
  CreatePaymentInstructionInput,
  CreatePaymentInstructionResult,
} from "../../services/payments/payment-schemas";
import {
  CreateHistoricalStatementsInput,
  CreateHistoricalStatementsResult,
} from "../../services/statements/statement-schemas";
import {
  CreateTransactionsInput,
  CreateTransactionsQuery,
  CreateTransactionsResult,
  TransactionImportError,
} from "../../services/transactions/transaction-schemas";
import { MAX_ITEMS_PER_REQUEST } from "../../services/import-bodies/common";
import {
  RegistrationFlowNotFound,
  RegistrationFlowParams,
  RegistrationFlowQuery,
  RegistrationFlowResult,
} from "../../services/registration/schemas";
import { concurrentImport, dataImportResponses, documentStoreUnavailable } from "./responses";
import { defineContract, type RouteContract } from "./contract";

const TAGS = ["Data import"];
const unauthorized = {
  description:
    "Missing (`authentication_required`), invalid (`authentication_failed`) or expired (`token_expired`) credentials.",
  schema: ErrorBody,
};
const notFound = {
  description:
    "`account_not_found`: the account is not imported, or import_supplier / external_account_number is wrong or belongs to another organisation.",
  schema: ErrorBody,
};
const invalid = (codes: string) => ({
  description: `Validation failed: \`code\` is the first error's code; \`errors\` lists each with its \`attr\` path. Codes: ${codes}.`,
  schema: ErrorBody,
});
const jsonWrite = dataImportResponses({ write: true, jsonBody: true });
const common = `At most ${MAX_ITEMS_PER_REQUEST} items per request. All or nothing: when any item fails, nothing is written.`;

const GraphQLBody = z.object({
  query: z
    .string()
    .describe(
      'e.g. mutation { obtainKrakenToken(input: {APIKey: "sk_live_..."}) { token payload refreshToken refreshExpiresIn } }',
    ),
  variables: z.record(z.string(), z.unknown()).optional(),
  operationName: z.string().optional(),
});

export const graphqlPostRoute = defineContract({
  method: "post",
  path: "/v1/graphql/",
  summary: "GraphQL: obtainKrakenToken",
  description:
    "`obtainKrakenToken(input: {APIKey | refreshToken | email + password})` returns `token` (JWT, 60 minutes), `payload` (its claims), `refreshToken` (7 days, single use) and `refreshExpiresIn` (Unix time). " +
    "Errors come with HTTP 200 in `errors[].extensions` {errorType, errorCode, errorDescription}: KT-CT-1139 authentication failed, KT-CT-1143 invalid credential, KT-CT-1124 token expired, KT-CT-1111 unauthorized, KT-CT-1112 authorization header missing, KT-CT-1199 too many failed attempts.",
  tags: ["Authentication"],
  auth: "none",
  body: GraphQLBody,
  responses: { 200: { description: "A GraphQL response: `data` and/or `errors`." } },
});

export const graphqlGetRoute = defineContract({
  method: "get",
  path: "/v1/graphql/",
  summary: "GraphQL over HTTP GET (queries only) or the GraphiQL explorer in a browser",
  description: "Mutations such as obtainKrakenToken must use POST. With `Accept: text/html` this serves GraphiQL.",
  tags: ["Authentication"],
  auth: "none",
  query: z.object({
    query: z.string().optional(),
    variables: z.string().optional(),
    operationName: z.string().optional(),
  }),
  responses: { 200: { description: "A GraphQL response, or the GraphiQL page." } },
});

export const openApiRoute = defineContract({
  method: "get",
  path: "/v1/openapi.json",
  summary: "This OpenAPI 3.1 document",
  tags: ["Meta"],
  auth: "none",
  responses: { 200: { description: "The OpenAPI document describing every REST route." } },
});

export const createNotesRoute = defineContract({
  method: "post",
  path: "/v1/data-import/notes/create/",
  summary: "Add notes to an imported account",
  description:
    "Production's AccountNote body (external_account_number, or the deprecated account_number). A note with an external_id exists already when the account has a note with that external_id; " +
    "one without exists when the account has a note with the same body (the document paths when it has none) and the same created_at, when given. Either way its status is NOTE_ALREADY_EXISTS and the result describes the note the account has. " +
    `created_at and unpin_at are kept at whole seconds (sub-seconds are dropped): the created_at echoed is the stored one, and resending it matches the same note. unpin_at is kept on pinned notes only. ${common}`,
  tags: TAGS,
  auth: "token",
  body: CreateNotesInput,
  responses: {
    201: {
      description:
        "One result per note, in request order (production's CreateAccountNotesResponse): every field, null where absent; body is null for a document-only note.",
      schema: CreateNotesResult,
    },
    400: invalid(
      "note_body_or_document_path_not_found, note_unpin_at_earlier_than_creation_date, path_does_not_exist_in_file_store, invalid_document_path, document_root_not_owned, invalid_datetime, blank, required (neither external_account_number nor account_number), unknown_field, too_few_items, too_many_items",
    ),
    401: unauthorized,
    404: notFound,
    ...jsonWrite,
    503: documentStoreUnavailable,
  },
});

export const createTransactionsRoute = defineContract({
  method: "post",
  path: "/v1/data-import/transactions/create/",
  summary: "Add ledger transactions to an imported account",
  description:
    "Production's Transactions body: each item one of EnergyCharge, EnergyCredit, EnergyPayment, EnergyRepayment, EnergySupplyCharge, chosen by `type`, with exactly that type's fields (unknown_field otherwise). " +
    `Amounts are decimals (10.10) sent as strings or JSON numbers, kept exactly and echoed as strings with at least two places; charges and credits may be negative. ${common} ` +
    "Each transaction added stores one billing.ledger.entry_posted v2 event in the same database transaction; the event relay delivers it as v2 and also as v1, derived from the stored v2 when it is delivered (v1 is never stored). " +
    "`dry_run: true` validates and runs everything, then rolls back: 200 with the results it would give (no added_transaction_id for transactions it would add), nothing stored, no events.",
  tags: TAGS,
  auth: "token",
  query: CreateTransactionsQuery,
  body: CreateTransactionsInput,
  responses: {
    200: { description: "A dry run: the results it would give.", schema: CreateTransactionsResult },
    201: {
      description:
        "`{results}`: TRANSACTION_ADDED_TO_ACCOUNT or TRANSACTION_ALREADY_EXISTS per transaction, in request order, with the integer added_transaction_id.",
      schema: CreateTransactionsResult,
    },
    400: {
      description:
        "For the first failing transaction: `{status: TRANSACTION_IMPORT_ERROR, error_detail, transaction_data}` (plus detail, code, errors). Envelope errors (not a list, empty, too many) use the standard error shape. " +
        "Codes: missing_transaction_id, duplicate_transaction_ids, transaction_in_future, start_date_later_than_end_date, incorrect_line_item_net_amount, conflicting_rate_band_specification, line_item_units_must_be_two_values, " +
        "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount, supply_point_identifier_required_for_rate_specification_code, product_code_does_not_exist, prepay_meter_not_found, " +
        "transaction_already_exists, transaction_id_already_used, transaction_outside_open_statement_period, invalid_number, max_decimal_places, max_value, invalid_choice, unknown_field.",
      schema: z.union([TransactionImportError, ErrorBody]),
    },
    401: unauthorized,
    404: notFound,
    ...jsonWrite,
    409: concurrentImport,
  },
});

export const createHistoricalStatementsRoute = defineContract({
  method: "post",
  path: "/v1/data-import/historical-statements/create/",
  summary: "Add historical PDF statements",
  description: `Production's HistoricalStatements body; gross_amount is an integer in pence. statement_id is unique per account (historical_statement_already_exists). ${common}`,
  tags: TAGS,
  auth: "token",
  body: CreateHistoricalStatementsInput,
  responses: {
    201: {
      description: "The validated data echoed (gross_amount an integer in pence, absent fields absent).",
      schema: CreateHistoricalStatementsResult,
    },
    400: invalid(
      "historical_statement_already_exists, duplicate_statement_ids, start_date_later_than_end_date, path_does_not_exist_in_file_store, invalid_document_path, document_root_not_owned, invalid_integer, invalid_date",
    ),
    401: unauthorized,
    404: notFound,
    ...jsonWrite,
    503: documentStoreUnavailable,
  },
});

export const createPaymentInstructionRoute = defineContract({
  method: "post",
  path: "/v1/data-import/payment-instruction/create/",
  summary: "Add the account's payment instruction, verified with the vendor",
  description:
    "Production's LegacyPaymentInstruction body. The vendor (STRIPE: card payment methods; BOTTOMLINE_GLOBAL_PAYMENTS_HUB, BOTTOMLINE_PTX, BOTTOMLINE_PTX_BATCHED: the direct-debit bureau's mandates) is asked whether the instruction exists and is usable. " +
    "Resending the active instruction answers 201 again. Every 400 and 500 carries production's CreatePaymentInstructionError fields (error_detail, external_account_number, import_supplier, reference) beside detail, code and errors.",
  tags: TAGS,
  auth: "token",
  body: CreatePaymentInstructionInput,
  responses: {
    201: {
      description:
        "Stored: production's CreatePaymentInstructionResponse (account_number and kraken_account_number are the platform number) and the contract's platform_account_number.",
      schema: CreatePaymentInstructionResult,
    },
    400: {
      description:
        "Do not retry as is: validation (mutually_exclusive_field_required, invalid_payment_instruction_type, invalid_payment_instruction_reference, ...), payment_instruction_not_found, payment_instruction_not_active, payment_vendor_persistent_failure, payment_vendor_not_configured, payment_instruction_reference_in_use, or account_has_active_payment_instruction.",
      schema: CreatePaymentInstructionError,
    },
    401: unauthorized,
    404: notFound,
    ...jsonWrite,
    500: {
      description: "payment_vendor_unavailable: an intermittent vendor failure; retry the request as it is.",
      schema: CreatePaymentInstructionError,
    },
  },
});

export const sendRegistrationFlowsRoute = defineContract({
  method: "post",
  path: "/v1/data-import/send-registration-flows/{import_supplier_code}/{external_account_number}/",
  summary: "Mark the account's meter points for registration",
  description:
    "No body. Each meter point is marked and a background job sends its registration flow later; the outcome is kept on the meter point. Emits meterpoint.elec/gas.cos_gain.registration.requested.",
  tags: TAGS,
  auth: "token",
  params: RegistrationFlowParams,
  query: RegistrationFlowQuery,
  responses: {
    200: {
      description:
        "One result per meter point: REGISTRATION_FLOW_SUCCESS, or REGISTRATION_FLOW_ERROR with error_detail.",
      schema: RegistrationFlowResult,
    },
    400: {
      description:
        "`invalid_query`: supply_start_date is not a YYYY-MM-DD date (item code invalid_date, attr supply_start_date).",
      schema: ErrorBody,
    },
    401: unauthorized,
    ...dataImportResponses({ write: true, jsonBody: false }),
    404: { description: "The account is not found or has no meter points.", schema: RegistrationFlowNotFound },
  },
});

export const dataImportRoutes: RouteContract[] = [
  graphqlPostRoute,
  graphqlGetRoute,
  openApiRoute,
  createNotesRoute,
  createTransactionsRoute,
  createHistoricalStatementsRoute,
  createPaymentInstructionRoute,
  sendRegistrationFlowsRoute,
];
