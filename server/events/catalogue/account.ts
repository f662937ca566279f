import { z } from "zod";
import { type CatalogueSection, Opaque, Prefs } from "@/server/events/catalogue/shapes";

const AccountMetadataPayload = z.strictObject({
  account_number: z.string(),
  key: z.string(),
  value: z.string(),
});

const PeriodMetadataPayload = z.strictObject({
  account_property_effective_period_id: z.number().int(),
  key: z.string(),
  value: z.string(),
});

export const accountEvents = {
  "account.communications_preferences_updated": {
    v1: z.strictObject({ account_number: z.string(), changes: Prefs }),
  },
  "account.created": {
    v1: z.strictObject({
      account_number: z.string(),
      account_user_emails: z.array(z.string()),
      is_imported: z.boolean().optional(),
    }),
  },
  "account.occupied": {
    v1: z.strictObject({ account_number: z.string() }),
  },
  "account.reactivated": {
    v1: z.strictObject({
      account_number: z.string(),
      previous_status: z.string(),
      reactivation_source: z.string(),
    }),
  },
  "account.smart-meter-read-permission-changed": {
    v1: z.strictObject({
      account_number: z.string(),
      old_permission: z.string(),
      new_permission: z.string(),
      effective_from: z.string(),
      changed_by_id: z.string(),
      changed_by_type: z.string(),
    }),
  },
  "account.updated": {
    v1: z.strictObject({
      account_number: z.string(),
      account_user_emails: z.array(z.string()),
      changes: Opaque,
      is_override: z.boolean().optional(),
    }),
  },
  "account_metadata.created": { v1: AccountMetadataPayload },
  "account_metadata.removed": { v1: AccountMetadataPayload },
  "account_metadata.updated": {
    v1: z.strictObject({ account_number: z.string(), changes: Opaque }),
  },
  "account_property_effective_period_metadata.created": { v1: PeriodMetadataPayload },
  "account_property_effective_period_metadata.removed": { v1: PeriodMetadataPayload },
  "account_property_effective_period_metadata.updated": {
    v1: z.strictObject({ account_property_effective_period_id: z.number().int(), changes: Opaque }),
  },
  "actual.intervals.received": {
    v1: z.strictObject({ mpan: z.string(), rebill_from: z.string() }),
  },
  "affiliates.affiliate-account-contract-created": {
    v1: z.strictObject({
      affiliate_account_contract_id: z.number().int(),
      affiliate_contract_id: z.number().int(),
      account_number: z.string(),
      fuel: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
