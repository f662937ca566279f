import { z } from "zod";
import { type CatalogueSection, DisputeFields } from "@/server/events/catalogue/shapes";

const DisputePayload = z.strictObject({ ...DisputeFields });

// Disputed-reading events: all v1, all with the DISPUTE payload. The catalogue stops at
// `disputed_opening_reading.alternative_proposed.by_us`; later types are not shown.
export const meterpointGasDisputeEvents = {
  "meterpoint.gas.disputed_closing_reading.accepted.by_us": { v1: DisputePayload },
  "meterpoint.gas.disputed_closing_reading.accepted.other_supplier": { v1: DisputePayload },
  "meterpoint.gas.disputed_closing_reading.alternative_proposed.by_us": { v1: DisputePayload },
  "meterpoint.gas.disputed_closing_reading.alternative_proposed.other_supplier": {
    v1: DisputePayload,
  },
  "meterpoint.gas.disputed_closing_reading.queried.by_us": { v1: DisputePayload },
  "meterpoint.gas.disputed_closing_reading.started.by_us": { v1: DisputePayload },
  "meterpoint.gas.disputed_closing_reading.started.other_supplier": { v1: DisputePayload },
  "meterpoint.gas.disputed_opening_reading.accepted.by_us": { v1: DisputePayload },
  "meterpoint.gas.disputed_opening_reading.accepted.other_supplier": { v1: DisputePayload },
  "meterpoint.gas.disputed_opening_reading.alternative_proposed.by_us": { v1: DisputePayload },
} as const satisfies CatalogueSection;
