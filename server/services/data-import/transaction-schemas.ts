import { z } from "zod";
import { TRANSACTION_TYPES } from "@/db/schema";
import { DateString, pushIssue, Text } from "../../lib/validators";
import { AccountRef } from "../account-import/schemas";
import { ItemList } from "./common";
import { DecimalNumber, Money } from "./decimals";

export const TRANSACTION_REASONS = ["IMPORTED_CHARGE", "PREPAY_DEBT_ADJUSTMENT", "IMPORTED_CREDIT", "ACCOUNT_CHARGE_PAYMENT", "FULL_CREDIT_REFUND", "GENERAL_CREDIT"] as const;
export const PAYMENT_TYPES = ["DD_REGULAR_COLLECTION", "DIRECT_CREDIT", "DEBIT_CARD", "CREDIT_CARD", "CHEQUE", "BANK_TRANSFER", "CASH", "PAYPOINT"] as const;
export const RATE_BANDS = ["CONSUMPTION_STANDARD", "CONSUMPTION_DAY", "CONSUMPTION_NIGHT", "CONSUMPTION_OFF_PEAK", "CONSUMPTION_PEAK", "STANDING_CHARGE"] as const;
export const TAX_TYPES = ["VAT", "CCL"] as const;
export const UNIT_TYPES = ["PROPORTION", "CURRENCY_PER_KWH"] as const;

/** Which reasons each type accepts, and which type-specific fields it needs. */
export const TYPE_RULES: Record<(typeof TRANSACTION_TYPES)[number], { reasons: readonly string[]; reasonRequired: boolean; paymentType: boolean; supplyCharge: boolean }> = {
  CHARGE: { reasons: ["IMPORTED_CHARGE", "PREPAY_DEBT_ADJUSTMENT"], reasonRequired: true, paymentType: false, supplyCharge: false },
  SUPPLY_CHARGE: { reasons: ["IMPORTED_CHARGE"], reasonRequired: true, paymentType: false, supplyCharge: true },
  CREDIT: { reasons: ["IMPORTED_CREDIT", "GENERAL_CREDIT", "PREPAY_DEBT_ADJUSTMENT"], reasonRequired: true, paymentType: false, supplyCharge: false },
  PAYMENT: { reasons: ["ACCOUNT_CHARGE_PAYMENT"], reasonRequired: false, paymentType: true, supplyCharge: false },
  REPAYMENT: { reasons: ["FULL_CREDIT_REFUND", "GENERAL_CREDIT"], reasonRequired: false, paymentType: true, supplyCharge: false },
};

const Quantity = DecimalNumber(8);

export const LineItem = z
  .strictObject({
    rate_band: z.enum(RATE_BANDS),
    start_date: DateString,
    end_date: DateString,
    number_of_units: Quantity,
    net_amount: Money(),
    price_per_unit: Quantity,
    units: z.array(Quantity).max(400).optional(),
  })
  .refine((l) => l.start_date <= l.end_date, {
    message: "start_date is later than end_date.",
    path: ["end_date"],
    params: { code: "start_date_later_than_end_date" },
  });

export const TaxItem = z.strictObject({
  amount: Money(),
  tax_type: z.enum(TAX_TYPES),
  value_taxed: Money(),
  rate: DecimalNumber(8, { min: 0 }),
  unit_type: z.enum(UNIT_TYPES),
});


export const TransactionInput = z
  .strictObject({
    transaction_id: Text(100),
    transaction_date: DateString,
    amount: Money({ min: 0 }).describe("Pounds, at most two decimal places; the type gives the direction."),
    type: z.enum(TRANSACTION_TYPES),
    reason: z.enum(TRANSACTION_REASONS).optional(),
    display_note: z.string().max(2000).optional(),
    note: z.string().max(10_000).optional(),
    reference: z.string().max(255).optional(),
    payment_type: z.enum(PAYMENT_TYPES).optional().describe("Required for PAYMENT and REPAYMENT, refused otherwise."),
    to_prepay_meter_serial_number: Text(50).optional().describe("Required with reason PREPAY_DEBT_ADJUSTMENT, refused otherwise."),
    product_code: Text(100).optional().describe("SUPPLY_CHARGE only (required)."),
    line_items: z.array(LineItem).min(1).max(100).optional().describe("SUPPLY_CHARGE only (required)."),
    tax_items: z.array(TaxItem).max(20).optional().describe("SUPPLY_CHARGE only (required, may be empty)."),
  })
  // A plain check function (zod's `.check`), not `superRefine`, which allocates a closure per item.
  .check((payload) => {
    const t = payload.value;
    const rule = TYPE_RULES[t.type];
    if (t.reason === undefined && rule.reasonRequired) pushIssue(payload, "required", `A ${t.type} needs a reason.`, ["reason"]);
    if (t.reason !== undefined && !rule.reasons.includes(t.reason)) {
      pushIssue(payload, "invalid_reason_for_type", `A ${t.type} takes reason ${rule.reasons.join(" or ")}.`, ["reason"]);
    }
    if (rule.paymentType && t.payment_type === undefined) pushIssue(payload, "required", `A ${t.type} needs a payment_type.`, ["payment_type"]);
    if (!rule.paymentType && t.payment_type !== undefined) pushIssue(payload, "field_not_allowed_for_type", `A ${t.type} takes no payment_type.`, ["payment_type"]);
    const prepay = t.reason === "PREPAY_DEBT_ADJUSTMENT";
    if (prepay && t.to_prepay_meter_serial_number === undefined) {
      pushIssue(payload, "required", "A PREPAY_DEBT_ADJUSTMENT needs to_prepay_meter_serial_number.", ["to_prepay_meter_serial_number"]);
    }
    if (!prepay && t.to_prepay_meter_serial_number !== undefined) {
      pushIssue(payload, "field_not_allowed_for_type", "to_prepay_meter_serial_number is only for reason PREPAY_DEBT_ADJUSTMENT.", ["to_prepay_meter_serial_number"]);
    }
    for (const f of ["product_code", "line_items", "tax_items"] as const) {
      if (rule.supplyCharge && t[f] === undefined) pushIssue(payload, "required", `A SUPPLY_CHARGE needs ${f}.`, [f]);
      if (!rule.supplyCharge && t[f] !== undefined) pushIssue(payload, "field_not_allowed_for_type", `Only a SUPPLY_CHARGE takes ${f}.`, [f]);
    }
  });
export type TransactionInput = z.infer<typeof TransactionInput>;

/** The envelope the route validates first; each transaction is then checked in order. */
export const CreateTransactionsEnvelope = AccountRef.extend({ transactions: ItemList(z.unknown()) });
/** The full body, as documented (the same item schema the service applies). */
export const CreateTransactionsInput = AccountRef.extend({ transactions: ItemList(TransactionInput) });

const Flag = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .transform((v) => v === "true" || v === "True" || v === "1");
export const CreateTransactionsQuery = z.strictObject({
  check_previously_added: Flag.default(true).describe("Skip transactions already added (TRANSACTION_ALREADY_EXISTS). When false a repeated transaction_id is an error."),
  force_add_to_current_statement: Flag.default(true).describe("Move a date before the open statement period into it (with a description and a pinned note). When false that is an error."),
});
export type CreateTransactionsQuery = z.infer<typeof CreateTransactionsQuery>;

export const TRANSACTION_RESULT_STATUSES = ["TRANSACTION_ADDED_TO_ACCOUNT", "TRANSACTION_ALREADY_EXISTS"] as const;
export const TransactionResult = z.object({
  status: z.enum(TRANSACTION_RESULT_STATUSES),
  transaction_data: z.record(z.string(), z.unknown()).describe("The transaction as submitted, numbers as decimal strings (amounts with two places)."),
  added_transaction_id: z.string(),
  moved_to_date: z.string().optional().describe("Present when the date was moved into the open statement period."),
  description: z.string().optional(),
});
export const CreateTransactionsResult = z.object({ results: z.array(TransactionResult) });
export const TransactionImportError = z.object({
  status: z.literal("TRANSACTION_IMPORT_ERROR"),
  error_detail: z.string(),
  transaction_data: z.unknown(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
});
