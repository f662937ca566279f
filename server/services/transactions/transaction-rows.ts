import type { StoredItem, TransactionStatement, transactions } from "@/db/schema";
import { decimalText, moneyText } from "../../lib/money";
import type { LineItem, TaxItem } from "./transaction-items";
import { type EnergyTransaction, fieldsOf } from "./transaction-schemas";

/** Optional text and free-form fields as stored: left out when absent (and `params` when empty, its default). */
function optional(out: StoredItem, item: Record<string, unknown>, keys: readonly string[]) {
  for (const k of keys) if (item[k] !== undefined) out[k] = item[k];
  const params = item.params as Record<string, unknown> | undefined;
  if (params && Object.keys(params).length) out.params = params;
  return out;
}

const LINE_TEXT = [
  "rate_band",
  "rate_specification_code",
  "time_series_specification_code",
  "external_rate_identifier",
] as const;

/** Line and tax items keep every number as its exact canonical decimal string (amounts with at least two places). */
const lineItem = (l: LineItem): StoredItem =>
  optional(
    {
      start_date: l.start_date,
      end_date: l.end_date,
      number_of_units: decimalText(l.number_of_units),
      net_amount: moneyText(l.net_amount),
      ...(l.price_per_unit !== undefined ? { price_per_unit: decimalText(l.price_per_unit) } : {}),
      ...(l.units ? { units: l.units.map(decimalText) } : {}),
    },
    l,
    LINE_TEXT,
  );

const taxItem = (t: TaxItem): StoredItem =>
  optional(
    {
      amount: moneyText(t.amount),
      tax_type: t.tax_type,
      value_taxed: decimalText(t.value_taxed),
      rate: decimalText(t.rate),
      unit_type: t.unit_type,
    },
    t,
    [],
  );

export type Placement = { postedDate: string; description: string | null };

export function transactionRow(
  accountId: number,
  transaction: EnergyTransaction,
  placement: Placement,
  statementPeriodStart: string,
  requestId: string,
  statement: TransactionStatement = "current",
): typeof transactions.$inferInsert {
  const t = fieldsOf(transaction);
  return {
    accountId,
    transactionId: t.transaction_id,
    type: t.type,
    // An empty optional enum ("" is among production's choices) is read as absent.
    reason: t.reason || null,
    amount: moneyText(t.amount),
    transactionDate: placement.postedDate,
    originalTransactionDate: t.transaction_date,
    description: placement.description,
    statementPeriodStart,
    statement,
    displayNote: t.display_note ?? null,
    note: t.note ?? null,
    reference: t.reference ?? null,
    paymentType: t.payment_type || null,
    toPrepayMeterSerialNumber: t.to_prepay_meter_serial_number ?? null,
    billingDocumentIdentifier: t.billing_document_identifier ?? null,
    productCode: t.product_code ?? null,
    supplyPointIdentifier: t.supply_point_identifier ?? null,
    lineItems: t.line_items ? t.line_items.map(lineItem) : null,
    // Absent and empty are the same; a supply charge always has a list.
    taxItems: t.tax_items?.length ? t.tax_items.map(taxItem) : t.type === "SUPPLY_CHARGE" ? [] : null,
    requestId,
  };
}

/** Each account has one ledger, numbered after the account: A-C90DC431 -> L-C90DC431. */
export const ledgerNumber = (accountNumber: string) => `L-${accountNumber.slice(2)}`;
