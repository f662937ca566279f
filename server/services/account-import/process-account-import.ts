import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { isDatabaseUnavailable, sqlStates } from "@/db/errors";
import { logger } from "../../logger";
import { type Ctx, organisationOf, requireWriter, rolledBack, withTransaction } from "../../context";
import { type FieldError, ServiceError, safeParseReporting, zodFieldErrors } from "../../errors";
import { emit, emitMany, pending } from "../../events/emit";
import { assertMigrationOngoing, type Supplier, supplierNotFound } from "../suppliers/find-supplier";
import { createAccountRows } from "./create-account-rows";
import { hasEmbeddedItems, postEmbeddedItems } from "./embedded-items";
import { METER_POINT_LOCK } from "./meter-point-conflicts";
import { type ProcessAccountInput, StageAccountInput } from "./account-schemas";
import { accountDataErrors, alreadyImported } from "./stage-account";
import { recallStaged } from "./staged-parse-cache";
import { env } from "@/server/env.mjs";

export const IMPORT_CONCURRENCY = env.IMPORT_CONCURRENCY;
const LOCK_NAMESPACE = 727274002;

export type ProcessResult = {
  import_supplier: string;
  external_account_number: string;
  /** The new platform account number (production's kraken_account_number). */
  account_number: string;
  dry_run: boolean;
};

/** process/'s 201 body (production's ProcessAccountImportProcessCreation). */
export const processCreationBody = (r: ProcessResult) => ({
  external_account_number: r.external_account_number,
  kraken_account_number: r.account_number,
  account_number: r.account_number,
});

/** Production answers a dry run that would have succeeded with this 400. */
export const DRY_RUN_SUCCEEDED = {
  detail: "Account would successfully import. Rolled back due to Dry Run.",
  code: "400",
  errors: [],
} as const;

/**
 * Turns staged data into an account, all in one transaction. A refusal is recorded as a
 * data_import.import_process.error event (committed on its own) and answered with 400.
 */
export async function processAccountImport(ctx: Ctx, input: ProcessAccountInput): Promise<ProcessResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  try {
    if (!input.dry_run) return await withTransaction(ctx, (tx) => importInTransaction(tx, ctx, organisationId, input));
    // A dry run imports in a transaction that is rolled back, then says so in an event of its own.
    const result = await rolledBack(ctx, (tx) => importInTransaction(tx, ctx, organisationId, input));
    await withTransaction(ctx, (tx) =>
      emit(
        tx,
        "data_import.import_process.dry_run_complete",
        "v1",
        { resource_type: "account", external_identifier: input.external_account_number },
        { organisationId },
      ),
    );
    return result;
  } catch (err) {
    const refusal = err instanceof ServiceError ? err : unstorable(err, ctx.requestId);
    if (refusal?.kind === "validation") await recordImportFailure(ctx, organisationId, input, refusal);
    throw refusal ?? err;
  }
}

/** SQLSTATE classes worth sending the same request again for: the request itself was not at fault. */
const TRANSIENT = /^(08|40|53|55|57)/;

/**
 * An unexpected failure while storing staged data (a value the database refuses, a bug on an
 * odd payload) is the account's import failing, answered and recorded like any refusal, never
 * a 500: retrying would fail the same way. Database outages and lock conflicts stay as they are.
 */
function unstorable(err: unknown, requestId: string): ServiceError | null {
  if (isDatabaseUnavailable(err) || sqlStates(err).some((c) => TRANSIENT.test(c))) return null;
  logger.error("account import failed unexpectedly", { requestId, err });
  const detail = `The staged account could not be stored (request ${requestId}); check its data and stage it again.`;
  return new ServiceError("validation", "account_import_failed", detail, {
    errors: [{ detail, code: "account_import_failed", attr: null }],
  });
}

/** The import itself in the caller's transaction; a refusal is thrown, not recorded (see recordImportFailure). */
export async function importInTransaction(
  tx: Db,
  ctx: Ctx,
  organisationId: number,
  input: ProcessAccountInput,
): Promise<ProcessResult> {
  // The supplier, the row, the import slot and the meter-point locks in one statement (ADR 0025,
  // 0032): the row only under an Ongoing supplier, the slot only for a row still to import, the
  // meter-point locks (keys from the staged payload, hash order) only with a slot.
  const [claim] = await execRows<{
    supplier_id: number;
    code: string;
    supplier_status: string;
    document_root: string;
    document_root_id: number | null;
    id: number | null;
    status: string;
    account_id: number | null;
    payload: Record<string, unknown> | string;
    version: string;
    slot: number | null;
  }>(
    tx,
    sql`
    with s as (
      select id, code, status, document_root, document_root_id from import_suppliers
      where organisation_id = ${organisationId} and code = ${input.import_supplier}),
    p as (
      select p.id, p.status, p.account_id, p.payload, p.xmin::text as version from account_import_processes p
      where p.supplier_id = (select id from s where status = 'Ongoing') and p.external_account_number = ${input.external_account_number}
      for update),
    slot as (
      select (select g from generate_series(0, ${IMPORT_CONCURRENCY - 1}::int) as g where pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, g) limit 1) as slot
      from p where p.status <> 'imported'),
    locked as (
      select count(pg_advisory_xact_lock(${METER_POINT_LOCK}, h)) as n
      from (select distinct hashtext(m #>> '{}') as h
            from p cross join slot cross join lateral jsonb_path_query(p.payload, '$.supply_addresses[*].meter_points[*].identifier') as m
            where slot.slot is not null order by 1) as k)
    select s.id as supplier_id, s.code, s.status as supplier_status, s.document_root, s.document_root_id,
      p.id, p.status, p.account_id, p.payload, p.version, (select slot from slot) as slot, (select n from locked) as locked
    from s left join p on true`,
  );
  if (!claim) throw supplierNotFound(input.import_supplier);
  const supplier = {
    id: claim.supplier_id,
    code: claim.code,
    status: claim.supplier_status as Supplier["status"],
    documentRoot: claim.document_root,
    documentRootId: claim.document_root_id,
  };
  assertMigrationOngoing(supplier);
  const process = claim.id === null ? undefined : { ...claim, id: claim.id };
  if (!process) {
    const detail = `No account import process ${input.external_account_number} is staged for import supplier ${supplier.code}.`;
    throw new ServiceError("validation", "import_process_does_not_exist", detail, {
      errors: [{ detail, code: "import_process_does_not_exist", attr: "external_account_number" }],
    });
  }
  if (process.status === "imported") {
    const [acc] = await execRows<{ number: string }>(
      tx,
      sql`select number from accounts where id = ${process.account_id}`,
    );
    throw alreadyImported(supplier.code, input.external_account_number, acc.number);
  }
  if (process.slot === null) throw concurrencyLimit();
  const payload = (typeof process.payload === "string" ? JSON.parse(process.payload) : process.payload) as Record<
    string,
    unknown
  >;
  const remembered = recallStaged(process.id, process.version);
  const staged = remembered
    ? { success: true as const, data: remembered }
    : safeParseReporting(StageAccountInput, { ...payload, import_supplier: supplier.code });
  if (!staged.success) {
    // Staged data passed validation when it was staged; rules can tighten since. Say which fields fail now.
    const errors = zodFieldErrors(staged.error).map(inWords);
    throw new ServiceError("validation", "account_failed_validation", staleDetail(errors), { errors });
  }
  // Another account may have taken one of these meter points since staging (the locks above
  // serialise imports sharing one); production applies its rules again here.
  const errors = await accountDataErrors(tx, organisationId, supplier.id, staged.data);
  if (errors.length) throw new ServiceError("validation", "account_failed_validation", staleDetail(errors), { errors });
  const { account, agreements } = await createAccountRows(
    tx,
    supplier.id,
    { ...staged.data, external_account_number: input.external_account_number },
    { id: process.id, operationsTeamName: input.operations_team_name ?? null },
  );
  const on = { accountNumber: account.number, organisationId };
  const created = [
    pending(
      "account.created",
      "v1",
      {
        account_number: account.number,
        account_user_emails: (staged.data.customers ?? []).flatMap((c) => (c.email ? [c.email] : [])),
        is_imported: true,
      },
      on,
    ),
    ...agreements.map((a) =>
      pending(
        "agreement.created",
        "v1",
        {
          agreement_id: a.id,
          account_number: account.number,
          valid_from: a.validFrom.toISOString(),
          product_code: a.productCode,
        },
        on,
      ),
    ),
  ];
  const complete = pending(
    "data_import.import_process.complete",
    "v1",
    { resource_type: "account", external_identifier: input.external_account_number, identifier: account.number },
    on,
  );
  if (hasEmbeddedItems(staged.data)) {
    await emitMany(tx, created);
    await postEmbeddedItems(tx, ctx, account, supplier, staged.data);
    await emitMany(tx, [complete]);
  } else {
    // Nothing in between: the same events in the same order, one statement.
    await emitMany(tx, [...created, complete]);
  }
  const result = {
    import_supplier: supplier.code,
    external_account_number: input.external_account_number,
    account_number: account.number,
    dry_run: input.dry_run,
  };
  return result;
}

function staleDetail(errors: FieldError[]) {
  const fields = [...new Set(errors.map((e) => e.attr ?? "account"))];
  const named =
    fields.length > 3 ? `${fields.slice(0, 3).join(", ")} and ${fields.length - 3} more` : fields.join(", ");
  return `The staged data does not pass validation (${named}); fix it and stage it again.`;
}

/** zod's generic wording for a missing or blank value, said about the field instead. */
function inWords(e: FieldError): FieldError {
  if (!e.attr) return e;
  if (e.code === "required") return { ...e, detail: `${e.attr} is required.` };
  if (e.code === "blank") return { ...e, detail: `${e.attr} must not be blank.` };
  return e;
}

/** Takes one of the import slots for the transaction's life (re-entrant: a transaction holding one finds it again); false when all are busy. */
export async function tryTakeImportSlot(tx: Db): Promise<boolean> {
  // One statement: slots are tried in order and LIMIT 1 stops at the first one taken (ADR 0025).
  const rows = await execRows<{ slot: number }>(
    tx,
    sql`select s as slot from generate_series(0, ${IMPORT_CONCURRENCY - 1}::int) as s where pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, s) limit 1`,
  );
  return rows.length > 0;
}

/** Cross-instance cap on concurrent imports (a fixed set of advisory-lock slots): none was free. */
function concurrencyLimit() {
  return new ServiceError(
    "rate_limited",
    "import_concurrency_limit",
    `At most ${IMPORT_CONCURRENCY} imports run at once; retry shortly.`,
    {
      headers: { "Retry-After": "1" },
    },
  );
}

/** Records a refused import (error event, process marked failed) in its own transaction, or a savepoint of ctx's. */
export async function recordImportFailure(
  ctx: Ctx,
  organisationId: number,
  input: ProcessAccountInput,
  err: ServiceError,
) {
  await withTransaction({ ...ctx, inTransaction: false }, async (tx) => {
    const type = input.dry_run ? "data_import.import_process.dry_run_error" : "data_import.import_process.error";
    await emit(
      tx,
      type,
      "v1",
      {
        resource_type: "account",
        external_identifier: input.external_account_number,
        error_code: err.code,
        error_detail: err.message,
      },
      { organisationId },
    );
    if (
      input.dry_run ||
      err.code === "account_already_imported" ||
      err.code === "import_supplier_migration_not_ongoing"
    )
      return;
    // The field errors when there are any (what to fix), else the refusal itself; a retry
    // that fails again replaces the errors of the earlier attempt.
    const errors: FieldError[] = err.errors.length ? err.errors : [{ detail: err.message, code: err.code, attr: null }];
    await tx.execute(sql`
      update account_import_processes p set status = 'failed', errors = ${JSON.stringify(errors)}::jsonb, updated_at = now()
      from import_suppliers s
      where p.supplier_id = s.id and s.organisation_id = ${organisationId} and s.code = ${input.import_supplier}
        and p.external_account_number = ${input.external_account_number} and p.status in ('staged', 'failed')`);
  });
}
