import { z } from "zod";
import { AnyJson, CustomerEmail, DateOrDateTimeStr, DateStr, DateTimeStr, Email, Int, JsonObject, Phone, Str } from "./fields";
import { Metadata } from "./common";

export const CustomerAlternativeNumber = z.strictObject({
  phone_number: Phone.nullable().optional(), // invalid_phone_number
});
export type CustomerAlternativeNumber = z.infer<typeof CustomerAlternativeNumber>;
export const CustomerConsent = z.strictObject({
  description: Str(255).optional(),
  signed_at: DateTimeStr.optional(), // date_in_future
  type: AnyJson,
  value: z.enum(["ACCEPTED","REJECTED","UNKNOWN","PENDING"]),
});
export type CustomerConsent = z.infer<typeof CustomerConsent>;
export const EnergyCustomerPreferences = z.strictObject({
  is_user_psr_consent_obtained: z.boolean().nullable().optional(),
  opted_into_associated_companies: z.boolean().optional(),
  opted_into_offers: z.boolean().optional(),
  opted_into_recommended: z.boolean().optional(),
  opted_into_sms: z.boolean().optional(),
  opted_into_third_parties: z.boolean().optional(),
  opted_into_updates: z.boolean().optional(),
  opted_into_whatsapp: z.boolean().optional(),
  partner_password: Str(10).optional(),
});
export type EnergyCustomerPreferences = z.infer<typeof EnergyCustomerPreferences>;
/** Object codes: psr_industry_code_not_provided, temporary_psr_does_not_have_end_date. */
export const EnergyPSR = z.strictObject({
  additional_information: Str().nullable().optional(),
  description: Str().nullable().optional(), // psr_record_description_not_found
  effective_from: DateOrDateTimeStr.optional(),
  effective_to: DateOrDateTimeStr.nullable().optional(),
  elec_industry_code: Str().nullable().optional(), // electricity_psr_record_not_found, psr_invalid_industry_code
  gas_industry_code: Str().nullable().optional(), // gas_psr_record_not_found, psr_invalid_industry_code
});
export type EnergyPSR = z.infer<typeof EnergyPSR>;
/** Object codes: customer_detail_failed_validation, customer_detail_incorrect_value_type, customer_detail_not_registered. */
export const CustomerUserDetail = z.strictObject({
  namespace: z.enum(["external_user_id"]),
  value: AnyJson,
});
export type CustomerUserDetail = z.infer<typeof CustomerUserDetail>;
/** Object codes: customer_details_and_user_details_both_provided, contact_details_for_occupier, customer_may_not_be_named_the_occupier, metadata_has_duplicate_keys, required_user_role, customer_has_exclusive_role_conflict, fields_are_mutually_exclusive. */
export const EnergyCustomer = z.strictObject({
  account_roles: z.array(z.enum(["POWER_OF_ATTORNEY","NEIGHBOUR","LOA_LEVEL_1","LOA_LEVEL_3","CARER","ADMIN","EXECUTOR","LOA_LEVEL_2","STUDENT_HOUSE","FRIEND_FAMILY_MEMBER"])).optional(),
  alternative_phone_numbers: z.array(CustomerAlternativeNumber).optional(),
  consents: z.array(CustomerConsent).optional(), // field_not_enabled, children_with_duplicate_values
  contact_emails: z.array(Email(254)).optional(),
  credit_assessment_id: Str().nullable().optional(),
  credit_result: Str().nullable().optional(),
  credit_risk_bracket: z.enum(["LOW","MID","HIGH","UNKNOWN"]).nullable().optional(),
  credit_score: Int(0, 9999).nullable().optional(),
  customer_preferences: EnergyCustomerPreferences.optional().describe("Deprecated."),
  date_of_birth: DateStr.nullable().optional(),
  deceased: z.enum(["Reported","Confirmed",""]).optional(),
  details: JsonObject.nullable().optional().describe("Deprecated."), // customer_detail_failed_validation, customer_detail_incorrect_value_type, customer_detail_not_registered
  email: CustomerEmail.nullable().optional(), // possible_test_email_address, internal_email_address
  family_name: Str(255).optional(),
  given_name: Str(255).optional(),
  label: Str().nullable().optional(),
  landline: Phone.nullable().optional(), // invalid_phone_number
  metadata: z.array(Metadata).optional(),
  mobile: Phone.nullable().optional(), // invalid_phone_number
  portfolio_roles: z.array(z.enum(["POWER_OF_ATTORNEY","NEIGHBOUR","LOA_LEVEL_1","LOA_LEVEL_3","CARER","ADMIN","EXECUTOR","LOA_LEVEL_2","STUDENT_HOUSE","FRIEND_FAMILY_MEMBER"])).optional(),
  pronouns: z.enum(["OTHER","E_EM_EIR","EY_EM_EIR","FAE_FAER_FAERS","HE_HIM_HIS","PER_PER_PERS","SHE_HER_HERS","THEY_THEM_THEIRS","VE_VER_VIS","XE_XEM_XYR","ZE_HIR_HIRS","ZE_ZIR_ZIRS","ZIE_HIR_HIRS","ZIE_ZIR_ZIRS",""]).nullable().optional(),
  psr: z.array(EnergyPSR).optional(),
  role: z.enum(["POWER_OF_ATTORNEY","NEIGHBOUR","LOA_LEVEL_1","LOA_LEVEL_3","CARER","ADMIN","EXECUTOR","LOA_LEVEL_2","STUDENT_HOUSE","FRIEND_FAMILY_MEMBER"]).nullable().optional().describe("Deprecated."),
  salutation: Str(128).nullable().optional(),
  title: Str(20).nullable().optional(),
  unable_to_read_meters: z.boolean().optional(),
  user_details: z.array(CustomerUserDetail).optional(), // required_customer_details_namespace_missing
  user_identifier: Str().optional(),
});
export type EnergyCustomer = z.infer<typeof EnergyCustomer>;
export const AccountConsent = z.strictObject({
  description: Str(255).optional(),
  signed_at: DateTimeStr.optional(), // date_in_future
  type: AnyJson,
  value: z.enum(["ACCEPTED","REJECTED","UNKNOWN","PENDING"]),
});
export type AccountConsent = z.infer<typeof AccountConsent>;
