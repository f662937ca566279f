import { z } from "zod";
import {
  AnyJson,
  CustomerEmail,
  DateOrDateTimeStr,
  DateStr,
  DateTimeStr,
  Email,
  Int,
  JsonObject,
  Phone,
  Str,
} from "./fields";
import { Metadata } from "./common";

export const CustomerAlternativeNumber = z.strictObject({
  phone_number: Phone.nullable().optional(), // invalid_phone_number
});
export type CustomerAlternativeNumber = z.infer<typeof CustomerAlternativeNumber>;
export const CustomerConsent = z.strictObject({
  description: Str(255).optional(),
  signed_at: DateTimeStr.optional(),
  type: AnyJson,
  value: z.enum(["ACCEPTED", "REJECTED", "UNKNOWN", "PENDING"]),
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
export const EnergyPSR = z.strictObject({
  additional_information: Str().nullable().optional(),
  description: Str().nullable().optional(),
  effective_from: DateOrDateTimeStr.optional(),
  effective_to: DateOrDateTimeStr.nullable().optional(),
  elec_industry_code: Str().nullable().optional(),
  gas_industry_code: Str().nullable().optional(),
});
export type EnergyPSR = z.infer<typeof EnergyPSR>;
export const CustomerUserDetail = z.strictObject({
  namespace: z.enum(["external_user_id"]),
  value: AnyJson,
});
export type CustomerUserDetail = z.infer<typeof CustomerUserDetail>;
/** Object codes: metadata_has_duplicate_keys. */
export const EnergyCustomer = z.strictObject({
  account_roles: z
    .array(
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
    )
    .optional(),
  alternative_phone_numbers: z.array(CustomerAlternativeNumber).optional(),
  consents: z.array(CustomerConsent).optional(),
  contact_emails: z.array(Email(254)).optional(),
  credit_assessment_id: Str().nullable().optional(),
  credit_result: Str().nullable().optional(),
  credit_risk_bracket: z.enum(["LOW", "MID", "HIGH", "UNKNOWN"]).nullable().optional(),
  credit_score: Int(0, 9999).nullable().optional(),
  customer_preferences: EnergyCustomerPreferences.optional().describe("Deprecated."),
  date_of_birth: DateStr.nullable().optional(),
  deceased: z.enum(["Reported", "Confirmed", ""]).optional(),
  details: JsonObject.nullable().optional().describe("Deprecated."),
  email: CustomerEmail.nullable().optional(), // internal_email_address
  family_name: Str(255).optional(),
  given_name: Str(255).optional(),
  label: Str().nullable().optional(),
  landline: Phone.nullable().optional(), // invalid_phone_number
  metadata: z.array(Metadata).optional(),
  mobile: Phone.nullable().optional(), // invalid_phone_number
  portfolio_roles: z
    .array(
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
    )
    .optional(),
  pronouns: z
    .enum([
      "OTHER",
      "E_EM_EIR",
      "EY_EM_EIR",
      "FAE_FAER_FAERS",
      "HE_HIM_HIS",
      "PER_PER_PERS",
      "SHE_HER_HERS",
      "THEY_THEM_THEIRS",
      "VE_VER_VIS",
      "XE_XEM_XYR",
      "ZE_HIR_HIRS",
      "ZE_ZIR_ZIRS",
      "ZIE_HIR_HIRS",
      "ZIE_ZIR_ZIRS",
      "",
    ])
    .nullable()
    .optional(),
  psr: z.array(EnergyPSR).optional(),
  role: z
    .enum([
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
    ])
    .nullable()
    .optional()
    .describe("Deprecated."),
  salutation: Str(128).nullable().optional(),
  title: Str(20).nullable().optional(),
  unable_to_read_meters: z.boolean().optional(),
  user_details: z.array(CustomerUserDetail).optional(),
  user_identifier: Str().optional(),
});
export type EnergyCustomer = z.infer<typeof EnergyCustomer>;
/** Production's AccountConsent has exactly CustomerConsent's fields. */
export const AccountConsent = CustomerConsent;
export type AccountConsent = z.infer<typeof AccountConsent>;
