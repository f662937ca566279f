import { z } from "zod";
import { DateStr, Dec, Mprn, Str } from "./fields";
import { GasAgreement } from "./agreement";
import { EnergySmartRefusalInterest, EnergySmartSiteVisit, EnergyTaxExemption } from "./meter-point";
import { GasMeter } from "./meter";

/** Object codes: start_date_later_than_end_date. */
export const GasAnnualQuantity = z.strictObject({
  consumption: Dec(8, 2),
  effective_from: DateStr,
  effective_to: DateStr.nullable().optional(),
  source: Str(255).optional(),
});
export type GasAnnualQuantity = z.infer<typeof GasAnnualQuantity>;
/** Object codes: start_date_later_than_end_date, agreement_start_date_before_supply_start_date, multiple_non_dmex_meters_with_serial_number. */
export const GasMeterPoint = z.strictObject({
  supply_type: z.literal("GAS"),
  agreements: z.array(GasAgreement).optional(),
  aq_history: z.array(GasAnnualQuantity).optional(), // multiple_open_ended_aqs_in_meterpoint_aq_history, gaps_or_overlaps_in_aq_history
  ccl_exemptions: z.array(EnergyTaxExemption).optional(), // multiple_open_ended_tax_exemptions, overlapping_effective_dates_for_tax_exemptions
  dr_in_progress: z.boolean().nullable().optional(), // disputed_read_in_progress
  et_in_progress: z.boolean().nullable().optional(), // erroneous_transfer_not_in_progress
  identifier: Mprn, // invalid_supply_point_identifier
  last_billed_to_date: DateStr.optional(),
  ldz: z
    .enum(["SC", "LC", "LO", "LS", "LT", "LW", "NO", "NE", "NW", "WM", "EM", "EA", "WN", "WS", "NT", "SO", "SE", "SW"])
    .optional(),
  mam_to_appoint: Str(3).nullable().optional(),
  meters: z.array(GasMeter).optional(),
  mpid: Str(4, { blank: false }),
  regular_reading_cycle: z.enum(["CYYY", "CYSS", "CYQS", "CYLM", "CYSM", "CYNM"]).optional(),
  shipper_mpid: Str(3, { blank: false }),
  smart_refusal_interest: EnergySmartRefusalInterest.optional(),
  smart_site_visit: z.array(EnergySmartSiteVisit).optional(),
  supply_end_date: DateStr.nullable().optional(),
  supply_start_date: DateStr,
  vat_exemptions: z.array(EnergyTaxExemption).optional(), // multiple_open_ended_tax_exemptions, overlapping_effective_dates_for_tax_exemptions
});
export type GasMeterPoint = z.infer<typeof GasMeterPoint>;
