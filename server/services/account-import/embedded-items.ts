import type { Db } from "@/db/client";
import type { accounts } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { postImportedNotes } from "../notes/create-notes";
import { postImportedStatements } from "../statements/create-historical-statements";
import { importedAccountOf } from "../import-bodies/common";
import { postImportedTransactions } from "../transactions/post-transactions";
import type { EnergyAccount } from "./payload/energy-account";
import { failedValidation } from "./stage-account";

/** Whether the payload embeds any notes, statements or transactions (postEmbeddedItems has work). */
export function hasEmbeddedItems(staged: EnergyAccount): boolean {
  return !!(staged.notes?.length || staged.statements?.length || staged.historical_statement_transactions?.length || staged.current_statement_transactions?.length);
}

/**
 * The account payload's embedded notes, statements and transactions, posted in the import's
 * transaction exactly as the post-import endpoints post them (same rules, rows and events).
 * A refusal of any of them refuses the import (account_failed_validation, with the item's
 * attr in the account payload); nothing of the account is kept.
 */
export async function postEmbeddedItems(
  tx: Db,
  ctx: Ctx,
  account: typeof accounts.$inferSelect,
  supplier: { id: number; code: string; status: string; documentRoot: string; documentRootId: number | null },
  staged: EnergyAccount,
): Promise<void> {
  const imported = importedAccountOf(account, supplier);
  const inner: Ctx = { ...ctx, db: tx, inTransaction: true };
  try {
    if (staged.notes?.length) await postImportedNotes(tx, inner, imported, staged.notes, { attrPrefix: ["notes"] });
    if (staged.statements?.length) await postImportedStatements(tx, inner, imported, staged.statements, { attrPrefix: ["statements"] });
    if (staged.historical_statement_transactions?.length) {
      await postImportedTransactions(tx, inner, imported, staged.historical_statement_transactions, { statement: "historical", attrPrefix: ["historical_statement_transactions"] });
    }
    if (staged.current_statement_transactions?.length) {
      // Staging refused current transactions dated before the open period; none is moved.
      await postImportedTransactions(tx, inner, imported, staged.current_statement_transactions, { statement: "current", attrPrefix: ["current_statement_transactions"] });
    }
  } catch (err) {
    if (err instanceof ServiceError && err.kind === "validation") throw failedValidation(err.errors);
    throw err;
  }
}
