import { z } from "zod";

// Shared shapes of document 2 (account.* to industry.gas.*). Braced shapes are strict
// objects; unbraced ones (USER, DEV, DEP, RPER) are field lists that payloads spread in.

/** `O` in the documents: an object whose inner structure is not shown. */
export const Opaque = z.record(z.string(), z.unknown());

export const Psr = z.strictObject({
  description: z.string(),
  electricity_industry_code: z.string(),
  gas_industry_code: z.string(),
});

export const Prefs = z.strictObject({
  requires_postal_comms: z.array(z.boolean()).optional(),
  preferred_language_for_comms: z.array(z.string()).optional(),
  document_accessibility: z.array(z.string()).optional(),
});

export const UserFields = {
  user_id: z.number().int(),
  user_email: z.string(),
  user_number: z.string(),
  linked_accounts: z.array(Opaque),
  user_identifiers: Opaque.optional(),
  initiator_type: z.string().optional(),
  is_customer_initiated: z.boolean().optional(),
};

export const Amend = z.strictObject({
  type: z.string(),
  identifier: z.string(),
  effective_from: z.string(),
  effective_to: z.string(),
});

export const ContractJourney = z.strictObject({
  number: z.string(),
  type: z.string(),
  requested_at: z.string(),
});

export const SubjectContractJourney = z.strictObject({
  number: z.string(),
  subject_number: z.string(),
});

export const Ledger = z.strictObject({
  account: z.strictObject({ number: z.string() }),
  number: z.string(),
  id: z.string().optional(),
});

const entryFlags = {
  is_charge: z.boolean(),
  is_credit: z.boolean(),
  is_payment: z.boolean(),
  is_repayment: z.boolean(),
  is_reversal: z.boolean(),
  is_reversed: z.boolean(),
};

export const Entry = z.strictObject({
  id: z.number().int(),
  ...entryFlags,
  source_id: z.number().int().optional(),
  source_type: z.string().optional(),
});

export const EntryRemoval = z.strictObject({
  id: z.number().int(),
  amount: z.number().int(),
  ...entryFlags,
  source_reason: z.string(),
});

export const ChargePeriod = z.strictObject({ start_at: z.string(), end_at: z.string() });

export const Product = z.strictObject({
  code: z.string(),
  market_name: z.string(),
  brand_code: z.string(),
});

export const MembershipC = z.strictObject({
  contract_identifier: z.string(),
  valid_from: z.string(),
  valid_to: z.string().optional(),
});

export const MembershipR = z.strictObject({
  contract_identifier: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
});

export const Trait = z.strictObject({ identifier: z.string(), type: z.string(), data: Opaque });

export const Period = z.strictObject({ start: z.string(), end: z.string() });

export const Version = z.strictObject({
  identifier: z.string(),
  effective_period: Period,
  system_period: Period,
  traits: z.array(Trait),
});

export const SigningId = z.strictObject({ identity_type: z.string(), identity: z.string() });

export const Consent = z.strictObject({
  id: z.number().int(),
  consent_type_code: z.string(),
  value: z.string(),
  signed_at: z.string(),
});

export const Dispatch = z.strictObject({
  begin: z.string(),
  end: z.string(),
  power: z.number().int(),
});

export const Opt = z.strictObject({
  dispatches: z.array(Dispatch),
  achievable_target_soc: z.number().int(),
  energy_capacity: z.number().int(),
  start_soc: z.number().int(),
  user_target_soc: z.number().int(),
  optimization_begin: z.string(),
  optimization_end: z.string(),
  is_reoptimization: z.boolean(),
  force_v1g_charging: z.boolean(),
  fleet_id: z.string(),
});

export const DevFields = {
  account_number: z.string(),
  property_id: z.number().int(),
  device_id: z.string(),
  site_id: z.string(),
  device_type: z.string(),
};

export const DepFields = {
  deposit_key: z.string(),
  reason: z.string(),
  amount: z.number().int(),
  account_number: z.string(),
  ledger_identifier: z.string(),
};

export const RperFields = {
  account_number: z.string(),
  rebate_period_id: z.number().int(),
  rebate_type: z.string(),
  effective_from: z.string(),
  effective_to: z.string(),
};

// Defined in document 2 although no event there references them.

export const Payment = z.strictObject({
  id: z.number().int(),
  amount: z.number().int(),
  payment_date: z.string(),
  description: z.string(),
  failure_reason: z.string().optional(),
});

export const PayLedger = z.strictObject({
  account: z.strictObject({ number: z.string() }),
  id: z.string().optional(),
});

export const HouseAccount = z.strictObject({ number: z.string(), external_reference: z.string() });

export const HouseSupplyPoint = z.strictObject({
  id: z.string(),
  industry: z.string().optional(),
  tariff_code: z.string().optional(),
  tariff_payment_method: z.string().optional(),
});

export const MhhsMeterPoint = z.strictObject({ id: z.number().int(), mpan: z.string() });
