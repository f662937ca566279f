import type { EnergyAccount } from "./energy-account";
import type { EnergyTransaction } from "./embedded";

/** The flat (deprecated) fields that describe the account's ledger, as `ledgers[]` entries do. */
export const FLAT_LEDGER_FIELDS = [
  "current_statement_transactions",
  "historical_statement_transactions",
  "last_statement_closing_date",
  "last_statement_balance",
  "last_statement_issue_date",
] as const;

/**
 * The account's one ledger as the payload gives it: `ledgers[0]` when `ledgers` is sent, else
 * the flat fields. `path` is where its fields sit (`["ledgers", 0]` or `[]`), so every rule and
 * every posted item reports its own attr (`ledgers.0.historical_statement_transactions.1.amount`).
 */
export type AccountLedger = {
  path: (string | number)[];
  current: EnergyTransaction[];
  historical: EnergyTransaction[];
  closingDate: string | undefined;
  issueDate: string | undefined;
  lastStatementBalance: string | number | undefined;
  /** Only `ledgers[]` entries carry it: the ledger's balance after its transactions. */
  ledgerBalance: string | number | undefined;
};

type LedgerSource = Pick<EnergyAccount, "ledgers" | (typeof FLAT_LEDGER_FIELDS)[number]>;

export function accountLedger(a: LedgerSource): AccountLedger {
  const entry = a.ledgers?.[0];
  if (entry) {
    return {
      path: ["ledgers", 0],
      current: entry.current_statement_transactions ?? [],
      historical: entry.historical_statement_transactions ?? [],
      closingDate: entry.last_statement_closing_date,
      issueDate: entry.last_statement_issue_date,
      lastStatementBalance: entry.last_statement_balance,
      ledgerBalance: entry.ledger_balance,
    };
  }
  return {
    path: [],
    current: a.current_statement_transactions ?? [],
    historical: a.historical_statement_transactions ?? [],
    closingDate: a.last_statement_closing_date,
    issueDate: a.last_statement_issue_date,
    lastStatementBalance: a.last_statement_balance,
    ledgerBalance: undefined,
  };
}

/** The flat ledger fields the payload sends (each conflicts with `ledgers`). */
export const flatLedgerFieldsGiven = (a: LedgerSource) => FLAT_LEDGER_FIELDS.filter((k) => a[k] !== undefined);
