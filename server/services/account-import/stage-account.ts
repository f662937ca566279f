import { and, eq, ne, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { type FieldError, ServiceError, fieldError } from "../../errors";
import { assertMigrationOngoing, findSupplier, type Supplier, supplierNotFound } from "../suppliers/find-supplier";
import {
  accountDataErrors,
  dataCheckColumns,
  dataCheckErrors,
  dataCheckKeys,
  type DataCheckRow,
} from "./account-data-errors";
import { payloadRuleErrors } from "./rules";
import { rememberStaged } from "./staged-parse-cache";
import type { StageAccountInput } from "./account-schemas";

/** create-or-update/'s answer (production's CreateOrUpdateAccountImportProcess). */
export type StageResult = { created: boolean; body: { external_account_number: string; import_supplier_code: string } };

export function failedValidation(errors: FieldError[]) {
  return new ServiceError("validation", "account_failed_validation", "The account failed validation.", { errors });
}

/** Production's AccountAlreadyImportedResponse, with the contract's detail/code/errors beside it. */
export function alreadyImported(supplierCode: string, external: string, accountNumber: string) {
  const detail = `The account import process with the account number ${external} has already been imported.`;
  return new ServiceError("validation", "account_already_imported", detail, {
    body: {
      external_account_number: external,
      kraken_account_number: accountNumber,
      non_field_errors: [detail],
      detail,
      code: "account_already_imported",
      errors: [],
      import_supplier: supplierCode,
    },
  });
}

/** Staging needs the key production's process/ takes: the schema leaves it optional, as production's does. */
export function requireExternalNumber(input: StageAccountInput): string {
  if (input.external_account_number !== undefined && input.external_account_number.trim() !== "")
    return input.external_account_number;
  throw failedValidation([
    fieldError(
      ["external_account_number"],
      input.external_account_number === undefined ? "required" : "blank",
      "The external account number is the key of the import process; give it.",
    ),
  ]);
}

export { accountDataErrors } from "./account-data-errors";

/** The platform number of the account imported for (supplier, external number), if any. */
export async function importedAccountNumber(db: Db, supplierId: number, external: string): Promise<string | undefined> {
  const [acc] = await db
    .select({ number: accounts.number })
    .from(accounts)
    .where(and(eq(accounts.supplierId, supplierId), eq(accounts.externalAccountNumber, external)));
  return acc?.number;
}

/**
 * Creates or replaces the staged data of one account (201 first time, 200 on update).
 *
 * One statement when it can (ADR 0032): the supplier, the catalogue and meter-point checks and
 * the upsert, which writes only when the supplier is Ongoing, every tariff is known and no other
 * account holds one of the meter points; autocommitted, so no BEGIN/COMMIT round trips. A payload
 * that breaks a cross-field rule, or whose meter points another account holds (a change of
 * occupier: whether the periods overlap is decided here, not in SQL), takes the path of
 * separate statements in one transaction; so does an answer the statement cannot give.
 */
export async function stageAccount(ctx: Ctx, input: StageAccountInput): Promise<StageResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const external = requireExternalNumber(input);
  if (payloadRuleErrors(input).length === 0) {
    const staged = await stageInOneStatement(ctx, organisationId, external, input);
    if (staged) return staged;
  }
  return stageInSteps(ctx, organisationId, external, input);
}

type OneStatementRow = DataCheckRow & {
  supplier_id: number;
  supplier_code: string;
  supplier_status: string;
  upserted: { inserted: boolean; id: number; version: string } | string | null;
};

async function stageInOneStatement(
  ctx: Ctx,
  organisationId: number,
  external: string,
  input: StageAccountInput,
): Promise<StageResult | null> {
  const keys = dataCheckKeys(input);
  const { import_supplier: _s, ...payload } = input;
  const [row] = await execRows<OneStatementRow>(
    ctx.db,
    sql`
    with s as (select id, code, status from import_suppliers where organisation_id = ${organisationId} and code = ${input.import_supplier}),
    chk as materialized (select ${dataCheckColumns(keys, organisationId, sql`(select id from s)`, external)}),
    up as (
      insert into account_import_processes (supplier_id, external_account_number, payload)
      select s.id, ${external}, ${JSON.stringify(payload)}::jsonb from s cross join chk
      where s.status = 'Ongoing' and cardinality(chk.unknown) = 0 and json_array_length(chk.held) = 0
      on conflict (supplier_id, external_account_number) do update
        set payload = excluded.payload, status = 'staged', errors = '[]'::jsonb, updated_at = now()
        where account_import_processes.status <> 'imported'
      -- xmax = 0 only on a freshly inserted row: tells 201 from 200 in one statement.
      returning (xmax = 0) as inserted, id, xmin::text as version)
    select s.id as supplier_id, s.code as supplier_code, s.status as supplier_status, chk.unknown, chk.held,
      (select row_to_json(up) from up) as upserted
    from s cross join chk`,
  );
  if (!row) throw supplierNotFound(input.import_supplier);
  const supplier = { code: row.supplier_code, status: row.supplier_status as Supplier["status"] };
  assertMigrationOngoing(supplier);
  const upserted =
    typeof row.upserted === "string"
      ? (JSON.parse(row.upserted) as Exclude<OneStatementRow["upserted"], string>)
      : row.upserted;
  if (upserted) {
    rememberStaged(upserted.id, upserted.version, input);
    return {
      created: upserted.inserted,
      body: { external_account_number: external, import_supplier_code: supplier.code },
    };
  }
  const { errors, held } = dataCheckErrors(keys, row);
  if (errors.length) {
    const imported = await importedAccountNumber(ctx.db, row.supplier_id, external);
    if (imported) throw alreadyImported(supplier.code, external, imported);
    throw failedValidation(errors);
  }
  // Held without a clash (another account's agreements ended before these begin): staged in steps.
  if (held) return null;
  // Nothing refused it, so the row exists and is imported.
  throw alreadyImported(
    supplier.code,
    external,
    (await importedAccountNumber(ctx.db, row.supplier_id, external)) ?? "unknown",
  );
}

/** Staging as separate statements in one transaction: a payload the one statement cannot take. */
async function stageInSteps(
  ctx: Ctx,
  organisationId: number,
  external: string,
  input: StageAccountInput,
): Promise<StageResult> {
  return withTransaction(ctx, async (tx) => {
    const supplier = await findSupplier(tx, organisationId, input.import_supplier);
    assertMigrationOngoing(supplier);
    const errors = await accountDataErrors(tx, organisationId, supplier.id, input);
    if (errors.length) {
      const imported = await importedAccountNumber(tx, supplier.id, external);
      if (imported) throw alreadyImported(supplier.code, external, imported);
      throw failedValidation(errors);
    }
    const { import_supplier: _s, ...payload } = input;
    // xmax = 0 only on a freshly inserted row: tells 201 from 200 in one statement.
    const [row] = await tx
      .insert(accountImportProcesses)
      .values({ supplierId: supplier.id, externalAccountNumber: external, payload })
      .onConflictDoUpdate({
        target: [accountImportProcesses.supplierId, accountImportProcesses.externalAccountNumber],
        set: { payload, status: "staged", errors: [], updatedAt: sql`now()` },
        setWhere: ne(accountImportProcesses.status, "imported"),
      })
      .returning({
        inserted: sql<boolean>`(xmax = 0)`,
        id: accountImportProcesses.id,
        version: sql<string>`xmin::text`,
      });
    if (!row)
      throw alreadyImported(
        supplier.code,
        external,
        (await importedAccountNumber(tx, supplier.id, external)) ?? "unknown",
      );
    rememberStaged(row.id, row.version, input);
    return { created: row.inserted, body: { external_account_number: external, import_supplier_code: supplier.code } };
  });
}
