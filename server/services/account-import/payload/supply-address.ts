import { z } from "zod";
import { DateStr, DateTimeStr, DeliveryPointIdentifier, Email, Phone, Postcode, Str } from "./fields";
import { Metadata } from "./common";
import { ElectricityMeterPoint } from "./electricity-meter-point";
import { GasMeterPoint } from "./gas-meter-point";

export const MeterPoint = z.discriminatedUnion("supply_type", [ElectricityMeterPoint, GasMeterPoint]);
export type MeterPoint = z.infer<typeof MeterPoint>;
/** Object codes: start_date_later_than_end_date. */
export const PropertyAdministrator = z.strictObject({
  address1: Str(512).optional().describe("Deprecated."),
  address2: Str(512).optional().describe("Deprecated."),
  address3: Str(512).optional().describe("Deprecated."),
  address4: Str(512).optional().describe("Deprecated."),
  address5: Str(512).optional().describe("Deprecated."),
  billing_name: Str(255).optional(),
  date_of_birth: DateStr.nullable().optional(),
  deceased: z.enum(["Reported", "Confirmed", ""]).optional(),
  effective_from: DateTimeStr.nullable().optional(),
  effective_to: DateTimeStr.nullable().optional(),
  email: Email(254).nullable().optional(),
  family_name: Str(255).optional(),
  given_name: Str(255).nullable().optional(),
  landline: Phone.nullable().optional(), // invalid_phone_number
  mobile: Phone.nullable().optional(), // invalid_phone_number
  postcode: Postcode(10).optional(),
  role: z.enum(["LANDLORD", "PROPERTY_DEVELOPER"]).optional(),
  salutation: Str(128).nullable().optional(),
  title: Str(20).nullable().optional(),
});
export type PropertyAdministrator = z.infer<typeof PropertyAdministrator>;
/** Object codes: invalid_address, multiple_property_administrators. */
export const EnergyLegacySupplyAddress = z.strictObject({
  customer_at_supply_address_from_date: DateStr,
  customer_at_supply_address_to_date: DateStr.nullable().optional(),
  is_landlord: z.boolean().optional(),
  label: Str(255).optional(),
  metadata: z.array(Metadata).optional(),
  meter_points: z.array(MeterPoint), // duplicate_meter_points_provided
  primary_place_of_residence_since: DateStr.optional(),
  property_administrators: z.array(PropertyAdministrator).optional(),
  property_external_identifier: Str(255).optional(),
  supply_address1: Str(512, { blank: false }),
  supply_address2: Str(512).optional(),
  supply_address3: Str(512).optional(),
  supply_address4: Str(512).optional(),
  supply_address5: Str(512).optional(),
  supply_delivery_point_identifier: DeliveryPointIdentifier.optional(), // invalid_delivery_point_identifier
  supply_postcode: Postcode(10), // invalid_postcode
});
export type EnergyLegacySupplyAddress = z.infer<typeof EnergyLegacySupplyAddress>;
