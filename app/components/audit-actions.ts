/** Audit actions in words; the machine name (`supplier.status_changed`) stays available beside them. */
const ACTIONS: Record<string, string> = {
  "supplier.created": "Supplier created",
  "supplier.updated": "Supplier edited",
  "supplier.status_changed": "Supplier status changed",
  "api_key.created": "API key created",
  "api_key.rolled": "API key rolled",
  "api_key.invalidated": "API key invalidated",
  "user.created": "Console user created",
  "user.updated": "Console user changed",
  "user.removed": "Console user removed",
  "customer_key.created": "Customer API key issued",
  "customer_key.revoked": "Customer API key revoked",
  "products.loaded": "Product catalogue loaded",
  "import_job.uploaded": "Import job uploaded",
  "import_job.paused": "Import job paused",
  "import_job.resumed": "Import job resumed",
  "import_job.cancelled": "Import job cancelled",
  "import_job.deleted": "Import job deleted",
  "import_job.validated_rows_imported": "Dry run's valid rows imported",
  "import_job.row_fixed": "Failed row fixed and retried",
  "import_job.group_retried": "Failure group retried",
  "account_import.rows_staged": "Accounts staged from the console",
  "account_import.batch_processed": "Staged accounts imported from the console",
  "account_import.batch_dry_run": "Staged accounts dry-run from the console",
  "consumption.uploaded": "Meter readings uploaded from the console",
  "cohort.created": "Cohort created",
  "cohort.updated": "Cohort edited",
  "cohort.status_changed": "Cohort moved on",
  "cohort.members_added": "Accounts added to the cohort",
  "cohort.members_removed": "Accounts taken out of the cohort",
  "cohort.control_file_uploaded": "Control file uploaded",
  "cohort.reconciliation_requested": "Reconciliation run",
  "cohort.mismatches_accepted": "Mismatches accepted with a reason",
  "cohort.signed_off": "Cohort signed off",
  "cohort.cutover_started": "Cut-over started",
  "cohort.cutover_retried": "Refused meter points retried",
};

const WORDS: Record<string, string> = { api: "API", id: "ID" };

/** "supplier.status_changed" → "Supplier status changed"; unknown actions are worded the same way. */
export function auditActionLabel(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = action
    .split(/[._\s]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(" ");
  return text ? text[0].toUpperCase() + text.slice(1) : action;
}
