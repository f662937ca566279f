import { z } from "zod";
import { type CatalogueSection, Opaque } from "@/server/events/catalogue/shapes";

const runFields = { run_id: z.string(), account_number: z.string() };

const RunStartedPayload = z.strictObject(runFields);

const RunCompletedPayload = z.strictObject({
  ...runFields,
  fees_applied_count: z.number().int(),
  fees_unapplied_count: z.number().int(),
});

const stageFields = { funnel_code: z.string(), stage: z.string() };

// Company, late-payment fees, leads.
export const companyEvents = {
  "internal_company.created": {
    v1: z.strictObject({
      id: z.string(),
      actor: Opaque,
      displayable_number: z.string(),
      name: z.string(),
      primary_registration_number: z.string(),
      secondary_registration_number: z.string(),
      primary_tax_identifier_number: z.string(),
      legal_address: Opaque,
    }),
  },
  late_payment_fee_application_service_started: { v1: RunStartedPayload },
  late_payment_fee_calculation_service_started: { v1: RunStartedPayload },
  late_payment_fee_calculator_started: { v1: RunStartedPayload },
  late_payment_fee_application_service_completed: { v1: RunCompletedPayload },
  late_payment_fee_calculator_completed: { v1: RunCompletedPayload },
  late_payment_fee_application_service_fee_applied: {
    v1: z.strictObject({
      ...runFields,
      fee_amount: z.number().int(),
      fee_date: z.string(),
      fee_type: z.string().optional(),
      charge_id: z.string(),
    }),
  },
  late_payment_fee_calculation_service_completed: {
    v1: z.strictObject({ ...runFields, fees_calculated_count: z.number().int() }),
  },
  late_payment_fee_calculator_fee_applied: {
    v1: z.strictObject({ ...runFields, charge_id: z.string() }),
  },
  late_payment_fee_waived: {
    v1: z.strictObject({
      fee_id: z.number().int(),
      waived_at: z.string(),
      support_user_id: z.number().int(),
    }),
  },
  "leads.lead.stage-updated": {
    v1: z.strictObject({ lead_number: z.string(), ...stageFields }),
  },
  "leads.opportunity.document-attached-to-opportunity": {
    v1: z.strictObject({
      opportunity_number: z.string(),
      attachment_id: z.number().int(),
      category: z.string(),
    }),
  },
  "leads.opportunity.offer-group.created": {
    v2: z.strictObject({ opportunity_number: z.string(), offer_group_identifier: z.string() }),
  },
  "leads.opportunity.stage-updated": {
    v1: z.strictObject({
      opportunity_number: z.string(),
      ...stageFields,
      updated_by_user_id: z.number().int().optional(),
    }),
  },
} as const satisfies CatalogueSection;
