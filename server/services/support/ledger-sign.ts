import { sql } from "drizzle-orm";

/**
 * The one place the ledger's sign convention is written (ADR 0409): a balance is positive
 * when the customer is in credit, as the platform reports an account's balance and as
 * production sends transfer_balance. Transactions arrive with the type giving the
 * direction, so credits and payments add to the balance and charges, supply charges and
 * repayments take from it (a negative amount reverses one).
 */
export const ADDS_TO_BALANCE = ["CREDIT", "PAYMENT"] as const;
export const TAKES_FROM_BALANCE = ["CHARGE", "SUPPLY_CHARGE", "REPAYMENT"] as const;

/** A transaction's effect on the balance, in SQL over `transactions` aliased `t`. */
export const EFFECT = sql.raw(`(case when t.type in ('CREDIT', 'PAYMENT') then t.amount else -t.amount end)`);

/** What a statement bills (charges and supply charges, debit positive), compared with its gross_amount. */
export const BILLED = sql.raw(`(case when t.type in ('CHARGE', 'SUPPLY_CHARGE') then t.amount else 0 end)`);
