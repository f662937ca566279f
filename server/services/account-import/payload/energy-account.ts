import { z } from "zod";
import {
  BillingEmail,
  CompanyNumber,
  DateStr,
  DateTimeStr,
  DayOfMonth,
  Dec,
  DeliveryPointIdentifier,
  Postcode,
  Str,
} from "./fields";
import { AccountPortfolio, Business, EnergyAccountBillingOptions } from "./business";
import {
  AccountCampaign,
  Complaint,
  ContributionSchemeAgreement,
  Debt,
  DepositAgreement,
  DunningPath,
  EnergyCommissionContract,
  EnergyWarmHomeDiscount,
  PartnerOrganisation,
} from "./account-extras";
import { Address } from "./address";
import { AccountConsent, EnergyCustomer } from "./customer";
import { EnergyTransaction, Note, Statement } from "./embedded";
import { EnergyFit } from "./fit";
import { EnergyLedger } from "./ledger";
import { AccountReference, Metadata } from "./common";
import {
  PaymentAdequacyChange,
  PaymentInstruction,
  PaymentPlan,
  PaymentPreference,
  PaymentPromise,
  PaymentSchedule,
} from "./payments";
import { EnergyLegacySupplyAddress } from "./supply-address";

/** Object codes: rules/account-rules.ts, supply-rules.ts, ledger-rules.ts (codes in error-codes.ts). */
export const EnergyAccount = z.strictObject({
  account_billing_options: EnergyAccountBillingOptions.optional(),
  account_campaigns: z.array(AccountCampaign).optional(), // duplicate_account_campaigns
  account_type: z
    .enum([
      "DOMESTIC",
      "BUSINESS",
      "MANAGED",
      "PORTFOLIO_LEAD",
      "DOMESTIC_VACANT",
      "BUSINESS_VACANT",
      "DOMESTIC_OCCUPIER",
      "BUSINESS_OCCUPIER",
      "SYSTEM",
      "DOMESTIC_THIRD_PARTY_BILLED",
      "BUSINESS_THIRD_PARTY_BILLED",
    ])
    .optional(),
  affiliate_subdomain: Str().nullable().optional(),
  billing_address: Address.optional(),
  billing_address1: Str(512).optional(),
  billing_address2: Str(512).optional(),
  billing_address3: Str(512).optional(),
  billing_address4: Str(512).optional(),
  billing_address5: Str(512).optional(),
  billing_attention_of: Str(256).optional(),
  billing_customer_reference: Str(256).optional(),
  billing_delivery_point_identifier: DeliveryPointIdentifier.optional(), // invalid_delivery_point_identifier
  billing_email: BillingEmail.nullable().optional(), // internal_email_address, billing_email_not_valid
  billing_name: Str(510).optional(),
  billing_postcode: Postcode(512).optional(), // invalid_postcode
  billing_sub_name: Str(256).optional(),
  business: Business.optional(),
  business_type: z
    .enum([
      "SOLE_TRADER",
      "LTD",
      "PTY_LTD",
      "PARTNERSHIP",
      "CHARITY",
      "PLC",
      "LLP",
      "TRUST",
      "TRADING_AS",
      "GOVERNMENT",
      "NON_PROFIT",
      "CHURCH",
      "HOMEOWNER_ASSOCIATION",
      "TBD",
    ])
    .optional()
    .describe("Deprecated."),
  commission_contracts: z.array(EnergyCommissionContract).optional(),
  communication_preference: z.enum(["ONLINE", "PRINT"]).optional(),
  company_number: CompanyNumber.optional(), // invalid_company_number
  complaints: z.array(Complaint).optional(),
  consents: z.array(AccountConsent).optional(),
  contribution_agreements: z.array(ContributionSchemeAgreement).optional(),
  current_statement_transactions: z.array(EnergyTransaction).optional(),
  customers: z.array(EnergyCustomer).optional(),
  date_of_sale: DateStr.optional(),
  dd_reference: Str(512).optional().describe("Deprecated."),
  debt: Debt.optional().describe("Deprecated."),
  debts: z.array(Debt).optional(),
  deposit_agreements: z.array(DepositAgreement).optional(), // multiple_active_deposits_not_allowed
  document_accessibility: z.enum(["LARGE_PRINT", "BRAILLE", "SPOKEN", ""]).optional(),
  dunning_path: DunningPath.optional(),
  external_account_number: Str(128).optional(),
  fit: EnergyFit.optional(),
  historical_statement_transactions: z.array(EnergyTransaction).optional(),
  import_supplier: Str(64, { blank: false }),
  is_managed: z.boolean().nullable().optional().describe("Deprecated."),
  is_portfolio_lead: z.boolean().nullable().optional().describe("Deprecated."),
  language_preference: z.enum(["en-gb", "en-us", "es-419", "fr-fr"]).optional(),
  last_billed_to_date: DateStr.optional(),
  last_payment_review_date: DateStr.nullable().optional(), // last_payment_review_date_is_future_dated
  last_statement_balance: Dec(10, 10).optional().describe("Deprecated."),
  last_statement_closing_date: DateStr.optional().describe("Deprecated."),
  last_statement_issue_date: DateStr.optional().describe("Deprecated."),
  ledgers: z
    .array(EnergyLedger)
    .optional()
    .describe(
      "The account's ledger: its statement dates, balances and transactions (instead of the deprecated flat fields).",
    ),
  metadata: z.array(Metadata).optional(),
  next_bill_due_date: DateStr.nullable().optional(),
  notes: z.array(Note).optional(),
  operations_team_name: Str().optional(), // operations_team_name_does_not_exist
  partner_organisations: z.array(PartnerOrganisation).optional(),
  payment_adequacy_changes: z.array(PaymentAdequacyChange).optional(),
  payment_instructions: z.array(PaymentInstruction).optional(),
  payment_plans: z.array(PaymentPlan).optional(),
  payment_preferences: z.array(PaymentPreference).optional(),
  payment_promises: z.array(PaymentPromise).optional(),
  payment_schedules: z.array(PaymentSchedule).optional(),
  portfolio: AccountPortfolio.nullable().optional(),
  references: z.array(AccountReference).optional(),
  sales_channel: z
    .enum([
      "DIRECT",
      "PRICE_COMPARISON",
      "TELESALES",
      "DIGI_TELESALES",
      "EVENTS",
      "FIELD_SALES",
      "AGGREGATOR",
      "PARTNERSHIPS",
      "NEW_TENANT",
      "MOVE_IN",
      "WORKPLACE_POP_UP",
      "BROKER",
      "PARENT_POWER",
      "PEOPLE_POWER",
      "GIFT_OF_KIT",
      "HIGH_REFERRER",
      "SUPPLIER_OF_LAST_RESORT",
      "ACQUISITION",
      "WORKS_WITH_OCTOPUS",
      "LANDLORD",
      "DEBT_COLLECTION_AGENCY",
      "",
    ])
    .optional(),
  sales_subchannel: Str().optional(),
  smart_read_cycle_day: DayOfMonth.optional(), // invalid_day_of_month
  smart_read_frequency: z.enum(["MONTHLY", "DAILY", "HALF_HOURLY", "DENIED", ""]).optional(),
  statements: z.array(Statement).optional(),
  supply_addresses: z.array(EnergyLegacySupplyAddress).optional(), // duplicate_meter_points_on_different_supply_addresses_provided, duplicate_supply_addresses_found
  transfer_balance: Dec(10, 10).optional(),
  unknown_occupier: z.boolean().nullable().optional(),
  warm_home_discount: z.array(EnergyWarmHomeDiscount).optional(),
});
export type EnergyAccount = z.infer<typeof EnergyAccount>;
export const TaskParameters = z.strictObject({
  is_dry_run: z.boolean().optional(),
  schedule_window_end: DateTimeStr.nullable().optional(),
  schedule_window_start: DateTimeStr.nullable().optional(),
});
export type TaskParameters = z.infer<typeof TaskParameters>;
export const ScheduleAccountCreation = z.strictObject({
  payload: EnergyAccount,
  task_params: TaskParameters,
});
export type ScheduleAccountCreation = z.infer<typeof ScheduleAccountCreation>;
export const ValidateAccount = z.strictObject({
  payload: EnergyAccount,
});
export type ValidateAccount = z.infer<typeof ValidateAccount>;
/** Object codes: import_process_does_not_exist. */
export const ProcessAccountImportProcess = z.strictObject({
  dry_run: z.boolean().optional(),
  external_account_number: Str(undefined, { blank: false }),
  import_supplier_code: Str(64, { blank: false }),
  operations_team_name: Str().optional(), // operations_team_name_does_not_exist
});
export type ProcessAccountImportProcess = z.infer<typeof ProcessAccountImportProcess>;
