import { type FieldError, ServiceError } from "../errors";

/**
 * Error bodies of the /v2/data-import/accounts/ routes (production's, with the contract's
 * `errors` list kept in them). Attrs are paths in the EnergyAccount itself
 * (`supply_addresses.0.meter_points.1.identifier`), as production's
 * StandardizedValidationErrorResponse gives them and as v1's validate-account/ does: the
 * `payload.` of the wrapped body is dropped, so a wrapped and a flat body get the same paths.
 * Paths outside the account keep their place (`task_params.schedule_window_end`, `payload`).
 */
export const accountPath = (attr: string | null) =>
  attr?.startsWith("payload.") ? attr.slice("payload.".length) : attr;
const inAccount = (errors: FieldError[]) => errors.map((e) => ({ ...e, attr: accountPath(e.attr) }));

/** About the request as a whole (JSON, encoding, size): the standard shape on every route, v2 too. */
const REQUEST_CODES = new Set([
  "parse_error",
  "invalid",
  "invalid_encoding",
  "incomplete_body",
  "nesting_too_deep",
  "too_many_values",
  "duplicate_key",
  "unsupported_media_type",
  "invalid_query",
]);

const isAccountRefusal = (err: unknown): err is ServiceError =>
  err instanceof ServiceError &&
  ((err.kind === "validation" && !REQUEST_CODES.has(err.code)) || err.code === "import_supplier_not_found");

function withAccountPaths(err: ServiceError): ServiceError {
  if (!err.errors.length || err.body !== undefined) return err;
  return new ServiceError(err.kind, err.code, err.message, {
    errors: inAccount(err.errors),
    status: err.status,
    headers: err.headers,
  });
}

const alreadyImportedDetail = (err: ServiceError) => err.message;
const accountNumberOf = (err: ServiceError) =>
  String((err.body as { kraken_account_number?: string } | undefined)?.kraken_account_number ?? "");

/** POST /v2/data-import/accounts/: `import_process_failed_validation` / `account_import_process_already_imported`. */
export function scheduleError(err: unknown): unknown {
  if (!(err instanceof ServiceError)) return err;
  if (err.code === "account_already_imported") {
    const detail = alreadyImportedDetail(err);
    const code = "account_import_process_already_imported";
    return new ServiceError("validation", code, detail, {
      body: { non_field_errors: { detail, code }, account_id: accountNumberOf(err), detail, code, errors: [] },
    });
  }
  if (!isAccountRefusal(err)) return withAccountPaths(err);
  const errors = inAccount(err.errors.length ? err.errors : [{ detail: err.message, code: err.code, attr: null }]);
  const detail =
    "Import process validation failed during account creation: see errors (POST /v2/data-import/accounts/validate/ gives the same list without scheduling anything).";
  const code = "import_process_failed_validation";
  return new ServiceError("validation", code, detail, {
    errors,
    body: { code, detail, domain: "import_process", errors },
  });
}

/** POST /v2/data-import/accounts/validate/: every refusal is a 400 StandardizedValidationErrorResponse. */
export function validateError(err: unknown): unknown {
  if (!(err instanceof ServiceError)) return err;
  if (err.code === "account_already_imported") {
    const code = "account_import_process_already_imported";
    const detail = alreadyImportedDetail(err);
    return new ServiceError("validation", code, detail, {
      errors: [{ detail, code, attr: "external_account_number" }],
    });
  }
  if (isAccountRefusal(err))
    return new ServiceError("validation", err.code, err.message, { errors: inAccount(err.errors) });
  return withAccountPaths(err);
}

/** GET /v2/data-import/accounts/<supplier>/<external>/: production's ErrorResponse for an unknown supplier or process. */
export function statusError(err: unknown): unknown {
  if (!(err instanceof ServiceError) || err.kind !== "not_found") return err;
  return new ServiceError("not_found", "not_found", err.message, {
    body: { detail: err.message, code: "not_found", errors: [] },
  });
}
