import { formatMoney } from "./format";

/**
 * The console's one sign convention for money (issue 39 item 3), as the ledger keeps it (ADR
 * 0409, server/services/support/balance-effect.ts): from the customer's side. A positive balance
 * means the customer is in credit; a negative one, that they owe. An amount is shown by what
 * it does to that balance: payments and credits raise it (+), charges, supply charges and
 * repayments lower it (−).
 */
export const SIGN_CONVENTION =
  "Money is shown from the customer's side: a positive balance (+) means they are in credit, a negative one (−) that they owe. Payments and credits raise the balance (+); charges, supply charges and repayments lower it (−).";

/** The sign convention, said on every page that shows money. */
export function SignConvention() {
  return (
    <p className="muted small" data-testid="sign-convention">
      {SIGN_CONVENTION}
    </p>
  );
}

/**
 * An amount of money: a decimal string (never a float), on one line (a phone never wraps the
 * minus away from its digits). `signed` (the default) shows a plus on positive amounts, for
 * balances and effects read against SIGN_CONVENTION; `describe` adds "in credit" / "owed".
 */
export function Money({
  value,
  signed = true,
  describe = false,
}: {
  value: string | null | undefined;
  signed?: boolean;
  describe?: boolean;
}) {
  const n = value ?? "";
  const owed = n.startsWith("-") && !/^-0*(\.0*)?$/.test(n);
  const credit = !owed && !/^[-+]?0*(\.0*)?$/.test(n) && n !== "";
  return (
    <>
      <span className="money" data-money={value ?? ""}>
        {formatMoney(value, { signed })}
      </span>
      {describe && (owed || credit) && <span className="muted"> {owed ? "owed" : "in credit"}</span>}
    </>
  );
}
