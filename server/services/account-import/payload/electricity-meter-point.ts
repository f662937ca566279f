import { z } from "zod";
import { DateStr, Dec, Int, Mpan, Str } from "./fields";
import { ElectricityAgreement } from "./agreement";
import { EnergySmartRefusalInterest, EnergySmartSiteVisit, EnergyTaxExemption } from "./meter-point";
import { ElectricityMeter } from "./meter";

export const ElectricityAgentContractReference = z.strictObject({
  agent_mpid: Str(4).nullable().optional(),
  contract_reference: Str(10).optional(),
  is_amr: z.boolean().optional(),
  is_customer_appointed: z.boolean().optional(),
  service_level_reference: Str(4).optional(),
  service_reference: Str(4).optional(),
});
export type ElectricityAgentContractReference = z.infer<typeof ElectricityAgentContractReference>;
export const ElectricityAgents = z.strictObject({
  da_contract: ElectricityAgentContractReference.nullable().optional(),
  dc_contract: ElectricityAgentContractReference.nullable().optional(),
  mop_contract: ElectricityAgentContractReference.nullable().optional(),
});
export type ElectricityAgents = z.infer<typeof ElectricityAgents>;
/** Object codes: start_date_later_than_end_date. */
export const ElectricityCapacityValue = z.strictObject({
  effective_from_date: DateStr,
  effective_to_date: DateStr.optional(),
  value: Dec(5, 2),
});
export type ElectricityCapacityValue = z.infer<typeof ElectricityCapacityValue>;
/** Object codes: start_date_later_than_end_date. */
export const ElectricityConfigurationPeriod = z.strictObject({
  effective_from_date: DateStr,
  effective_to_date: DateStr.optional(),
  energisation_status: z.enum(["E", "D"]).optional(),
  gsp: Str(2).optional(),
  llf: Str(3).optional(),
  measurement_class: z.enum(["A", "B", "C", "D", "E", "F", "G"]).optional(),
  mtc: Int().optional(),
  profile_class: Int().optional(),
  ssc: Str(4).optional(),
});
export type ElectricityConfigurationPeriod = z.infer<typeof ElectricityConfigurationPeriod>;
export const ElectricityEstimatedAnnualConsumption = z.strictObject({
  consumption: Dec(8, 2),
  effective_from: DateStr,
  source: Str(255).optional(),
  tpr: Str(16, { blank: false }),
});
export type ElectricityEstimatedAnnualConsumption = z.infer<typeof ElectricityEstimatedAnnualConsumption>;
/** Object codes: start_date_later_than_end_date, agreement_start_date_before_supply_start_date, multiple_non_dmex_meters_with_serial_number. */
export const ElectricityMeterPoint = z.strictObject({
  supply_type: z.literal("ELECTRICITY"),
  agents: ElectricityAgents.nullable().optional(),
  agreements: z.array(ElectricityAgreement).optional(),
  capacity_values: z.array(ElectricityCapacityValue).optional(),
  ccl_exemptions: z.array(EnergyTaxExemption).optional(), // multiple_open_ended_tax_exemptions, overlapping_effective_dates_for_tax_exemptions
  configuration_periods: z.array(ElectricityConfigurationPeriod).optional(),
  dc_to_appoint: Str(4).nullable().optional().describe("Deprecated."),
  dr_in_progress: z.boolean().nullable().optional(), // disputed_read_in_progress
  eac_history: z.array(ElectricityEstimatedAnnualConsumption).optional(), // repeated_eac_for_tpr
  et_in_progress: z.boolean().nullable().optional(), // erroneous_transfer_not_in_progress
  export_type: z.enum(["IMPORT_EXPORT", "EXPORT_ONLY"]).optional(),
  identifier: Mpan, // invalid_supply_point_identifier
  is_deenergised: z.boolean().optional(),
  last_billed_to_date: DateStr.optional(),
  measurement_class: z.enum(["A", "B", "C", "D", "E", "F", "G"]).optional(),
  meters: z.array(ElectricityMeter).optional(), // meter_with_duplicate_register_ids
  mop_to_appoint: Str(4).nullable().optional().describe("Deprecated."),
  mpid: Str(4, { blank: false }),
  profile_class: Int().optional(),
  regular_reading_cycle: z.enum(["A", "B", "D", "E", "H", "M", "N", "O", "Q", "S", "T", "W", "Z"]).optional(),
  smart_refusal_interest: EnergySmartRefusalInterest.optional(),
  smart_site_visit: z.array(EnergySmartSiteVisit).optional(),
  ssc: Str().optional(),
  supply_end_date: DateStr.nullable().optional(),
  supply_start_date: DateStr,
  vat_exemptions: z.array(EnergyTaxExemption).optional(), // multiple_open_ended_tax_exemptions, overlapping_effective_dates_for_tax_exemptions
});
export type ElectricityMeterPoint = z.infer<typeof ElectricityMeterPoint>;
