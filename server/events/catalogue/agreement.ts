import { z } from "zod";
import { type CatalogueSection, Opaque, Product } from "@/server/events/catalogue/shapes";

const AgreementIdV1 = z.strictObject({ agreement_id: z.number().int() });

const AgreementIdV2 = z.strictObject({
  agreement_id: z.number().int(),
  account_number: z.string(),
});

const agreementUpdatedV1 = {
  agreement_id: z.number().int(),
  changes: Opaque,
  is_override: z.boolean().optional(),
};

export const agreementEvents = {
  "agreement.created": {
    v1: z.strictObject({
      agreement_id: z.number().int(),
      account_number: z.string(),
      valid_from: z.string(),
      product_code: z.string(),
      account_contract_identifier: z.string().optional(),
      business_contract_identifier: z.string().optional(),
    }),
  },
  "agreement.revoked": { v1: AgreementIdV1, v2: AgreementIdV2 },
  "agreement.terminated": { v1: AgreementIdV1, v2: AgreementIdV2 },
  "agreement.updated": {
    v1: z.strictObject(agreementUpdatedV1),
    v2: z.strictObject({ ...agreementUpdatedV1, account_number: z.string() }),
  },
  "agreement.rollover.completed": {
    v1: z.strictObject({
      account_number: z.string(),
      supply_point_id: z.string(),
      expiring_agreement_id: z.number().int(),
      rolled_on_to_agreement_id: z.number().int(),
      new_product: Product,
      rolled_on_to_agreement_valid_from: z.string(),
      rolled_on_to_agreement_valid_to: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
