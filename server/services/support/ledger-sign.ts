import { sql } from "drizzle-orm";

// The sign convention is written once, in balance-effect.ts (ADR 0409); here is its SQL.
import { ADDS_TO_BALANCE } from "./balance-effect";

export { ADDS_TO_BALANCE, TAKES_FROM_BALANCE } from "./balance-effect";

/** A transaction's effect on the balance, in SQL over `transactions` aliased `t`. */
export const EFFECT = sql.raw(
  `(case when t.type in (${ADDS_TO_BALANCE.map((t) => `'${t}'`).join(", ")}) then t.amount else -t.amount end)`,
);

/** What a statement bills (charges and supply charges, debit positive), compared with its gross_amount. */
export const BILLED = sql.raw(`(case when t.type in ('CHARGE', 'SUPPLY_CHARGE') then t.amount else 0 end)`);
