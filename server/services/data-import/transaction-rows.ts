import type { StoredItem, transactions } from "@/db/schema";
import { decimalString, moneyString } from "./decimals";
import type { TransactionInput } from "./transaction-schemas";

const lineItem = (l: NonNullable<TransactionInput["line_items"]>[number]): StoredItem => ({
  rate_band: l.rate_band,
  start_date: l.start_date,
  end_date: l.end_date,
  number_of_units: decimalString(l.number_of_units),
  net_amount: moneyString(l.net_amount),
  price_per_unit: decimalString(l.price_per_unit),
  ...(l.units ? { units: l.units.map(decimalString) } : {}),
});

const taxItem = (t: NonNullable<TransactionInput["tax_items"]>[number]): StoredItem => ({
  amount: moneyString(t.amount),
  tax_type: t.tax_type,
  value_taxed: moneyString(t.value_taxed),
  rate: decimalString(t.rate),
  unit_type: t.unit_type,
});

export type Placement = { postedDate: string; description: string | null };

export function transactionRow(
  accountId: number,
  t: TransactionInput,
  placement: Placement,
  statementPeriodStart: string,
  requestId: string,
): typeof transactions.$inferInsert {
  return {
    accountId,
    transactionId: t.transaction_id,
    type: t.type,
    reason: t.reason ?? null,
    amount: moneyString(t.amount),
    transactionDate: placement.postedDate,
    originalTransactionDate: t.transaction_date,
    description: placement.description,
    statementPeriodStart,
    displayNote: t.display_note ?? null,
    note: t.note ?? null,
    reference: t.reference ?? null,
    paymentType: t.payment_type ?? null,
    toPrepayMeterSerialNumber: t.to_prepay_meter_serial_number ?? null,
    productCode: t.product_code ?? null,
    lineItems: t.line_items ? t.line_items.map(lineItem) : null,
    taxItems: t.tax_items ? t.tax_items.map(taxItem) : t.type === "SUPPLY_CHARGE" ? [] : null,
    requestId,
  };
}

/** The ledger flags of billing.ledger.entry_posted v2 for each type. */
export function entryFlags(type: TransactionInput["type"]) {
  return {
    is_charge: type === "CHARGE" || type === "SUPPLY_CHARGE",
    is_credit: type === "CREDIT",
    is_payment: type === "PAYMENT",
    is_repayment: type === "REPAYMENT",
    is_reversal: false,
    is_reversed: false,
  };
}

/** Each account has one ledger, numbered after the account: A-C90DC431 -> L-C90DC431. */
export const ledgerNumber = (accountNumber: string) => `L-${accountNumber.slice(2)}`;
