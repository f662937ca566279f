import { z } from "zod";
import { Opaque } from "@/server/events/catalogue/shapes-account-to-industry";

// Shared shapes of document 3, meter-point part. Its PRODUCT is document 2's shape, so it
// is not redefined. MDQ, MAM_BASE and DISPUTE are field lists that payloads spread in.

export const MdqFields = {
  issue_id: z.number().int(),
  issue_category: z.string(),
  issue_subcategory: z.string(),
  issue_status: z.string(),
  market_supply_point_id: z.string(),
  opened_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  reading_type: z.string(),
  utility: z.string(),
};

export const MamBaseFields = {
  mprn: z.string(),
  mam_to_appoint: z.string(),
  force_appointment: z.boolean(),
  owner: Opaque,
  model: z.string(),
  manufacturer: z.string(),
  manufactured_year: z.number().int(),
  location: z.string(),
  location_description: z.string(),
  status: z.string(),
  meter_type: z.string(),
  meter_mechanism: z.string(),
};

export const DisputeFields = {
  mprn: z.string(),
  supplier: z.string(),
  reference_number: z.number().int(),
  transfer_date: z.string(),
  initiating_organisation: z.string(),
  io_contact_name: z.string(),
  recipient_organisation: z.string(),
  ro_contact_name: z.string(),
  meter_serial: z.string(),
  meter_digits: z.number().int(),
  house_name_number: z.string(),
  postcode: z.string(),
  disputed_reading: z.number().int(),
  disputed_reading_is_actual: z.boolean(),
  proposed_reading: z.number().int(),
  proposed_reading_is_actual: z.boolean(),
  status_response: z.string(),
  root_cause: z.string(),
  rejection_acceptance_code: z.string(),
  criteria: z.string(),
  comments: z.string(),
  is_gain: z.boolean(),
};

// METER, REGISTER and REMOVED_METER are defined although no event references them.

export const Register = z.strictObject({
  register_id: z.string(),
  register_type: z.string(),
  measurement_quantity: z.string(),
  multiplier: z.string(),
  digits: z.number().int(),
  is_main: z.boolean(),
  associated_meter_serial: z.string(),
  associated_register_id: z.string(),
});

export const Meter = z.strictObject({
  serial_number: z.string(),
  current_rating: z.number().int(),
  location: z.string(),
  make_and_type: z.string(),
  meter_asset_provider_mpid: z.string(),
  meter_type: z.string(),
  retrieval_method: z.string(),
  retrieval_method_effective_from: z.string(),
  meter_cop: z.string(),
  meter_cop_dispensation: z.string(),
  communications_address: z.string(),
  communications_method: z.string(),
  vt_ratio: z.string(),
  installation_date: z.string(),
  timing_device_id: z.string(),
  is_tele_switch: z.boolean(),
  ct_ratio: z.string(),
  registers: z.array(Register),
});

export const RemovedMeter = z.strictObject({
  serial_number: z.string(),
  date_of_removal: z.string(),
  meter_asset_provider_mpid: z.string(),
});
