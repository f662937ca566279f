import { z } from "zod";
import { DateStr, Dec, Int, MeterSerialNumber, Str, Tpr } from "./fields";

export const EnergyPrepaymentDetails = z.strictObject({
  credit_balance: Dec(10, 10),
  debt_balance: Dec(10, 10),
  transfer_vend_read_date: DateStr,
});
export type EnergyPrepaymentDetails = z.infer<typeof EnergyPrepaymentDetails>;
export const HistoricalReading = z.strictObject({
  billed: z.boolean(),
  reading_date: DateStr,
  reading_type: z.enum(["CUSTOMER", "ESTIMATE", "ROUTINE", "SMART", "REGULAR"]),
  reading_value: Dec(10, 10),
  register_id: Str(32).optional(),
  validation_status: z.enum(["VALIDATED", "UNVALIDATED", "FAILED"]).optional(),
});
export type HistoricalReading = z.infer<typeof HistoricalReading>;
export const ElectricityRegister = z.strictObject({
  is_settlement: z.boolean().optional(),
  last_billed_to_date: DateStr.optional(),
  number_of_digits: Int(1, 15),
  register_id: Str(32, { blank: false }),
  tpr: Tpr.optional(), // tpr_not_found
});
export type ElectricityRegister = z.infer<typeof ElectricityRegister>;
export const Reading = z.strictObject({
  reading_date: DateStr,
  reading_type: z.enum(["CUSTOMER", "ESTIMATE", "ROUTINE", "SMART", "REGULAR"]),
  reading_value: Dec(10, 10),
  register_id: Str(32).optional(),
});
export type Reading = z.infer<typeof Reading>;
/** Object codes: smart_details_provided_for_non_smart_meter, prepay_details_on_non_prepay_meter, electricity_prepay_meter_without_customer_reference_number, reading_register_id_not_recognised, reading_without_register_id, historical_reading_register_id_not_recognised. */
export const ElectricityMeter = z.strictObject({
  installed_on: DateStr.nullable().optional(),
  is_prepay: z.boolean().optional(),
  meter_serial_number: MeterSerialNumber, // blank, invalid_meter_serial_number
  prepay_customer_reference_number: Str(20).optional(),
  prepay_details: EnergyPrepaymentDetails.optional(),
  reading_history: z.array(HistoricalReading).optional(),
  registers: z.array(ElectricityRegister).optional(), // registers_have_duplicate_tprs
  removed_on: DateStr.nullable().optional(),
  smart_commissioned_on: DateStr.nullable().optional(), // future_smart_meter_commission_date
  smart_device_id: Str().nullable().optional(),
  smart_type: z.enum(["NONE", "SMETS1", "SMETS1_ENROLLED", "SMETS2"]).optional(),
  transfer_readings: z.array(Reading).optional(),
});
export type ElectricityMeter = z.infer<typeof ElectricityMeter>;
export const GasPrepayDebtRepaymentOptions = z.strictObject({
  weekly_max: Dec(10, 10).optional(),
  weekly_min: Dec(10, 10).optional(),
});
export type GasPrepayDebtRepaymentOptions = z.infer<typeof GasPrepayDebtRepaymentOptions>;
export const GasPrepaymentDetails = z.strictObject({
  credit_balance: Dec(10, 10),
  debt_balance: Dec(10, 10),
  gas_debt_repayment_options: GasPrepayDebtRepaymentOptions.optional(),
  transfer_vend_read_date: DateStr,
});
export type GasPrepaymentDetails = z.infer<typeof GasPrepaymentDetails>;
/** Object codes: smart_details_provided_for_non_smart_meter, prepay_details_on_non_prepay_meter. */
export const GasMeter = z.strictObject({
  gas_number_of_digits: Int(1, 15),
  installed_on: DateStr.nullable().optional(),
  is_prepay: z.boolean().optional(),
  last_billed_to_date: DateStr.optional(),
  meter_serial_number: MeterSerialNumber, // blank, invalid_meter_serial_number
  prepay_customer_reference_number: Str(20).optional(),
  prepay_details: GasPrepaymentDetails.optional(),
  reading_history: z.array(HistoricalReading).optional(),
  removed_on: DateStr.nullable().optional(),
  smart_commissioned_on: DateStr.nullable().optional(), // future_smart_meter_commission_date
  smart_device_id: Str().nullable().optional(),
  smart_type: z.enum(["NONE", "SMETS1", "SMETS1_ENROLLED", "SMETS2"]).optional(),
  transfer_readings: z.array(Reading).optional(),
  units_of_measure: z.enum(["SCFH", "SCMH"]).optional(),
});
export type GasMeter = z.infer<typeof GasMeter>;
