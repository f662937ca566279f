import { z } from "zod";
import {
  type CatalogueSection,
  Consent,
  MembershipC,
  MembershipR,
  Period,
  SigningId,
  Trait,
  Version,
} from "@/server/events/catalogue/shapes";

const ConsentPayload = z.strictObject({ signing_identity: SigningId, consent: Consent });

// Consents and contract groups.
export const consentsEvents = {
  "consents.consent.created": { v1: ConsentPayload },
  "consents.consent.updated": { v1: ConsentPayload },
  "consents.settlement-granularity.changed": {
    v1: z.strictObject({
      mpan: z.string(),
      granularity_value: z.string(),
      effective_from: z.string(),
    }),
  },
  "contract-groups.created": {
    v1: z.strictObject({
      contract_group_identifier: z.string(),
      group_type: z.string(),
      valid_from: z.string(),
      valid_to: z.string().optional(),
      managing_party_identifier: z.string().optional(),
      external_identifier: z.string().optional(),
      name: z.string().optional(),
      memberships: z.array(MembershipC),
      traits: z.array(Trait),
    }),
  },
  "contract-groups.memberships-changed": {
    v1: z.strictObject({
      contract_group_identifier: z.string(),
      memberships_started: z.array(MembershipR),
      memberships_ended: z.array(MembershipR),
    }),
  },
  "contract-groups.version-created": {
    v1: z.strictObject({
      contract_group_identifier: z.string(),
      effective_period: Period,
      superseded_versions: z.array(Version),
      created_versions: z.array(Version),
    }),
  },
} as const satisfies CatalogueSection;
