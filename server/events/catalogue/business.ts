import { z } from "zod";
import { type CatalogueSection, Opaque } from "@/server/events/catalogue/shapes";

// Business, campaigns, charging.
export const businessEvents = {
  "business.created": {
    v1: z.strictObject({ id: z.number().int() }),
  },
  "business.updated": {
    v1: z.strictObject({ id: z.number().int(), changes: Opaque }),
  },
  "business_operations_team.updated": {
    v1: z.strictObject({ id: z.number().int(), operations_team_id: z.number().int() }),
  },
  "campaign_account.added": {
    v1: z.strictObject({
      account_number: z.string(),
      campaign_name: z.string(),
      campaign_slug: z.string().optional(),
      campaign_expiry_date: z.string().optional(),
      campaign_account_expiry_date: z.string().optional(),
    }),
  },
  "campaign_account.removed": {
    v1: z.strictObject({
      account_number: z.string(),
      campaign_name: z.string(),
      campaign_slug: z.string().optional(),
    }),
  },
  "campaign_account.updated": {
    v1: z.strictObject({
      account_number: z.string(),
      campaign_name: z.string(),
      campaign_slug: z.string().optional(),
      changes: Opaque,
    }),
  },
  "charging.priming.errored": {
    v1: z.strictObject({
      errors: z.array(z.string()),
      supply_point_id: z.string(),
      period_start: z.string(),
      period_end: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
