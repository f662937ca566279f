import { z } from "zod";
import { DateStr, DateTimeStr, Dec, Str, TimeStr } from "./fields";

export const ElectricityBespokeRegisterRate = z.strictObject({
  rate_type: z
    .enum([
      "STANDARD",
      "ECO7_DAY",
      "ECO7_NIGHT",
      "OFF_PEAK",
      "PEAK",
      "WEEKDAY",
      "OFF_PEAK_WEEKENDS",
      "WEEKENDS_OTHER",
      "SUMMER",
      "SUMMER_PEAK",
      "SUMMER_OFF_PEAK",
      "WINTER",
      "WINTER_PEAK",
      "WINTER_OFF_PEAK",
      "NUCLEAR_RAB",
      "SUMMER_WEEKENDS_OFF_PEAK_WINTER",
      "TNUOS",
      "CAPACITY_MARKET",
      "HMC_GUARANTEE_ADVANCE",
      "HMC_GUARANTEE_FULL",
      "EV_DEVICE",
      "EV_DEVICE_PEAK",
      "EV_DEVICE_OFF_PEAK",
    ])
    .optional(),
  register_id: Str(32).optional(),
  start_time: TimeStr.optional(),
  unit_rate: Dec(7, 5),
});
export type ElectricityBespokeRegisterRate = z.infer<typeof ElectricityBespokeRegisterRate>;
export const ElectricityBespokeElectricityTariffRate = z.strictObject({
  meter_serial_number: Str(32).optional(),
  payment_method: z.enum(["DD", "NDD", "PP"]).nullable().optional(),
  registers: z.array(ElectricityBespokeRegisterRate),
  standing_charge: Dec(7, 5),
});
export type ElectricityBespokeElectricityTariffRate = z.infer<typeof ElectricityBespokeElectricityTariffRate>;
export const SalesChannelCharacteristic = z.strictObject({
  code: z.enum(["sales_channel"]),
  value: z.enum([
    "PARTNERSHIPS",
    "NEW_TENANT",
    "MOVE_IN",
    "DIRECT",
    "DEBT_COLLECTION_AGENCY",
    "DIGI_TELESALES",
    "LANDLORD",
    "ACQUISITION",
    "TELESALES",
    "FIELD_SALES",
    "HIGH_REFERRER",
    "WORKS_WITH_OCTOPUS",
    "PARENT_POWER",
    "WORKPLACE_POP_UP",
    "GIFT_OF_KIT",
    "PEOPLE_POWER",
    "AGGREGATOR",
    "PRICE_COMPARISON",
    "SUPPLIER_OF_LAST_RESORT",
    "EVENTS",
    "BROKER",
  ]),
});
export type SalesChannelCharacteristic = z.infer<typeof SalesChannelCharacteristic>;
export const GbrElectricityPaymentMethodCharacteristic = z.strictObject({
  code: z.enum(["gbr-electricity.payment-method"]),
  value: z.enum(["NON_DIRECT_DEBIT", "PREPAYMENT", "DIRECT_DEBIT"]),
});
export type GbrElectricityPaymentMethodCharacteristic = z.infer<typeof GbrElectricityPaymentMethodCharacteristic>;
export const GbrElectricityMeterRateProfileCharacteristic = z.strictObject({
  code: z.enum(["gbr-electricity.meter-rate-profile"]),
  value: z.enum(["flat_rate", "multi_rate"]),
});
export type GbrElectricityMeterRateProfileCharacteristic = z.infer<typeof GbrElectricityMeterRateProfileCharacteristic>;
export const GbrGasMeterPointGridSupplyPointEquivalentCharacteristic = z.strictObject({
  code: z.enum(["gbr-gas.meter-point-grid-supply-point-equivalent"]),
  value: z.enum(["_E", "_H", "_D", "_M", "_A", "_F", "_K", "_P", "_C", "_L", "_N", "_B", "_J", "_G"]),
});
export type GbrGasMeterPointGridSupplyPointEquivalentCharacteristic = z.infer<
  typeof GbrGasMeterPointGridSupplyPointEquivalentCharacteristic
>;
export const GbrGasPaymentMethodCharacteristic = z.strictObject({
  code: z.enum(["gbr-gas.payment-method"]),
  value: z.enum(["NON_DIRECT_DEBIT", "PREPAYMENT", "DIRECT_DEBIT"]),
});
export type GbrGasPaymentMethodCharacteristic = z.infer<typeof GbrGasPaymentMethodCharacteristic>;
export const ProductCharacteristic = z.discriminatedUnion("code", [
  SalesChannelCharacteristic,
  GbrElectricityPaymentMethodCharacteristic,
  GbrElectricityMeterRateProfileCharacteristic,
  GbrGasMeterPointGridSupplyPointEquivalentCharacteristic,
  GbrGasPaymentMethodCharacteristic,
]);
export type ProductCharacteristic = z.infer<typeof ProductCharacteristic>;
export const AgreementIntermediaryDetails = z.strictObject({
  external_id: Str(255).nullable().optional(),
  portfolio_number: Str(undefined, { blank: false }),
});
export type AgreementIntermediaryDetails = z.infer<typeof AgreementIntermediaryDetails>;
export const RateOverride = z.strictObject({
  rate_band: Str(255, { blank: false }),
  unit_price: Dec(10, 10),
});
export type RateOverride = z.infer<typeof RateOverride>;
/** The fields ElectricityAgreement and GasAgreement share (production's two schemas differ only in their bespoke rates). */
const AGREEMENT = {
  agreed_at: DateTimeStr.nullable().optional(),
  business_contract_identifier: Str().nullable().optional(),
  characteristics: z.array(ProductCharacteristic).nullable().optional(),
  effective_from: DateStr,
  effective_to: DateStr.nullable().optional(),
  intermediary: AgreementIntermediaryDetails.nullable().optional(),
  rate_overrides: z.array(RateOverride).nullable().optional(),
  rates_agreed_at: DateTimeStr.nullable().optional(),
  tariff_code: Str(undefined, { blank: false }), // tariff_code_not_found
};

/** Object codes: start_date_later_than_end_date. */
export const ElectricityAgreement = z.strictObject({
  ...AGREEMENT,
  bespoke_tariff_rates: z.array(ElectricityBespokeElectricityTariffRate).optional(),
});
export type ElectricityAgreement = z.infer<typeof ElectricityAgreement>;
export const GasBespokeGasTariffRate = z.strictObject({
  meter_serial_number: Str(32).optional(),
  payment_method: z.enum(["DD", "NDD", "PP"]).nullable().optional(),
  standing_charge: Dec(7, 5),
  unit_rate: Dec(7, 5),
});
export type GasBespokeGasTariffRate = z.infer<typeof GasBespokeGasTariffRate>;
/** Object codes: start_date_later_than_end_date. */
export const GasAgreement = z.strictObject({
  ...AGREEMENT,
  bespoke_tariff_rates: z.array(GasBespokeGasTariffRate).optional(),
});
export type GasAgreement = z.infer<typeof GasAgreement>;
