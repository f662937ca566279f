import { z } from "zod";
import { type CatalogueSection, MdqFields } from "@/server/events/catalogue/shapes";

const MessageBatchPayload = z.strictObject({ message_path: z.string() });

const MdqPayload = z.strictObject({ ...MdqFields });

// Message batches, push-notification tokens and meter data quality.
export const meterDataEvents = {
  "message-batch.received.d0036": { v1: MessageBatchPayload },
  "message-batch.received.d2021": { v1: MessageBatchPayload },
  "messaging.push-notification.token-unregistered": {
    v1: z.strictObject({ token: z.string(), external_provider: z.string() }),
  },
  "meter_data_quality.resolution_cancelled": {
    v1: MdqPayload,
    v2: z.strictObject({ ...MdqFields, source: z.string() }),
  },
  "meter_data_quality.resolution_requested": { v1: MdqPayload },
} as const satisfies CatalogueSection;
