import { z } from "zod";
import { DateString, Text } from "../../lib/validators";
import { ACCOUNT_KEY, ItemList, requireAccountKey } from "../import-bodies/common";
import { WholePence } from "./decimals";
import {
  CHARGE_REASONS,
  CREDIT_REASONS,
  PAYMENT_PAYMENT_TYPES,
  PAYMENT_REASONS,
  REPAYMENT_PAYMENT_TYPES,
  REPAYMENT_REASONS,
} from "./transaction-enums";
import { LineItem, pushFindings, TaxItem } from "./transaction-items";
import { supplyChargeRules } from "./transaction-rules";

export { LineItem, TaxItem } from "./transaction-items";

/** Fields every production transaction type has. */
const COMMON = {
  transaction_id: Text(100),
  transaction_date: DateString.describe("YYYY-MM-DD, not after today (Europe/London)."),
  amount: WholePence().describe(
    "Pounds in whole pence: a decimal string or a JSON number, at most two decimal places (amount_not_whole_pence; never rounded). Charges and credits may be negative (reversals).",
  ),
  billing_document_identifier: Text(255)
    .optional()
    .describe("The billing document (statement) the transaction was billed on; historical statement transactions."),
  display_note: z.string().max(2000).optional().describe("Customer-facing note."),
  note: z.string().max(10_000).optional().describe("Internal note."),
  to_prepay_meter_serial_number: Text(50)
    .optional()
    .describe("A meter of the account (prepay_meter_not_found otherwise)."),
};
/** Production's schema has it on PAYMENT and REPAYMENT; its own example sends it on CHARGE, CREDIT and SUPPLY_CHARGE too. */
const reference = z.string().max(255).optional();
const TaxItems = z.array(TaxItem).max(20);

export const EnergyCharge = z.strictObject({
  type: z.literal("CHARGE"),
  ...COMMON,
  reason: z.enum(CHARGE_REASONS),
  reference,
  tax_items: TaxItems.optional(),
});
export const EnergyCredit = z.strictObject({
  type: z.literal("CREDIT"),
  ...COMMON,
  reason: z.enum(CREDIT_REASONS),
  reference,
});
export const EnergyPayment = z.strictObject({
  type: z.literal("PAYMENT"),
  ...COMMON,
  reason: z.enum(PAYMENT_REASONS).optional(),
  payment_type: z.enum(PAYMENT_PAYMENT_TYPES).optional(),
  reference,
});
export const EnergyRepayment = z.strictObject({
  type: z.literal("REPAYMENT"),
  ...COMMON,
  reason: z.enum(REPAYMENT_REASONS).optional(),
  payment_type: z.enum(REPAYMENT_PAYMENT_TYPES).optional(),
  reference,
});
/** No `reason`: production's supply charge has none. */
export const EnergySupplyCharge = z
  .strictObject({
    type: z.literal("SUPPLY_CHARGE"),
    ...COMMON,
    reference,
    product_code: Text(100).describe("A product of the catalogue (product_code_does_not_exist)."),
    supply_point_identifier: Text(50)
      .optional()
      .describe("MPAN or MPRN; required when a line item gives a rate_specification_code."),
    line_items: z.array(LineItem).min(1).max(100),
    tax_items: TaxItems.optional(),
  })
  .check((payload) => pushFindings(payload, supplyChargeRules(payload.value)));

/** Production's EnergyTransaction: one of the five, chosen by `type`. */
export const EnergyTransaction = z.discriminatedUnion("type", [
  EnergyCharge,
  EnergyCredit,
  EnergyPayment,
  EnergyRepayment,
  EnergySupplyCharge,
]);
export type EnergyTransaction = z.infer<typeof EnergyTransaction>;
export type TransactionType = EnergyTransaction["type"];

/** Every field of any type, optional: how code that handles all five reads them. */
type Shared<T> = Omit<T, "type" | "reason" | "payment_type">;
export type TransactionFields = Partial<
  Shared<z.infer<typeof EnergyCharge>> &
    Shared<z.infer<typeof EnergyPayment>> &
    Shared<z.infer<typeof EnergySupplyCharge>>
> & {
  type: TransactionType;
  reason?: string;
  payment_type?: string;
  transaction_id: string;
  transaction_date: string;
  amount: string | number;
};
export const fieldsOf = (t: EnergyTransaction) => t as unknown as TransactionFields;

const ENVELOPE = {
  ...ACCOUNT_KEY,
  dry_run: z
    .boolean()
    .default(false)
    .describe(
      "Validate and run everything, then roll back: 200 with the results it would give; nothing stored, no events.",
    ),
};
/** The envelope the route validates first; each transaction is then checked in order. */
export const CreateTransactionsEnvelope = z
  .strictObject({ ...ENVELOPE, transactions: ItemList(z.unknown()) })
  .check(requireAccountKey);
/** Production's `Transactions` body, as documented (the same item schema the service applies). */
export const CreateTransactionsInput = z
  .strictObject({ ...ENVELOPE, transactions: ItemList(EnergyTransaction) })
  .check(requireAccountKey);

const Flag = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .transform((v) => v === "true" || v === "True" || v === "1");
export const CreateTransactionsQuery = z.strictObject({
  check_previously_added: Flag.default(true).describe(
    "Skip transactions already added (TRANSACTION_ALREADY_EXISTS). When false a repeated transaction_id is an error.",
  ),
  force_add_to_current_statement: Flag.default(true).describe(
    "Move a date before the open statement period into it (with a description and a pinned note). When false that is an error.",
  ),
});
export type CreateTransactionsQuery = z.infer<typeof CreateTransactionsQuery>;

export const TRANSACTION_RESULT_STATUSES = ["TRANSACTION_ADDED_TO_ACCOUNT", "TRANSACTION_ALREADY_EXISTS"] as const;
export const TransactionResult = z.object({
  status: z.enum(TRANSACTION_RESULT_STATUSES),
  added_transaction_id: z
    .number()
    .int()
    .optional()
    .describe("The ledger entry's id; on a dry run only for transactions already there."),
  transaction_data: z
    .record(z.string(), z.unknown())
    .describe("The transaction as submitted, numbers as decimal strings (amounts with at least two places)."),
  moved_to_date: z.string().optional().describe("Present when the date was moved into the open statement period."),
  description: z.string().optional(),
});
export type TransactionResult = z.infer<typeof TransactionResult>;
export const CreateTransactionsResult = z.object({ results: z.array(TransactionResult) });
export const TransactionImportError = z.object({
  status: z.literal("TRANSACTION_IMPORT_ERROR"),
  error_detail: z.string(),
  transaction_data: z.unknown(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
});
