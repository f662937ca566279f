import Decimal from "decimal.js";
import { ADDS_TO_BALANCE } from "../../support/ledger-sign";
import type { EnergyAccount } from "../payload/energy-account";
import { Findings, repeatIndexes } from "./paths";

/**
 * The day the last closed statement ends: last_statement_closing_date (deprecated, but the
 * statement's own date) or else last_billed_to_date. The open statement period starts the
 * day after it.
 */
export const lastClosedDate = (a: Pick<EnergyAccount, "last_statement_closing_date" | "last_billed_to_date">) =>
  a.last_statement_closing_date ?? a.last_billed_to_date ?? null;

type Dated = { transaction_id: string; transaction_date: string; type: string; amount: number; billing_document_identifier?: string };

/** What the transactions did to the balance, credit positive (ledger-sign.ts), exactly. */
const balanceEffect = (transactions: Dated[]) =>
  transactions.reduce((sum, t) => {
    const amount = new Decimal(String(t.amount));
    return (ADDS_TO_BALANCE as readonly string[]).includes(t.type) ? sum.plus(amount) : sum.minus(amount);
  }, new Decimal(0));

/** The embedded transactions and statements against the account's statement dates. */
export function ledgerRules(a: EnergyAccount, today: string): Findings {
  const f = new Findings();
  const current = (a.current_statement_transactions ?? []) as Dated[];
  const historical = (a.historical_statement_transactions ?? []) as Dated[];
  const all = [
    ...historical.map((t, i) => ({ t, path: ["historical_statement_transactions", i] })),
    ...current.map((t, i) => ({ t, path: ["current_statement_transactions", i] })),
  ];
  for (const r of repeatIndexes(all, (x) => x.t.transaction_id)) {
    f.add([...all[r.index].path, "transaction_id"], "duplicate_transaction_ids", `transaction_id '${all[r.index].t.transaction_id}' is also at ${all[r.first].path.join(".")}.`);
  }
  const closed = lastClosedDate(a);
  if (historical.length && closed === null) {
    f.add(["historical_statement_transactions"], "historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date", "Historical statement transactions need last_billed_to_date or last_statement_closing_date.");
  }
  // The initial closed statement's transactions make up its balance (the account starts here).
  if (historical.length && a.last_statement_balance != null) {
    const sum = balanceEffect(historical);
    if (!sum.eq(a.last_statement_balance)) {
      f.add(["historical_statement_transactions"], "historical_statement_transactions_balance_mismatch", `They come to ${sum.toFixed(2)} (credit positive), but last_statement_balance is ${a.last_statement_balance}.`);
    }
  }
  historical.forEach((t, i) => {
    if (closed !== null && t.transaction_date > closed) {
      f.add(["historical_statement_transactions", i, "transaction_date"], "historical_statement_transaction_after_last_statement_closing_date", `The last statement closed on ${closed}.`);
    }
  });
  current.forEach((t, i) => {
    if (closed !== null && t.transaction_date <= closed) {
      f.add(["current_statement_transactions", i, "transaction_date"], "current_statement_transaction_before_current_statement_opening_date", `The open statement period starts after ${closed}.`);
    }
    if (t.billing_document_identifier !== undefined) {
      f.add(["current_statement_transactions", i, "billing_document_identifier"], "billing_document_identifier_not_allowed_for_current_statement_transactions", "Only historical statement transactions carry a billing document.");
    }
  });
  const statements = a.statements ?? [];
  for (const r of repeatIndexes(statements, (s) => s.statement_id)) {
    f.add(["statements", r.index, "statement_id"], "duplicate_statement_ids", `statement_id '${statements[r.index].statement_id}' is given twice.`);
  }
  statements.forEach((s, i) => {
    if (s.bill_period_to_date > today) f.add(["statements", i, "bill_period_to_date"], "historical_statement_period_end_in_future", "A historical statement's period has ended.");
  });
  return f;
}
