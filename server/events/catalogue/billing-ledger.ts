import { z } from "zod";
import {
  type CatalogueSection,
  Entry,
  EntryRemoval,
  Ledger,
  Opaque,
  RperFields,
} from "@/server/events/catalogue/shapes";

const LedgerOnlyPayload = z.strictObject({ ledger: Ledger });

const RebateApplicationPayload = z.strictObject({
  ...RperFields,
  is_application_accepted: z.boolean(),
});

// Ledger entries, pathway traversals and rebates.
export const billingLedgerEvents = {
  "billing.ledger.entry_posted": {
    v1: LedgerOnlyPayload,
    v2: z.strictObject({ ledger: Ledger, entry: Entry }),
  },
  "billing.ledger.entry_removed": {
    v1: LedgerOnlyPayload,
    v2: z.strictObject({ ledger: Ledger, entry: EntryRemoval }),
  },
  "billing.pathway_traversal.failed": {
    v1: z.strictObject({
      pathway_id: z.string(),
      traversal_attempt_id: z.number().int(),
      traversal_attempt_context: Opaque,
      trigger_id: z.number().int(),
      failed_action_name: z.string(),
      failed_action_error: z.string(),
      failed_at: z.string(),
    }),
  },
  "billing.pathway_traversal.succeeded": {
    v1: z.strictObject({
      pathway_id: z.string(),
      traversal_attempt_id: z.number().int(),
      trigger_id: z.number().int(),
      succeeded_at: z.string(),
    }),
  },
  "billing.rebate.accepted": { v1: z.strictObject({ ...RperFields }) },
  "billing.rebate.created": { v1: RebateApplicationPayload },
  "billing.rebate.updated": { v1: RebateApplicationPayload },
  "billing.rebate.declined": {
    v1: z.strictObject({ ...RperFields, decline_reason: z.string() }),
  },
} as const satisfies CatalogueSection;
