import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type ImportJobFormat, type ImportJobRowError, type ImportJobStep, importJobRows } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { importInTransaction, recordImportFailure } from "../account-import/process-account-import";
import { accountDataErrors, importedAccountNumber, stageAccount } from "../account-import/stage-account";
import { joinCohortForImport, otherCohortOf } from "../cohorts/members";
import { sendRegistrationFlows } from "../registration/send-registration-flows";
import { type PreparedRow, prepareRow, refusalErrors, withColumns } from "./row-payload";
import { unrelatedTo } from "../account-import/partial-payload";
import { inSpan } from "@/server/lib/tracing.mjs";

export type LaneState = {
  jobId: number;
  organisationId: number;
  supplierId: number;
  supplierCode: string;
  format: ImportJobFormat;
  dryRun: boolean;
  sendRegistration: boolean;
  /** The cohort the upload named: each row's account joins it before it is staged. */
  cohortId?: number | null;
};

type Row = typeof importJobRows.$inferSelect;
type Outcome = {
  status: "valid" | "imported" | "failed";
  step: ImportJobStep | null;
  errors: ImportJobRowError[];
  accountNumber?: string;
  external: string | null;
};

const failed = (step: ImportJobStep, errors: ImportJobRowError[], external: string | null): Outcome => ({
  status: "failed",
  step,
  errors,
  external,
});

/**
 * Handles claimed rows inside the lane's transaction, which holds their locks: each row's
 * outcome is written in the same transaction as the staging and import it describes, so a
 * row takes effect once whatever dies when. Staging and import run in savepoints: a refusal
 * rolls back only its own step of its own row.
 */
export async function handleRows(tx: Db, state: LaneState, rows: Row[]): Promise<number> {
  const done = [];
  for (const row of rows) {
    // A span per row when tracing is on (ADR 0044): its staging and import statements are its children.
    const outcome = await inSpan(
      "import_job.row",
      { attributes: { "import_job.id": state.jobId, "import_job.line": row.line, "import_job.dry_run": state.dryRun } },
      async (span) => {
        const o = state.dryRun ? await validateRow(tx, state, row) : await importRow(tx, state, row);
        span?.setAttribute("import_job.row.status", o === NOT_ONGOING ? "not_ongoing" : o.status);
        return o;
      },
    );
    // Paused (or Complete) since the lane looked: this row and the rest stay pending, untouched.
    if (outcome === NOT_ONGOING) break;
    done.push({
      line: row.line,
      status: outcome.status,
      step: outcome.step,
      errors: outcome.errors,
      error_code: outcome.status === "failed" ? (outcome.errors[0]?.code ?? "failed") : null,
      account_number: outcome.accountNumber ?? null,
      external: outcome.external ?? row.externalAccountNumber,
    });
  }
  // Every outcome in one statement, in the transaction that did the work.
  await tx.execute(sql`
    update ${importJobRows} r set status = d.status, step = d.step, errors = d.errors, error_code = d.error_code,
      account_number = d.account_number, external_account_number = d.external, attempts = r.attempts + 1, processed_at = clock_timestamp()
    from jsonb_to_recordset(${JSON.stringify(done)}::jsonb)
      as d(line int, status text, step text, errors jsonb, error_code text, account_number text, external text)
    where r.job_id = ${state.jobId} and r.line = d.line`);
  return done.length;
}

const inAnotherCohort = (external: string, cohort: string, column: string | null): ImportJobRowError => ({
  attr: "external_account_number",
  code: "account_in_another_cohort",
  detail: `Account ${external} is already in cohort ${cohort}; an account belongs to at most one cohort.`,
  column,
});

const NOT_ONGOING = Symbol("supplier not ongoing");
const notOngoing = (err: ServiceError) => err.code === "import_supplier_migration_not_ongoing";

/**
 * A row the schema refused, with what the later checks (production's rules, the catalogue,
 * meter points held elsewhere) find in the rest of it: every error in one pass (issue 39 item 4).
 */
async function schemaFailure(tx: Db, state: LaneState, prepared: PreparedRow): Promise<Outcome> {
  if (!prepared.partial) return failed("validation", prepared.errors, prepared.external);
  const { data, removed, fieldErrors } = prepared.partial;
  const later = unrelatedTo(removed, await accountDataErrors(tx, state.organisationId, state.supplierId, data));
  return failed("validation", withColumns([...fieldErrors, ...later], prepared.columnOf), prepared.external);
}

async function validateRow(tx: Db, state: LaneState, row: Row): Promise<Outcome> {
  const prepared = prepareRow(state.format, state.supplierCode, row);
  if (!prepared.data) return schemaFailure(tx, state, prepared);
  const errors = await accountDataErrors(tx, state.organisationId, state.supplierId, prepared.data);
  if (errors.length) return failed("validation", withColumns(errors, prepared.columnOf), prepared.external);
  const other = state.cohortId
    ? await otherCohortOf(tx, { id: state.cohortId, supplierId: state.supplierId }, prepared.external!)
    : null;
  if (other)
    return failed(
      "validation",
      [inAnotherCohort(prepared.external!, other, prepared.columnOf("external_account_number"))],
      prepared.external,
    );
  const imported = await importedAccountNumber(tx, state.supplierId, prepared.external!);
  if (imported) {
    const detail = `Account ${prepared.external} is already imported as ${imported}.`;
    return failed(
      "validation",
      [
        {
          attr: "external_account_number",
          code: "account_already_imported",
          detail,
          column: prepared.columnOf("external_account_number"),
        },
      ],
      prepared.external,
    );
  }
  return { status: "valid", step: null, errors: [], external: prepared.external };
}

async function importRow(tx: Db, state: LaneState, row: Row): Promise<Outcome | typeof NOT_ONGOING> {
  const prepared = prepareRow(state.format, state.supplierCode, row);
  if (!prepared.data) return schemaFailure(tx, state, prepared);
  const external = prepared.external!;
  const ctx: Ctx = {
    db: tx,
    inTransaction: true,
    requestId: `import-job-${state.jobId}-${row.line}`,
    actor: { kind: "system", organisationId: state.organisationId, label: `import job ${state.jobId}` },
  };
  if (state.cohortId) {
    const other = await joinCohortForImport(
      tx,
      { id: state.cohortId, supplierId: state.supplierId },
      external,
      `import job ${state.jobId}`,
    );
    if (other)
      return failed(
        "validation",
        [inAnotherCohort(external, other, prepared.columnOf("external_account_number"))],
        external,
      );
  }
  try {
    await tx.transaction((sp) => stageAccount({ ...ctx, db: sp as unknown as Db }, prepared.data!));
  } catch (err) {
    if (!(err instanceof ServiceError) || err.kind === "rate_limited") throw err;
    if (notOngoing(err)) return NOT_ONGOING;
    return failed("staging", refusalErrors(err, prepared.columnOf), external);
  }
  const input = { import_supplier: state.supplierCode, external_account_number: external, dry_run: false };
  let accountNumber: string;
  try {
    const result = await tx.transaction((sp) =>
      importInTransaction(sp as unknown as Db, { ...ctx, db: sp as unknown as Db }, state.organisationId, input),
    );
    accountNumber = result.account_number;
  } catch (err) {
    if (!(err instanceof ServiceError) || err.kind === "rate_limited") throw err;
    // Paused between staging and import: the row stays pending (staged; staging it again on resume changes nothing).
    if (notOngoing(err)) return NOT_ONGOING;
    // Recorded as process/ records it (error event, process marked failed), in this transaction.
    if (err.kind === "validation") await recordImportFailure(ctx, state.organisationId, input, err);
    return failed("import", refusalErrors(err, prepared.columnOf), external);
  }
  if (!state.sendRegistration) return { status: "imported", step: null, errors: [], accountNumber, external };
  const problems = await registrationProblems(ctx, state.supplierCode, external);
  return {
    status: "imported",
    step: problems.length ? "registration" : null,
    errors: problems,
    accountNumber,
    external,
  };
}

/** Registration is asked for after the import; a refusal is noted on the row, the account stays imported. */
async function registrationProblems(ctx: Ctx, supplierCode: string, external: string): Promise<ImportJobRowError[]> {
  try {
    const results = await ctx.db.transaction((sp) =>
      sendRegistrationFlows(
        { ...ctx, db: sp as unknown as Db },
        { import_supplier_code: supplierCode, external_account_number: external },
      ),
    );
    return results
      .flatMap((r) => r.meter_points)
      .filter((r) => r.status === "REGISTRATION_FLOW_ERROR")
      .map((r) => ({
        attr: null,
        code: "registration_flow_error",
        detail: `${r.mpxn}: ${r.error_detail ?? "registration refused"}`,
        column: null,
      }));
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return [{ attr: null, code: err.code, detail: err.message, column: null }];
  }
}
