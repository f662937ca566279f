import { and, eq, inArray } from "drizzle-orm";
import { historicalStatements } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { fieldError } from "../../errors";
import { emitMany, pending } from "../../events/emit";
import { checkDocuments } from "../documents/store";
import { bodyError, findImportedAccount } from "./common";
import { moneyString } from "./decimals";
import type { CreateHistoricalStatementsInput } from "./statement-schemas";

/**
 * POST data-import/historical-statements/create/: PDFs are checked in the document store
 * first; a statement_id the account already has is refused
 * (historical_statement_already_exists) and nothing is stored. 201 echoes the validated data.
 */
export async function createHistoricalStatements(ctx: Ctx, input: CreateHistoricalStatementsInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const account = await findImportedAccount(ctx.db, organisationId, input.import_supplier, input.external_account_number);
  const refs = input.statements.flatMap((s, i) => (s.statement_path ? [{ attr: ["statements", i, "statement_path"], path: s.statement_path }] : []));
  const docs = await checkDocuments(account.documentRoot, refs);
  if (docs.errors.length) throw bodyError(docs.errors);
  const locations = new Map(docs.resolved.map((d) => [d.attr[1] as number, d.location]));
  return withTransaction(ctx, async (tx) => {
    const locked = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, { lock: true });
    const ids = input.statements.map((s) => s.statement_id);
    const existing = await tx
      .select({ statementId: historicalStatements.statementId })
      .from(historicalStatements)
      .where(and(eq(historicalStatements.accountId, locked.id), inArray(historicalStatements.statementId, ids)));
    if (existing.length) {
      const taken = new Set(existing.map((e) => e.statementId));
      throw bodyError(
        input.statements.flatMap((s, i) =>
          taken.has(s.statement_id) ? [fieldError(["statements", i, "statement_id"], "historical_statement_already_exists", `Statement '${s.statement_id}' already exists on this account.`)] : [],
        ),
      );
    }
    const rows = await tx
      .insert(historicalStatements)
      .values(
        input.statements.map((s, i) => ({
          accountId: locked.id,
          statementId: s.statement_id,
          billPeriodFromDate: s.bill_period_from_date,
          billPeriodToDate: s.bill_period_to_date,
          issuedDate: s.issued_date,
          number: s.number,
          grossAmount: moneyString(s.gross_amount),
          statementPath: s.statement_path ?? null,
          documentLocation: locations.get(i) ?? null,
          requestId: ctx.requestId,
        })),
      )
      .returning({ id: historicalStatements.id, statementId: historicalStatements.statementId });
    await emitMany(
      tx,
      rows.map((r) =>
        pending(
          "data_import.import_process.post_import.completed",
          "v1",
          { resource_type: "historical_statement", import_process_resource_type: "account", import_process_external_identifier: locked.externalAccountNumber, identifier: r.statementId },
          { accountNumber: locked.number, organisationId },
        ),
      ),
    );
    return {
      import_supplier: input.import_supplier,
      external_account_number: input.external_account_number,
      statements: input.statements.map((s) => ({ ...s, gross_amount: moneyString(s.gross_amount) })),
    };
  });
}
