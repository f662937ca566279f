import { z } from "zod";
import { DateStr, DateTimeStr, Dec, Int, Str } from "./fields";
import { Ledger } from "./common";

export const PaymentInstruction = z.strictObject({
  customer_reference: Str(512).optional(),
  instruction_identifier: Str().optional(),
  ledger_code: Str().optional(),
  reference: Str(512, { blank: false }),
  type: z.enum(["BPAY", "CARD", "CUSTOM", "DIRECT_DEBIT", "GMO_REFUND", "PAYMENT_SLIP"]),
  use_for_scheduled_payments: z.boolean().optional(),
  valid_from: DateStr.nullable().optional(),
  vendor: z.enum(["STRIPE", "BOTTOMLINE_GLOBAL_PAYMENTS_HUB", "BOTTOMLINE_PTX", "BOTTOMLINE_PTX_BATCHED"]),
});
export type PaymentInstruction = z.infer<typeof PaymentInstruction>;
export const PaymentPlanPaymentAmountComponent = z.strictObject({
  amount: Int(0, undefined),
  component_type: Str(undefined, { blank: false }),
});
export type PaymentPlanPaymentAmountComponent = z.infer<typeof PaymentPlanPaymentAmountComponent>;
export const PaymentPlanPayment = z.strictObject({
  amount_components: z.array(PaymentPlanPaymentAmountComponent),
  payment_date: DateStr,
  total_amount: Int(0, undefined),
});
export type PaymentPlanPayment = z.infer<typeof PaymentPlanPayment>;
export const PaymentPlan = z.strictObject({
  accepted_at: DateTimeStr,
  payments: z.array(PaymentPlanPayment),
  schedule_means: z.enum(["DD", "CARD", "MANUAL", "PAYMENT_SLIP"]),
  strategy_name: Str(undefined, { blank: false }),
});
export type PaymentPlan = z.infer<typeof PaymentPlan>;
export const ExistingPaymentInstructionReference = z.strictObject({
  vendor_name: z.enum(["STRIPE", "BOTTOMLINE_GLOBAL_PAYMENTS_HUB", "BOTTOMLINE_PTX", "BOTTOMLINE_PTX_BATCHED"]),
  vendor_reference: Str(512, { blank: false }),
});
export type ExistingPaymentInstructionReference = z.infer<typeof ExistingPaymentInstructionReference>;
export const PaymentPreferencesWithExistingInstructionReferences = z.strictObject({
  type: z.literal("ACTIVE_EXISTING"),
  instruction_reference_params: ExistingPaymentInstructionReference,
  ledger_identifier: Str(undefined, { blank: false }),
});
export type PaymentPreferencesWithExistingInstructionReferences = z.infer<
  typeof PaymentPreferencesWithExistingInstructionReferences
>;
export const NewPaymentInstructionReference = z.strictObject({
  instruction_identifier: Str(512, { blank: false }),
});
export type NewPaymentInstructionReference = z.infer<typeof NewPaymentInstructionReference>;
export const PaymentPreferencesWithNewInstructionReferences = z.strictObject({
  type: z.literal("ACTIVE_NEW"),
  instruction_reference_params: NewPaymentInstructionReference,
  ledger_identifier: Str(undefined, { blank: false }),
});
export type PaymentPreferencesWithNewInstructionReferences = z.infer<
  typeof PaymentPreferencesWithNewInstructionReferences
>;
export const BasePaymentPreference = z.strictObject({
  type: z.literal("PASSIVE"),
  ledger_identifier: Str(undefined, { blank: false }),
});
export type BasePaymentPreference = z.infer<typeof BasePaymentPreference>;
/** Production's oneOf chosen by `type`: each branch takes its own value (the same enum on all three made zod throw on any payment_preferences). */
export const PaymentPreference = z.discriminatedUnion("type", [
  PaymentPreferencesWithExistingInstructionReferences,
  PaymentPreferencesWithNewInstructionReferences,
  BasePaymentPreference,
]);
export type PaymentPreference = z.infer<typeof PaymentPreference>;
export const PaymentPromise = z.strictObject({
  amount: Dec(8, 2),
  ledger_code: Str().optional(),
  payment_date: DateStr,
});
export type PaymentPromise = z.infer<typeof PaymentPromise>;
export const Payments = z.strictObject({
  amount: Dec(8, 2),
  payment_date: DateStr,
  payment_type: z.enum([]).optional(),
});
export type Payments = z.infer<typeof Payments>;
/** Object codes: rules/account-rules.ts, supply-rules.ts, ledger-rules.ts (codes in error-codes.ts). */
export const PaymentSchedule = z.strictObject({
  amount: Dec(8, 2).optional(),
  balance_threshold: Dec(8, 2).optional(),
  day_of_month: Int().nullable().optional(),
  debt_repayment_element: Dec(8, 2).optional(),
  debt_repayment_end_date: DateStr.optional(),
  delay_days: Int().optional(),
  delay_strategy: z.enum(["FIXED", "WORKING_DAYS"]).optional(),
  end_date: DateStr.nullable().optional(),
  exempt_from_payment_adequacy: z.boolean().optional(),
  frequency: z
    .enum(["MONTHLY", "QUARTERLY", "WEEKLY", "FORTNIGHTLY", "FOUR_WEEKLY", "ANNUALLY", "SIX_MONTHLY"])
    .optional(),
  instalments: z.array(Payments).optional(),
  is_debt_repayment_plan: z.boolean().optional(),
  ledger_code: Str().optional(),
  means: z.enum(["DD", "CARD", "MANUAL", "PAYMENT_SLIP"]),
  paid_by: z.enum(["CUSTOMER", "FUEL_DIRECT"]).optional(),
  start_date: DateStr,
  trigger: z.enum(["PLAN", "REGULAR", "REGULAR_PLAN", "BALANCE", "BILL"]).optional(),
});
export type PaymentSchedule = z.infer<typeof PaymentSchedule>;
export const PaymentAdequacyChange = z.strictObject({
  applied_at: DateTimeStr.nullable().optional(),
  average_monthly_charge: Int(0, undefined),
  average_monthly_elec_charge: Int(0, undefined),
  average_monthly_gas_charge: Int(0, undefined),
  balance_adjustment: Int(),
  created_at: DateTimeStr,
  current_balance: Int(),
  existing_direct_debit_payment: Int(0, undefined),
  ledger: Ledger.optional(),
  new_direct_debit: Int(0, undefined),
  should_not_be_applied_reason: Str(512).nullable().optional(),
  target_balance: Int(),
});
export type PaymentAdequacyChange = z.infer<typeof PaymentAdequacyChange>;
