import { z } from "zod";
import { DateStr, Dec, JsonObject, Str } from "./fields";

/** Object codes: start_date_same_as_end_date. */
export const EnergyTaxExemption = z.strictObject({
  effective_from: DateStr,
  effective_to: DateStr.optional(),
  rate: Dec(1, 2),
});
export type EnergyTaxExemption = z.infer<typeof EnergyTaxExemption>;
export const EnergySmartRefusalInterest = z.strictObject({
  date: DateStr,
  refusal_reason: z
    .enum([
      "DO_NOT_OWN_HOME",
      "TECHNOLOGY_SCEPTICAL",
      "WORRIED_SECURITY",
      "WORRIED_HEALTH_SAFETY",
      "NEGATIVE_PUBLICITY",
      "WORRIED_ABOUT_USAGE_COST",
      "ALREADY_HAS_SMART_METER",
      "HOUSE_MOVE_IMMINENT",
      "SWITCH_IMMINENT",
      "MORE_INFORMATION_REQUIRED",
      "IS_LANDLORD",
      "CANNOT_SEE_BENEFIT",
      "WAIT_UNTIL_IT_IS_COMPULSORY",
      "VULNERABILITY",
      "WORRIED_ABOUT_SMART_METERS",
      "WORRIED_ABOUT_INSTALLATION",
      "PROPERTY_NOT_OCCUPIED",
      "CANNOT_ATTEND_APPOINTMENT",
    ])
    .optional(),
  source: z.enum(["WEBSITE", "EMAIL", "OTHER"]).optional(),
  type: z.enum(["NOT_INTERESTED", "INTERESTED", "NOT_AT_THE_MOMENT"]),
});
export type EnergySmartRefusalInterest = z.infer<typeof EnergySmartRefusalInterest>;
export const EnergySmartSiteVisit = z.strictObject({
  additional_data: JsonObject.optional(),
  appointment_notes: Str(2048).optional(),
  date: DateStr,
  metering_agent: z.enum([
    "GENERIC_AGENT",
    "TTE_FACILITA",
    "SMS",
    "AES",
    "OES",
    "PROVIDOR",
    "MDS",
    "EON_METERING",
    "LOWRI_BECK",
    "METERPLUS",
    "ENTERPRISE_MANAGED",
    "MIDS_ELEC",
    "N_POWERGRID",
    "ELEC_NW",
    "NATIONAL_GRID",
    "SGN",
    "ENERGY_ASSETS",
    "SIEMENS",
    "LONDON",
    "SWEB",
    "ECM",
    "OESL",
    "EDF_FIELD",
    "ESSENTIAL_FIELD",
    "ESSENTIAL_WATER_FIELD",
    "IFS",
    "SAP",
  ]),
  reference_number: Str(1024, { blank: false }),
  status: z.enum(["CANCELLED", "ABORTED", "SUCCESSFUL"]),
  work_category: z.enum([
    "IHD_INSTALL",
    "NEW_CONNECTION",
    "REMOVE",
    "EXCHANGE",
    "OTHER",
    "MOVE",
    "CONFIRM_METER_DETAILS",
    "ENERGISE",
    "DE_ENERGISE",
    "INVESTIGATE_FAULT",
  ]),
});
export type EnergySmartSiteVisit = z.infer<typeof EnergySmartSiteVisit>;
