import { z } from "zod";
import { DateStr, Dec, Int, Str } from "./fields";

export const EnergyAddress = z.strictObject({
  county: Str().optional(),
  line1: Str(undefined, { blank: false }),
  line2: Str().optional(),
  postcode: Str(undefined, { blank: false }), // invalid_postcode
  town: Str().optional(),
});
export type EnergyAddress = z.infer<typeof EnergyAddress>;
export const EnergyCreditHold = z.strictObject({
  active_from: DateStr,
  notes: Str().optional(),
  reason: z.enum([
    "HAS_NOMINATED_RECIPIENT",
    "INVOLVED_IN_COO",
    "SWITCH_LOSS",
    "LINKED_TO_WRONG_ACCOUNT",
    "PAID_INCORRECTLY",
    "MIGRATED_IN_DISPUTE",
    "AWAITING_SIGNED_FIT_PLAN",
    "CLOSED_INSTALLATION",
    "NEEDS_MANUAL_PAYMENT",
    "BIENNIAL_DISPUTES",
    "OTHER",
  ]),
});
export type EnergyCreditHold = z.infer<typeof EnergyCreditHold>;
export const EnergyExtension = z.strictObject({
  installed_capacity: Dec(10, 10).optional(),
  reference_number: Int(),
});
export type EnergyExtension = z.infer<typeof EnergyExtension>;
export const EnergyInstallation = z.strictObject({
  address: EnergyAddress.optional(),
  credit_hold: EnergyCreditHold.optional(),
  fit_id: Str(undefined, { blank: false }),
  non_eligible_extensions: z.array(EnergyExtension).optional(),
});
export type EnergyInstallation = z.infer<typeof EnergyInstallation>;
export const EnergyReading = z.strictObject({
  reading_date: DateStr,
  reading_value: Dec(10, 10),
});
export type EnergyReading = z.infer<typeof EnergyReading>;
export const EnergyMeter = z.strictObject({
  extensions: z.array(Str(255)),
  last_billed_to_date: DateStr,
  make: Str().optional(),
  model: Str().optional(),
  mpan: Str().optional(),
  serial_number: Str(undefined, { blank: false }),
  transfer_reading: EnergyReading,
  type: z.enum(["EXPORT", "SUPPLY", "GENERATION"]),
});
export type EnergyMeter = z.infer<typeof EnergyMeter>;
export const EnergyFit = z.strictObject({
  installations: z.array(EnergyInstallation).min(1),
  instruction_reference: Str(512).optional(),
  meters: z.array(EnergyMeter).min(1),
  payment_method: z.enum(["BACS", "CHEQUE", "CHAPS", "FOREIGN_CHAPS"]),
  vat_number: Str().optional(),
  vendor_name: z
    .enum(["STRIPE", "BOTTOMLINE_GLOBAL_PAYMENTS_HUB", "BOTTOMLINE_PTX", "BOTTOMLINE_PTX_BATCHED"])
    .optional(),
});
export type EnergyFit = z.infer<typeof EnergyFit>;
