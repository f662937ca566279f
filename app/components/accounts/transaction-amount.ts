// Amounts are shown by their effect on the balance, credit positive: one convention (money.tsx).
export { balanceEffect } from "@/server/services/support/balance-effect";

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
