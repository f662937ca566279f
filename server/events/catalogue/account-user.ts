import { z } from "zod";
import { type CatalogueSection, Opaque, Psr, UserFields } from "@/server/events/catalogue/shapes";

const UserPayload = z.strictObject({ ...UserFields });

const VerificationPayload = z.strictObject({
  user_number: z.string(),
  verification_id: z.number().int(),
  verification_type: z.string(),
});

const UserMetadataPayload = z.strictObject({
  user_id: z.number().int(),
  key: z.string(),
  value: z.string(),
});

export const accountUserEvents = {
  "account_user.created": { v1: UserPayload },
  "account_user.removed": { v1: UserPayload },
  "account_user.updated": {
    v1: z.strictObject({
      ...UserFields,
      changes: Opaque,
      is_override: z.boolean().optional(),
    }),
  },
  "account_user.password_changed": {
    v1: z.strictObject({ user_id: z.number().int() }),
  },
  "account_user.password_reset_requested": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
    }),
  },
  "account_user.psr_records_updated": {
    v1: z.strictObject({
      user_id: z.number().int(),
      created_records: z.array(Psr),
      updated_records: z.array(Psr),
      deleted_records: z.array(Psr),
    }),
  },
  "account_user.verification_completed": { v1: VerificationPayload },
  "account_user.verification_started": { v1: VerificationPayload },
  "account_user_metadata.created": { v1: UserMetadataPayload },
  "account_user_metadata.removed": { v1: UserMetadataPayload },
  "account_user_metadata.updated": {
    v1: z.strictObject({ user_id: z.number().int(), changes: Opaque }),
  },
} as const satisfies CatalogueSection;
