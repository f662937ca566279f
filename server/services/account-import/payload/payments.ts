import { z } from "zod";
import { DateStr, DateTimeStr, Dec, Int, Str } from "./fields";
import { Ledger } from "./common";

/** Object codes: incomplete_payments_not_enabled. */
export const PaymentInstruction = z.strictObject({
  customer_reference: Str(512).optional(),
  instruction_identifier: Str().optional(),
  ledger_code: Str().optional(), // ledger_code_does_not_exist
  reference: Str(512, { blank: false }),
  type: z.enum(["BPAY","CARD","CUSTOM","DIRECT_DEBIT","GMO_REFUND","PAYMENT_SLIP"]),
  use_for_scheduled_payments: z.boolean().optional(),
  valid_from: DateStr.nullable().optional(),
  vendor: z.enum(["STRIPE","BOTTOMLINE_GLOBAL_PAYMENTS_HUB","BOTTOMLINE_PTX","BOTTOMLINE_PTX_BATCHED"]),
});
export type PaymentInstruction = z.infer<typeof PaymentInstruction>;
export const PaymentPlanPaymentAmountComponent = z.strictObject({
  amount: Int(0, undefined),
  component_type: Str(undefined, { blank: false }),
});
export type PaymentPlanPaymentAmountComponent = z.infer<typeof PaymentPlanPaymentAmountComponent>;
/** Object codes: payment_plan_payment_components_do_not_sum_to_total. */
export const PaymentPlanPayment = z.strictObject({
  amount_components: z.array(PaymentPlanPaymentAmountComponent),
  payment_date: DateStr,
  total_amount: Int(0, undefined),
});
export type PaymentPlanPayment = z.infer<typeof PaymentPlanPayment>;
export const PaymentPlan = z.strictObject({
  accepted_at: DateTimeStr,
  payments: z.array(PaymentPlanPayment), // duplicate_payment_component_combinations
  schedule_means: z.enum(["DD","CARD","MANUAL","PAYMENT_SLIP"]),
  strategy_name: Str(undefined, { blank: false }), // payment_plan_strategy_does_not_exist
});
export type PaymentPlan = z.infer<typeof PaymentPlan>;
export const ExistingPaymentInstructionReference = z.strictObject({
  vendor_name: z.enum(["STRIPE","BOTTOMLINE_GLOBAL_PAYMENTS_HUB","BOTTOMLINE_PTX","BOTTOMLINE_PTX_BATCHED"]),
  vendor_reference: Str(512, { blank: false }),
});
export type ExistingPaymentInstructionReference = z.infer<typeof ExistingPaymentInstructionReference>;
export const PaymentPreferencesWithExistingInstructionReferences = z.strictObject({
  type: z.enum(["ACTIVE_EXISTING","ACTIVE_NEW","PASSIVE"]),
  instruction_reference_params: ExistingPaymentInstructionReference,
  ledger_identifier: Str(undefined, { blank: false }),
});
export type PaymentPreferencesWithExistingInstructionReferences = z.infer<typeof PaymentPreferencesWithExistingInstructionReferences>;
export const NewPaymentInstructionReference = z.strictObject({
  instruction_identifier: Str(512, { blank: false }),
});
export type NewPaymentInstructionReference = z.infer<typeof NewPaymentInstructionReference>;
export const PaymentPreferencesWithNewInstructionReferences = z.strictObject({
  type: z.enum(["ACTIVE_EXISTING","ACTIVE_NEW","PASSIVE"]),
  instruction_reference_params: NewPaymentInstructionReference,
  ledger_identifier: Str(undefined, { blank: false }),
});
export type PaymentPreferencesWithNewInstructionReferences = z.infer<typeof PaymentPreferencesWithNewInstructionReferences>;
export const BasePaymentPreference = z.strictObject({
  type: z.enum(["ACTIVE_EXISTING","ACTIVE_NEW","PASSIVE"]),
  ledger_identifier: Str(undefined, { blank: false }),
});
export type BasePaymentPreference = z.infer<typeof BasePaymentPreference>;
export const PaymentPreference = z.discriminatedUnion("type", [PaymentPreferencesWithExistingInstructionReferences, PaymentPreferencesWithNewInstructionReferences, BasePaymentPreference]);
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
/** Object codes: error-codes.ts. */
export const PaymentSchedule = z.strictObject({
  amount: Dec(8, 2).optional(),
  balance_threshold: Dec(8, 2).optional(),
  day_of_month: Int().nullable().optional(), // invalid_payment_day_for_payment_schedule
  debt_repayment_element: Dec(8, 2).optional(),
  debt_repayment_end_date: DateStr.optional(),
  delay_days: Int().optional(),
  delay_strategy: z.enum(["FIXED","WORKING_DAYS"]).optional(),
  end_date: DateStr.nullable().optional(),
  exempt_from_payment_adequacy: z.boolean().optional(),
  frequency: z.enum(["MONTHLY","QUARTERLY","WEEKLY","FORTNIGHTLY","FOUR_WEEKLY","ANNUALLY","SIX_MONTHLY"]).optional(),
  instalments: z.array(Payments).optional(), // children_with_duplicate_values
  is_debt_repayment_plan: z.boolean().optional(),
  ledger_code: Str().optional(), // ledger_code_does_not_exist
  means: z.enum(["DD","CARD","MANUAL","PAYMENT_SLIP"]),
  paid_by: z.enum(["CUSTOMER","FUEL_DIRECT"]).optional(),
  start_date: DateStr,
  trigger: z.enum(["PLAN","REGULAR","REGULAR_PLAN","BALANCE","BILL"]).optional(),
});
export type PaymentSchedule = z.infer<typeof PaymentSchedule>;
/** Object codes: payment_adequacy_invalid_dates, payment_adequacy_missing_reason, payment_adequacy_should_not_have_been_applied, payment_adequacy_monthly_charges_unequal, payment_adequacy_balance_adjustment_mismatch, payment_adequacy_new_direct_debit_amount_mismatch. */
export const PaymentAdequacyChange = z.strictObject({
  applied_at: DateTimeStr.nullable().optional(), // payment_adequacy_invalid_dates
  average_monthly_charge: Int(0, undefined),
  average_monthly_elec_charge: Int(0, undefined),
  average_monthly_gas_charge: Int(0, undefined),
  balance_adjustment: Int(),
  created_at: DateTimeStr, // payment_adequacy_invalid_dates
  current_balance: Int(),
  existing_direct_debit_payment: Int(0, undefined),
  ledger: Ledger.optional(),
  new_direct_debit: Int(0, undefined),
  should_not_be_applied_reason: Str(512).nullable().optional(),
  target_balance: Int(),
});
export type PaymentAdequacyChange = z.infer<typeof PaymentAdequacyChange>;
