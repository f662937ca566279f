/**
 * Request bodies shaped as production's data-import API takes them
 * (shared/reference/production-data-import.md: Transactions, AccountNote, HistoricalStatements,
 * LegacyPaymentInstruction), for tests that replay what a migration script written for
 * production sends. Amounts are decimal strings, as production's examples send them.
 */
type Extra = Record<string, unknown>;

/** EnergyCharge: reason required; reference and tax_items as production's example sends them. */
export const energyCharge = (id: string, date: string, extra: Extra = {}) => ({
  type: "CHARGE",
  transaction_id: id,
  transaction_date: date,
  amount: "42.17",
  reason: "BALANCE_TRANSFER",
  reference: `REF-${id}`,
  display_note: "Balance carried over from your previous supplier",
  note: "Legacy ledger entry 1001",
  ...extra,
});

/** EnergyCredit: a production-only reason (not one this API took before). */
export const energyCredit = (id: string, date: string, extra: Extra = {}) => ({
  type: "CREDIT",
  transaction_id: id,
  transaction_date: date,
  amount: "10.00",
  reason: "GOODWILL_PAYMENT",
  display_note: "Welcome credit",
  ...extra,
});

/** EnergyPayment: reason and payment_type optional (production enums). */
export const energyPayment = (id: string, date: string, extra: Extra = {}) => ({
  type: "PAYMENT",
  transaction_id: id,
  transaction_date: date,
  amount: "60.00",
  reason: "REGULAR_SCHEDULE",
  payment_type: "DD_FIRST_COLLECTION",
  reference: `DD-${id}`,
  ...extra,
});

export const energyRepayment = (id: string, date: string, extra: Extra = {}) => ({
  type: "REPAYMENT",
  transaction_id: id,
  transaction_date: date,
  amount: "25.50",
  reason: "PARTIAL_CREDIT_REFUND",
  payment_type: "BACS",
  ...extra,
});

/** EnergySupplyCharge: no reason; product_code and line_items required; amount = nets + taxes. */
export const energySupplyCharge = (
  id: string,
  date: string,
  from: string,
  to: string,
  productCode: string,
  extra: Extra = {},
) => ({
  type: "SUPPLY_CHARGE",
  transaction_id: id,
  transaction_date: date,
  amount: "128.46",
  product_code: productCode,
  supply_point_identifier: "1200023456789",
  billing_document_identifier: `BILL-${id}`,
  line_items: [
    {
      start_date: from,
      end_date: to,
      number_of_units: "400.5",
      price_per_unit: "0.2935600",
      net_amount: "117.5708",
      rate_band: "CONSUMPTION_STANDARD",
      units: ["12000.0", "12400.5"],
    },
    {
      start_date: from,
      end_date: to,
      number_of_units: "30",
      price_per_unit: "0.1645",
      net_amount: "4.935",
      rate_specification_code: "STANDING",
      params: { source: "legacy" },
    },
  ],
  tax_items: [
    { amount: "5.9529", value_taxed: "122.5058", rate: "0.05", tax_type: "VAT", unit_type: "PROPORTION", params: {} },
  ],
  ...extra,
});

/** Note: with external_id and is_archived; and a document-only note. */
export const noteWithExternalId = (externalId: string, extra: Extra = {}) => ({
  body: `Customer called about their final bill (${externalId}).`,
  created_at: "2026-10-02T09:15:00Z",
  external_id: externalId,
  is_archived: false,
  is_pinned: true,
  unpin_at: "2099-01-01T00:00:00Z",
  ...extra,
});
export const documentOnlyNote = (path: string, extra: Extra = {}) => ({
  document_paths: [{ document_path: path }],
  created_at: "2026-10-03T10:00:00Z",
  ...extra,
});

/** Statement: gross_amount an integer in pence. */
export const statement = (id: string, extra: Extra = {}) => ({
  bill_period_from_date: "2026-09-01",
  bill_period_to_date: "2026-09-30",
  statement_id: id,
  issued_date: "2026-10-02",
  number: `INV-${id}`,
  gross_amount: 8430,
  ...extra,
});

/** LegacyPaymentInstruction with production's vendors. */
export const legacyPaymentInstruction = (
  ref: Extra,
  vendor: string,
  type: string,
  reference: string,
  extra: Extra = {},
) => ({
  ...ref,
  vendor,
  type,
  reference,
  ledger_code: "MAIN",
  use_for_scheduled_payments: true,
  valid_from: "2026-11-01",
  ...extra,
});
