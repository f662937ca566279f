/**
 * Amounts arrive with the type giving the direction (a negative charge or credit reverses
 * one). The console shows them as they move the account's balance: charges and repayments add
 * to what the customer owes; credits and payments reduce it and carry a minus sign (−£10.00),
 * as statement amounts do, so a negative credit shows as a plus.
 */
const REDUCES_BALANCE = new Set(["CREDIT", "PAYMENT"]);

export function signedAmount(type: string, amount: string): string {
  if (!REDUCES_BALANCE.has(type) || /^-?0*(\.0*)?$/.test(amount)) return amount;
  return amount.startsWith("-") ? amount.slice(1) : `-${amount}`;
}

/** Transaction types in words, as support staff say them. */
export const TRANSACTION_TYPE_LABEL: Record<string, string> = {
  CHARGE: "Charge",
  SUPPLY_CHARGE: "Supply charge",
  CREDIT: "Credit",
  PAYMENT: "Payment",
  REPAYMENT: "Repayment",
};

/** Reasons and payment types in words; the API's codes stay in a tooltip. */
export const TRANSACTION_REASON_LABEL: Record<string, string> = {
  IMPORTED_CHARGE: "Imported charge",
  PREPAY_DEBT_ADJUSTMENT: "Prepay debt adjustment",
  IMPORTED_CREDIT: "Imported credit",
  ACCOUNT_CHARGE_PAYMENT: "Account charge payment",
  FULL_CREDIT_REFUND: "Full credit refund",
  GENERAL_CREDIT: "General credit",
};

export const PAYMENT_TYPE_LABEL: Record<string, string> = {
  DD_REGULAR_COLLECTION: "Direct Debit (regular collection)",
  DIRECT_CREDIT: "Direct credit",
  DEBIT_CARD: "Debit card",
  CREDIT_CARD: "Credit card",
  CHEQUE: "Cheque",
  BANK_TRANSFER: "Bank transfer",
  CASH: "Cash",
  PAYPOINT: "PayPoint",
};
