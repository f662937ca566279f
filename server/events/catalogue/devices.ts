import { z } from "zod";
import { type CatalogueSection, DevFields, Opaque, Opt } from "@/server/events/catalogue/shapes";

const UploadedFilePayload = z.strictObject({ file_reference: z.string() });

// The device events carry a field that is itself named `payload`.
const FlexDevicePayload = z.strictObject({ ...DevFields, payload: Opaque.optional() });

// Files, devices, goods.
export const devicesEvents = {
  "external_messaging.uploaded_file.safe": { v1: UploadedFilePayload },
  "external_messaging.uploaded_file.unsafe": { v1: UploadedFilePayload },
  "flex_device.deauthenticated": { v1: FlexDevicePayload },
  "flex_device.registered": { v1: FlexDevicePayload },
  "flex_device.disconnected": {
    v1: z.strictObject({
      ...DevFields,
      payload: z.strictObject({ cause: z.string(), disconnected_soc: z.number().int() }),
    }),
  },
  "flex_device.optimisation_created": {
    v1: z.strictObject({ ...DevFields, payload: Opt }),
  },
  "goods.purchase-created": {
    v1: z.strictObject({
      purchase_id: z.number().int(),
      account_id: z.number().int(),
      support_user_id: z.number().int().optional(),
    }),
  },
  "goods.quote.created-for-account": {
    v1: z.strictObject({
      account_number: z.string(),
      market_name: z.string(),
      quote_id: z.number().int(),
      client_params: Opaque,
      lead_id: z.number().int(),
    }),
  },
  "goods.quote.created-without-account": {
    v1: z.strictObject({
      market_name: z.string(),
      quote_id: z.number().int(),
      contact_info: Opaque,
      client_params: Opaque,
      lead_id: z.number().int(),
    }),
  },
  "hh-estimates-from-nhh.saved-to-storage": {
    v1: z.strictObject({
      mpan: z.string(),
      storage_key: z.string(),
      storage_bucket: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
