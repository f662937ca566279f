import { z } from "zod";
import { type CatalogueSection, Opaque } from "@/server/events/catalogue/shapes";

const transcriptionFields = {
  account_number: z.string(),
  call_id: z.number().int(),
  call_key: z.string(),
  transcript_key: z.string(),
  redacted_transcript_key: z.string(),
  bucket: z.string(),
};

// Communications, plus complex quoting which the documents file under the same heading.
export const commsEvents = {
  "comms.account-call.updated": {
    v1: z.strictObject({ ...transcriptionFields, changes: Opaque }),
  },
  "comms.customer_email_bounced": {
    v1: z.strictObject({
      account_number: z.string(),
      user_id: z.number().int(),
      message_id: z.number().int(),
      template_code: z.string(),
      bounced_at: z.string(),
    }),
  },
  "comms.push-notification.received-unregistered-or-expired-token": {
    v1: z.strictObject({ push_notification_binding_id: z.number().int() }),
  },
  "comms.transcription.created": {
    v1: z.strictObject(transcriptionFields),
  },
  "complex_quoting.cost_calculation_finished": {
    v1: z.strictObject({
      quote_configuration_number: z.string(),
      succeeded: z.boolean(),
      triggered_by_id: z.number().int(),
    }),
  },
} as const satisfies CatalogueSection;
