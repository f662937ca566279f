import { z } from "zod";
import { type CatalogueSection, Opaque } from "@/server/events/catalogue/shapes";

const GainInitiatedPayload = z.strictObject({ meter_point_identifier: z.string() });

const exportValidatedV1 = {
  import_mpan: z.string(),
  account_number: z.string(),
  product_code: z.string(),
  manual_declared_net_capacity: z.string(),
  manual_technology_type: z.string(),
  valid_mcs_installations: z.array(Opaque),
  journey_identifier: z.string(),
};

export const industryEvents = {
  "industry.electricity.change_of_energisation.unsolicited_message": {
    v1: z.strictObject({
      mpan: z.string(),
      energisation_status: z.string(),
      effective_from: z.string(),
    }),
  },
  "industry.electricity.change_of_service.meter_deactivated": {
    v1: z.strictObject({
      mpan: z.string(),
      serial_number: z.string(),
      effective_from: z.string(),
    }),
  },
  "industry.electricity.change_of_supply.gain.initiated": { v1: GainInitiatedPayload },
  "industry.gas.change_of_supply.gain.initiated": { v1: GainInitiatedPayload },
  "industry.electricity.change_of_supply.loss.complete": {
    v1: z.strictObject({
      account_number: z.string(),
      mpan: z.string(),
      supply_end_date: z.string(),
      new_supplier_id: z.string(),
    }),
  },
  "industry.electricity.export_installation.validated": {
    v1: z.strictObject(exportValidatedV1),
    v2: z.strictObject({ ...exportValidatedV1, export_mpan: z.string() }),
  },
  "industry.gas.change_of_supply.loss.complete": {
    v1: z.strictObject({
      account_number: z.string(),
      mprn: z.string(),
      supply_end_date: z.string(),
      new_supplier_id: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
