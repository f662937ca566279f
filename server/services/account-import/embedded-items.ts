import type { Db } from "@/db/client";
import type { accounts } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { postImportedNotes } from "../notes/create-notes";
import { postImportedStatements } from "../statements/create-historical-statements";
import { importedAccountOf } from "../import-bodies/common";
import { postImportedTransactions } from "../transactions/post-transactions";
import { accountLedger } from "./payload/account-ledger";
import type { EnergyAccount } from "./payload/energy-account";
import { failedValidation } from "./stage-account";

/** Whether the payload embeds any notes, statements or transactions (postEmbeddedItems has work). */
export function hasEmbeddedItems(staged: EnergyAccount): boolean {
  const ledger = accountLedger(staged);
  return !!(staged.notes?.length || staged.statements?.length || ledger.historical.length || ledger.current.length);
}

/**
 * The account payload's embedded notes, statements and its ledger's transactions (ledgers[0] or the flat fields), posted in the import's
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
    if (staged.statements?.length)
      await postImportedStatements(tx, inner, imported, staged.statements, { attrPrefix: ["statements"] });
    // The ledger's items sit in ledgers[0] or in the deprecated flat fields: each reports its own attr.
    const ledger = accountLedger(staged);
    if (ledger.historical.length) {
      await postImportedTransactions(tx, inner, imported, ledger.historical, {
        statement: "historical",
        attrPrefix: [...ledger.path, "historical_statement_transactions"],
      });
    }
    if (ledger.current.length) {
      // Staging refused current transactions dated before the open period; none is moved.
      await postImportedTransactions(tx, inner, imported, ledger.current, {
        statement: "current",
        attrPrefix: [...ledger.path, "current_statement_transactions"],
      });
    }
  } catch (err) {
    if (err instanceof ServiceError && err.kind === "validation") throw failedValidation(err.errors);
    throw err;
  }
}
