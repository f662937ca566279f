import { z } from "zod";
import { type CatalogueSection, Opaque } from "@/server/events/catalogue/shapes";

// API keys and API exceptions.
export const apiKeyEvents = {
  "api_key.account_user.created": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      key_id: z.number().int(),
      created_by: z.string(),
    }),
  },
  "api_key.account_user.invalidated": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      key_id: z.number().int(),
      invalidated_by: z.string(),
    }),
  },
  "api_key.organisation.created": {
    v1: z.strictObject({
      organisation_id: z.number().int(),
      organisation_number: z.string(),
      key_id: z.number().int(),
      created_by: z.string(),
    }),
  },
  "api_key.organisation.invalidated": {
    v1: z.strictObject({
      organisation_id: z.number().int(),
      organisation_number: z.string(),
      key_id: z.number().int(),
      invalidated_by: z.string(),
    }),
  },
  "api_key.organisation.rolled": {
    v1: z.strictObject({
      organisation_id: z.number().int(),
      organisation_number: z.string(),
      is_live: z.boolean(),
      rolled_by: z.string(),
    }),
  },
  "apis.api_exception.context_updated": {
    v1: z.strictObject({
      external_identifier: z.string(),
      previous_context_id: z.number().int(),
    }),
  },
  "apis.api_exception.updated": {
    v1: z.strictObject({
      external_identifier: z.string(),
      changes: Opaque,
      account_number: z.string().optional(),
    }),
  },
} as const satisfies CatalogueSection;
