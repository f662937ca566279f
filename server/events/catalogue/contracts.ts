import { z } from "zod";
import {
  Amend,
  type CatalogueSection,
  ContractJourney,
  SubjectContractJourney,
} from "@/server/events/catalogue/shapes";

const contractFields = { contract_identifier: z.string(), occurred_at: z.string() };

const ContractOccurredPayload = z.strictObject(contractFields);

const JourneyStartedPayload = z.strictObject({
  contract_journey: ContractJourney,
  ...contractFields,
  subject_contract_journeys: z.array(SubjectContractJourney),
});

export const contractsEvents = {
  "contracts.actualized": {
    v1: z.strictObject({
      ...contractFields,
      version_reference: z.number().int(),
      for_subjects: z.array(z.string()),
    }),
  },
  "contracts.created": {
    v1: z.strictObject({ ...contractFields, sales_record_identifier: z.string().optional() }),
  },
  "contracts.expired": {
    v1: z.strictObject({ ...contractFields, valid_to: z.string() }),
  },
  "contracts.expiry-approaching": {
    v1: z.strictObject({ ...contractFields, days_before_expiry: z.number().int() }),
  },
  "contracts.journeys.creation.started": { v1: JourneyStartedPayload },
  "contracts.journeys.termination.started": { v1: JourneyStartedPayload },
  "contracts.journeys.variation.started": {
    v1: z.strictObject({ contract_journey: ContractJourney, ...contractFields }),
  },
  "contracts.rescinded": { v1: ContractOccurredPayload },
  "contracts.revoked": { v1: ContractOccurredPayload },
  "contracts.terminated": { v1: ContractOccurredPayload },
  "contracts.terms-varied": { v1: ContractOccurredPayload },
  "contracts.subject-amended": {
    v1: z.strictObject({
      ...contractFields,
      added: z.array(Amend),
      updated: z.array(Amend),
      removed: z.array(Amend),
    }),
  },
} as const satisfies CatalogueSection;
