import { z } from "zod";
import { type CatalogueSection, ChargePeriod } from "@/server/events/catalogue/shapes";

const documentIssuedV1 = {
  account_number: z.string(),
  billing_document_id: z.number().int(),
  billing_document_identifier: z.string(),
};

const dispatchedV2 = {
  ...documentIssuedV1,
  billing_document_representation_dispatch_id: z.number().int(),
  billing_document_representations_id: z.array(z.number().int()),
};

const DuosInvoicePayload = z.strictObject({ invoice_event_id: z.number().int() });

export const billingDocumentEvents = {
  "billing.billing_document.held": {
    v1: z.strictObject({
      account_number: z.string(),
      document_type: z.string(),
      document_id: z.number().int(),
      document_identifier: z.string(),
      document_uuid: z.string(),
      hold_code: z.string(),
      is_strict: z.boolean(),
      held_at: z.string(),
      held_by_id: z.number().int(),
    }),
  },
  "billing.billing_document.issued": {
    v1: z.strictObject(documentIssuedV1),
    v2: z.strictObject({ ...documentIssuedV1, billing_document_uuid: z.string() }),
  },
  "billing.billing_document_representation.dispatched": {
    v1: z.strictObject(documentIssuedV1),
    v2: z.strictObject(dispatchedV2),
    v3: z.strictObject({ ...dispatchedV2, support_user_id: z.number().int() }),
  },
  "billing.billing_options.updated": {
    v1: z.strictObject({
      account_number: z.string(),
      previous_billing_options_id: z.number().int(),
      new_billing_options_id: z.number().int(),
      support_user_id: z.number().int(),
    }),
  },
  "billing.charging-ledger.assigned-to-agreement": {
    v1: z.strictObject({
      ledger_number: z.string(),
      agreement_id: z.number().int(),
      assigned_at: z.string(),
    }),
  },
  "billing.charging.supply-point.triggered": {
    v1: z.strictObject({ supply_point_id: z.number().int(), charge_period: ChargePeriod }),
  },
  "billing.duos_invoice.cancel": { v1: DuosInvoicePayload },
  "billing.duos_invoice.new": { v1: DuosInvoicePayload },
  "billing.duos_invoice.replace": { v1: DuosInvoicePayload },
  "billing.final_bill": {
    v1: z.strictObject({
      account_number: z.string(),
      account_user_emails: z.array(z.string()),
      statement_id: z.number().int(),
    }),
  },
  "billing.issuance.external_status.created": {
    v1: z.strictObject({
      billing_document_identifier: z.string(),
      status: z.string(),
      status_code: z.string(),
      external_status_id: z.number().int(),
    }),
  },
  "billing.issued_bill": {
    v1: z.strictObject({ account_number: z.string(), statement_id: z.number().int() }),
  },
} as const satisfies CatalogueSection;
