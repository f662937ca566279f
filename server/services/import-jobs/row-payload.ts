import type { ImportJobFormat, ImportJobRowError } from "@/db/schema";
import { type FieldError, type ServiceError, safeParseReporting, zodFieldErrors } from "../../errors";
import { StageAccountInput } from "../account-import/account-schemas";
import { csvColumnLocator, csvRecordToPayload } from "../accounts/account-csv";
import { rowErrors } from "./row-errors";
import { withoutFailedFields } from "../account-import/partial-payload";

export type PreparedRow = {
  data: StageAccountInput | null;
  external: string | null;
  errors: ImportJobRowError[];
  /** Names the CSV column an error's attr falls in (null for JSON rows and fixed payloads). */
  columnOf: (attr: string | null) => string | null;
  /**
   * When the schema refused some values: the payload without them, which the later checks still
   * run over so that one pass reports every error (issue 39 item 4); `fieldErrors` are the
   * schema's, `removed` the attrs left out.
   */
  partial?: { data: StageAccountInput; removed: string[]; fieldErrors: FieldError[] };
};

type RowSource = { record: Record<string, unknown> | null; fixedPayload: Record<string, unknown> | null };

/**
 * One stored row as the EnergyAccount staging takes: a CSV row mapped by its columns, a JSON line
 * as sent, or the operator's fix; checked by the same schema as REST staging (no database).
 */
export function prepareRow(format: ImportJobFormat, supplierCode: string, row: RowSource): PreparedRow {
  const none = () => null;
  const csv = format === "csv" && !row.fixedPayload && row.record;
  const columnOf = csv ? csvColumnLocator(row.record as Record<string, string>) : none;
  const payload = row.fixedPayload ?? (csv ? csvRecordToPayload(row.record as Record<string, string>) : row.record);
  if (!payload)
    return {
      data: null,
      external: null,
      errors: [{ attr: null, code: "parse_error", detail: "This line is not a JSON object.", column: null }],
      columnOf,
    };
  const external = typeof payload.external_account_number === "string" ? payload.external_account_number : null;
  const fail = (errors: FieldError[]): PreparedRow => ({
    data: null,
    external,
    errors: withColumns(errors, columnOf),
    columnOf,
  });
  if (payload.import_supplier !== undefined && payload.import_supplier !== supplierCode) {
    return fail([
      {
        attr: "import_supplier",
        code: "import_supplier_mismatch",
        detail: `This row is for import supplier '${String(payload.import_supplier)}', not '${supplierCode}'.`,
      },
    ]);
  }
  const input = { ...payload, import_supplier: supplierCode };
  const parsed = safeParseReporting(StageAccountInput, input);
  if (!parsed.success) {
    const fieldErrors = zodFieldErrors(parsed.error);
    const rest = withoutFailedFields(StageAccountInput, input, fieldErrors);
    return { ...fail(fieldErrors), ...(rest ? { partial: { ...rest, fieldErrors } } : {}) };
  }
  if (!external || external.trim() === "") {
    return fail([
      {
        attr: "external_account_number",
        code: external === null ? "required" : "blank",
        detail: "The external account number is the key of the import process; give it.",
      },
    ]);
  }
  return { data: parsed.data, external, errors: [], columnOf };
}

/** Each problem once, on the CSV column (or field) it concerns, worded as the console's uploads always were. */
export function withColumns(
  errors: FieldError[],
  columnOf: (attr: string | null) => string | null,
): ImportJobRowError[] {
  return rowErrors(errors, columnOf);
}

/** A refusal's errors as stored on the row: its field errors, else the refusal itself. */
export function refusalErrors(
  err: ServiceError,
  columnOf: (attr: string | null) => string | null,
): ImportJobRowError[] {
  return withColumns(err.errors.length ? err.errors : [{ detail: err.message, code: err.code, attr: null }], columnOf);
}
