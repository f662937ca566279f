import { z } from "zod";
import { AnyJson, DateStr, DateTimeStr, Dec, Email, Str, TaxYear } from "./fields";

/** Object codes: campaign_name_and_slug_provided, campaign_name_or_slug_not_provided, start_date_same_as_end_date. */
export const AccountCampaign = z.strictObject({
  campaign_name: Str(255, { blank: false }).nullable().optional().describe("Deprecated."),
  campaign_note: Str().nullable().optional(),
  expiry_date: DateStr.nullable().optional(),
  slug: Str(255, { blank: false }).nullable().optional(),
  start_date: DateStr.nullable().optional(),
});
export type AccountCampaign = z.infer<typeof AccountCampaign>;
/** Object codes: start_date_later_than_end_date. */
export const EnergyCommissionContract = z.strictObject({
  affiliate_organisation_name: Str(128, { blank: false }),
  commission_type: z.enum(["UNIT_RATE_UPLIFT"]).optional().describe("Deprecated."),
  effective_from: DateStr,
  effective_to: DateStr,
  mpxn: Str(undefined, { blank: false }), // invalid_supply_point_identifier
  standing_charge_uplift: Dec(10, 3).optional(),
  status: z.enum(["PAID", "PAYABLE"]),
  unit_rate_uplift: Dec(10, 3).optional(),
  value: Dec(11, 2).optional().describe("Deprecated."),
});
export type EnergyCommissionContract = z.infer<typeof EnergyCommissionContract>;
export const ComplaintContact = z.strictObject({
  body: Str(undefined, { blank: false }),
  communication_method: z.enum(["LANDLINE", "MOBILE", "EMAIL", "POST"]),
  communication_source: Str(undefined, { blank: false }),
  created_at: DateTimeStr,
  status: z.enum(["OPEN", "RESOLVED", "NO_CONTACT", "REOPENED", "DEADLOCK", "CANCELLED"]),
});
export type ComplaintContact = z.infer<typeof ComplaintContact>;
export const Complaint = z.strictObject({
  complainant_email: Email(254),
  complainant_name: Str(255, { blank: false }),
  complaint_contacts: z.array(ComplaintContact),
  created_at: DateTimeStr,
  has_chsr_letter_been_sent: z.boolean(),
  has_eight_week_letter_been_sent: z.boolean(),
  official_entity: Str().optional(),
  official_reference_number: Str().optional(),
  official_status: Str().optional(),
  subtype_of_complaint: Str(undefined, { blank: false }),
  type_of_complaint: Str(undefined, { blank: false }),
});
export type Complaint = z.infer<typeof Complaint>;
/** Object codes: start_date_later_than_end_date. */
export const ContributionSchemePeriod = z.strictObject({
  end_date: DateStr,
  fulfilled_at: DateTimeStr.nullable().optional(),
  start_date: DateStr,
});
export type ContributionSchemePeriod = z.infer<typeof ContributionSchemePeriod>;
/** Object codes: start_date_later_than_end_date. */
export const ContributionSchemeAgreement = z.strictObject({
  active_period_end_date: DateStr.nullable().optional(),
  active_period_start_date: DateStr,
  amount: Dec(10, 10),
  interval: z.enum(["MONTHLY", "QUARTERLY"]),
  periods: z.array(ContributionSchemePeriod).optional(),
  scheme: Str(undefined, { blank: false }),
});
export type ContributionSchemeAgreement = z.infer<typeof ContributionSchemeAgreement>;
export const AgedDebt = z.strictObject({
  debt_amount: Dec(8, 2).optional(),
  due_date: DateStr.optional(),
});
export type AgedDebt = z.infer<typeof AgedDebt>;
export const Debt = z.strictObject({
  aged_debt: z.array(AgedDebt).optional(),
  agency_name: Str(256).optional(),
  cais_reference: Str().optional(),
  campaign: Str(256).optional(),
  is_insolvent: z.boolean().optional(),
  notes: Str(256).optional(),
  start_date: DateStr.optional(),
});
export type Debt = z.infer<typeof Debt>;
export const DepositAgreement = z.strictObject({
  accepted_at: DateTimeStr.nullable().optional(),
  deposit_amount: Dec(10, 10),
  fulfilled_at: DateTimeStr.nullable().optional(),
  last_interest_date: DateStr.nullable().optional(),
  reason: Str(undefined, { blank: false }),
});
export type DepositAgreement = z.infer<typeof DepositAgreement>;
export const DunningPath = z.strictObject({
  path_name: Str(256, { blank: false }),
  start_date: DateStr.optional(),
});
export type DunningPath = z.infer<typeof DunningPath>;
/** Object codes: start_date_later_than_end_date. */
export const PartnerOrganisation = z.strictObject({
  organisation_number: Str(128, { blank: false }),
  role: AnyJson,
  source_reference_s3_key: Str().optional(),
  valid_from: DateTimeStr,
  valid_to: DateTimeStr,
});
export type PartnerOrganisation = z.infer<typeof PartnerOrganisation>;
export const EnergyWarmHomeDiscount = z.strictObject({
  account_type: z.enum(["CREDIT", "PREPAY"]).optional(),
  group: z.enum(["CORE", "BROADER"]).optional(),
  tax_year: TaxYear.optional(), // incorrect_format_for_tax_year
});
export type EnergyWarmHomeDiscount = z.infer<typeof EnergyWarmHomeDiscount>;
