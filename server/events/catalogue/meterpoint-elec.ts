import { z } from "zod";
import type { CatalogueSection } from "@/server/events/catalogue/shapes";

export const meterpointElecEvents = {
  "meterpoint.elec.cos_gain.registration.requested": {
    v1: z.strictObject({
      mpan: z.string(),
      supply_start_date: z.string(),
      supplier_mpid: z.string(),
      account_number: z.string(),
      is_internal_transfer: z.boolean(),
      is_migrated: z.boolean(),
      is_export: z.boolean(),
    }),
  },
} as const satisfies CatalogueSection;
