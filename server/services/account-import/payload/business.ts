import { z } from "zod";
import { AnyJson, CompanyNumber, CustomerEmail, DateStr, Email, Int, JsonObject, Phone, Str } from "./fields";
import { Note } from "./embedded";
import { CustomerAlternativeNumber, CustomerUserDetail } from "./customer";

export const BusinessDetail = z.strictObject({
  key: z.enum(["sic_codes", "vat_number", "registered_charity_number", "ofgem_protection_label"]),
  value: AnyJson,
});
export type BusinessDetail = z.infer<typeof BusinessDetail>;
export const PortfolioReference = z.strictObject({
  namespace: z.enum(["external-portfolio-reference-id", "portfolio-label"]),
  value: Str(100, { blank: false }),
});
export type PortfolioReference = z.infer<typeof PortfolioReference>;
export const PortfolioSettings = z.strictObject({
  collective_billing: z.boolean().optional(),
  collective_payments: z.boolean().optional(),
  delegate_billing_schedule_to_children: z.boolean().optional(),
  send_collective_bill_constituent_messages: z.boolean().optional(),
});
export type PortfolioSettings = z.infer<typeof PortfolioSettings>;
export const BusinessPortfolio = z.strictObject({
  billing_name: Str(510).optional(),
  notes: z.array(Note).optional(),
  portfolio_references: z.array(PortfolioReference).min(1),
  portfolio_settings: PortfolioSettings.nullable().optional(),
});
export type BusinessPortfolio = z.infer<typeof BusinessPortfolio>;
export const BusinessUser = z.strictObject({
  alternative_phone_numbers: z.array(CustomerAlternativeNumber).optional(),
  business_roles: z.array(
    z.enum([
      "POWER_OF_ATTORNEY",
      "NEIGHBOUR",
      "LOA_LEVEL_1",
      "LOA_LEVEL_3",
      "CARER",
      "ADMIN",
      "EXECUTOR",
      "LOA_LEVEL_2",
      "STUDENT_HOUSE",
      "FRIEND_FAMILY_MEMBER",
    ]),
  ),
  contact_emails: z.array(Email(254)).optional(),
  credit_assessment_id: Str().nullable().optional(),
  credit_result: Str().nullable().optional(),
  credit_risk_bracket: z.enum(["LOW", "MID", "HIGH", "UNKNOWN"]).nullable().optional(),
  credit_score: Int(0, 9999).nullable().optional(),
  date_of_birth: DateStr.nullable().optional(),
  deceased: z.enum(["Reported", "Confirmed", ""]).optional(),
  details: JsonObject.nullable().optional().describe("Deprecated."),
  email: CustomerEmail.nullable().optional(), // internal_email_address
  family_name: Str(255).optional(),
  given_name: Str(255).optional(),
  label: Str().nullable().optional(),
  landline: Phone.nullable().optional(), // invalid_phone_number
  mobile: Phone.nullable().optional(), // invalid_phone_number
  salutation: Str(128).nullable().optional(),
  title: Str(20).nullable().optional(),
  unable_to_read_meters: z.boolean().optional(),
  user_details: z.array(CustomerUserDetail).optional(),
});
export type BusinessUser = z.infer<typeof BusinessUser>;
export const BaseBusiness = z.strictObject({
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
    .optional(),
  company_name: Str(255).optional(),
  company_number: CompanyNumber.optional(), // invalid_company_number
  details: z.array(BusinessDetail).optional(),
  portfolios: z.array(BusinessPortfolio).optional(),
  segment_name: AnyJson.optional(),
  users: z.array(BusinessUser).optional(),
});
export type BaseBusiness = z.infer<typeof BaseBusiness>;
/** BaseBusiness with the contracts production checks exist (chosen by enforce_business_contracts_exist). */
export const BusinessWithExistingContracts = BaseBusiness.extend({
  business_contract_identifier: Str().optional().describe("Deprecated."),
  business_contract_identifiers: z.array(Str(255)).optional(),
});
export type BusinessWithExistingContracts = z.infer<typeof BusinessWithExistingContracts>;
export const Business = z.union([BusinessWithExistingContracts, BaseBusiness]);
export type Business = z.infer<typeof Business>;
export const AccountPortfolio = z.strictObject({
  billing_name: Str(510).optional(),
  notes: z.array(Note).optional(),
  portfolio_references: z.array(PortfolioReference).optional(),
  portfolio_settings: PortfolioSettings.nullable().optional(),
});
export type AccountPortfolio = z.infer<typeof AccountPortfolio>;
export const EnergyAccountBillingOptions = z.strictObject({
  period_length: z.enum(["MONTHLY", "QUARTERLY"]).nullable().optional(),
  period_length_multiplier: Int().optional(),
  period_start_day: Int(1, 28).nullable().optional(),
  period_start_month: Int(1, 12).nullable().optional(),
  use_industry_billing: z.boolean().optional(),
});
export type EnergyAccountBillingOptions = z.infer<typeof EnergyAccountBillingOptions>;
