/**
 * The one sign convention for money (ADR 0409, issue 39 item 3): a balance is positive when the
 * customer is in credit, as the platform reports an account's balance and as production sends
 * transfer_balance. Transactions arrive with the type giving the direction, so credits and
 * payments add to the balance and charges, supply charges and repayments take from it (a
 * negative amount reverses one). Plain TypeScript, so the console's pages use it too.
 */
export const ADDS_TO_BALANCE = ["CREDIT", "PAYMENT"] as const;
export const TAKES_FROM_BALANCE = ["CHARGE", "SUPPLY_CHARGE", "REPAYMENT"] as const;

const ADDS = new Set<string>(ADDS_TO_BALANCE);

/** A transaction's effect on the balance, as an exact decimal string: CHARGE 3.50 → "-3.50", PAYMENT 42.17 → "42.17". */
export function balanceEffect(type: string, amount: string): string {
  if (ADDS.has(type) || /^[-+]?0*(\.0*)?$/.test(amount)) return amount;
  return amount.startsWith("-") ? amount.slice(1) : `-${amount}`;
}
