import { z } from "zod";
import type { CatalogueSection } from "@/server/events/catalogue/shapes";

const ProcessNumberPayload = z.strictObject({ number: z.string() });

export const collectionsEvents = {
  "collection_proceeding.created": {
    v1: z.strictObject({
      id: z.number().int(),
      account_number: z.string(),
      amount: z.number().int().optional(),
      campaign: z.string().optional(),
      is_white_label: z.boolean(),
      agency_code: z.string(),
    }),
  },
  "collection_process.leave_supplier_instigated": {
    v1: z.strictObject({
      number: z.string(),
      account_number: z.string(),
      leave_supplier_process_number: z.string(),
    }),
  },
  "collection_process.paused": {
    v1: z.strictObject({
      number: z.string(),
      account_number: z.string(),
      source: z.string(),
      active_pause_reasons: z.array(z.string()),
    }),
  },
  "collection_process.raised": {
    v1: z.strictObject({
      number: z.string(),
      account_number: z.string(),
      ledger: z.string().optional(),
      billing_document: z.string().optional(),
      config_code: z.string(),
    }),
  },
  "collection_process.reactivated": { v1: ProcessNumberPayload },
  "collection_process.run_termination_requested": { v1: ProcessNumberPayload },
  "collection_process.unpaused": {
    v1: z.strictObject({
      number: z.string(),
      account_number: z.string(),
      source: z.string(),
    }),
  },
  "collection_process.withdrawn": {
    v1: z.strictObject({
      number: z.string(),
      account_number: z.string(),
      external_reference: z.string(),
    }),
    v2: z.strictObject({ number: z.string(), account_number: z.string() }),
  },
} as const satisfies CatalogueSection;
