import { z } from "zod";
import { DateStr, Dec, Str } from "./fields";
import { EnergyTransaction } from "./embedded";

/**
 * One entry of production's `ledgers` (its example account sends it; the flat
 * `last_statement_*`, `current_statement_transactions` and `historical_statement_transactions`
 * are deprecated in its favour). The platform keeps one ledger per account, so an account
 * gives its ledger either here or in the flat fields (rules/ledger-rules.ts, ADR 0110).
 */
export const EnergyLedger = z.strictObject({
  ledger_code: Str(100, { blank: false })
    .optional()
    .describe("The ledger's code; absent means the account's main ledger."),
  ledger_identifier: Str(100, { blank: false })
    .optional()
    .describe("A supply point identifier (MPAN or MPRN) of the account, for a ledger per supply point."),
  current_statement_transactions: z.array(EnergyTransaction).optional(),
  historical_statement_transactions: z.array(EnergyTransaction).optional(),
  last_statement_closing_date: DateStr.optional().describe("The open statement period starts the day after it."),
  last_statement_balance: Dec(10, 10)
    .optional()
    .describe("Credit positive: what the historical statement transactions come to."),
  last_statement_issue_date: DateStr.optional(),
  ledger_balance: Dec(10, 10)
    .optional()
    .describe("Credit positive: last_statement_balance plus the current statement transactions."),
});
export type EnergyLedger = z.infer<typeof EnergyLedger>;
