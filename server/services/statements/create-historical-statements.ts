import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { historicalStatements } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { fieldError } from "../../errors";
import { emitMany, pending } from "../../events/emit";
import { checkDocuments } from "../documents/store";
import { bodyError, findImportedAccount, type ImportedAccount } from "../import-bodies/common";
import { type CreateHistoricalStatementsInput, repeatedStatementIds, type Statement } from "./statement-schemas";

/**
 * POST data-import/historical-statements/create/: PDFs are checked in the document store
 * first; a statement_id the account already has is refused
 * (historical_statement_already_exists) and nothing is stored. 201 echoes the validated data.
 */
export async function createHistoricalStatements(ctx: Ctx, input: CreateHistoricalStatementsInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const account = await findImportedAccount(
    ctx.db,
    organisationId,
    input.import_supplier,
    input.external_account_number,
  );
  const locations = await statementDocuments(account, input.statements, ["statements"]);
  return withTransaction(ctx, async (tx) => {
    const locked = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, {
      lock: true,
    });
    await insertStatements(tx, ctx, locked, input.statements, locations, ["statements"]);
    return {
      import_supplier: input.import_supplier,
      external_account_number: input.external_account_number,
      statements: input.statements,
    };
  });
}

/**
 * For an imported account's own payload (`statements`), inside the caller's transaction, which
 * must hold the account row lock: the same checks (each statement_path must exist: the store
 * is asked here, inside the transaction; statement_ids unique), rows and events as POST
 * historical-statements/create/. Returns the statements as stored (echoed).
 */
export async function postImportedStatements(
  tx: Db,
  ctx: Ctx,
  account: ImportedAccount,
  statements: Statement[],
  opts: { attrPrefix?: (string | number)[] } = {},
): Promise<Statement[]> {
  if (!statements.length) return [];
  const prefix = opts.attrPrefix ?? ["statements"];
  const repeated = repeatedStatementIds(statements);
  if (repeated.length)
    throw bodyError(
      repeated.map((r) => fieldError([...prefix, r.index, "statement_id"], "duplicate_statement_ids", r.detail)),
    );
  const locations = await statementDocuments(account, statements, prefix);
  await insertStatements(tx, ctx, account, statements, locations, prefix);
  return statements;
}

/** Each statement_path's resolved location by statement index; 400 for a missing document. */
async function statementDocuments(
  account: ImportedAccount,
  statements: Statement[],
  prefix: (string | number)[],
): Promise<Map<number, string>> {
  const refs = statements.flatMap((s, i) =>
    s.statement_path ? [{ attr: [...prefix, i, "statement_path"], path: s.statement_path, index: i }] : [],
  );
  if (!refs.length) return new Map();
  const docs = await checkDocuments(account.documentRoot, refs);
  if (docs.errors.length) throw bodyError(docs.errors);
  return new Map(docs.resolved.map((d, k) => [refs[k].index, d.location]));
}

async function insertStatements(
  tx: Db,
  ctx: Ctx,
  account: ImportedAccount,
  statements: Statement[],
  locations: Map<number, string>,
  prefix: (string | number)[],
) {
  const existing = await tx
    .select({ statementId: historicalStatements.statementId })
    .from(historicalStatements)
    .where(
      and(
        eq(historicalStatements.accountId, account.id),
        inArray(
          historicalStatements.statementId,
          statements.map((s) => s.statement_id),
        ),
      ),
    );
  if (existing.length) {
    const taken = new Set(existing.map((e) => e.statementId));
    throw bodyError(
      statements.flatMap((s, i) =>
        taken.has(s.statement_id)
          ? [
              fieldError(
                [...prefix, i, "statement_id"],
                "historical_statement_already_exists",
                `Statement '${s.statement_id}' already exists on this account.`,
              ),
            ]
          : [],
      ),
    );
  }
  const rows = await tx
    .insert(historicalStatements)
    .values(
      statements.map((s, i) => ({
        accountId: account.id,
        statementId: s.statement_id,
        billPeriodFromDate: s.bill_period_from_date,
        billPeriodToDate: s.bill_period_to_date,
        issuedDate: s.issued_date ?? null,
        number: s.number ?? null,
        grossAmountPence: s.gross_amount ?? null,
        statementPath: s.statement_path ?? null,
        documentLocation: locations.get(i) ?? null,
        requestId: ctx.requestId,
      })),
    )
    .returning({ statementId: historicalStatements.statementId });
  await emitMany(
    tx,
    rows.map((r) =>
      pending(
        "data_import.import_process.post_import.completed",
        "v1",
        {
          resource_type: "historical_statement",
          import_process_resource_type: "account",
          import_process_external_identifier: account.externalAccountNumber,
          identifier: r.statementId,
        },
        { accountNumber: account.number, organisationId: organisationOf(ctx) },
      ),
    ),
  );
}
