import { z } from "zod";

// Shared shapes of document 3 (ink.* to meterpoint.gas.*), messaging and lifecycle part.
// Unbraced shapes (CONV, BUCKET, ...) are field lists that payloads spread in.

export const InkMsg = z.strictObject({
  relay_id: z.string(),
  vendor_id: z.string(),
  channel: z.string(),
  occurred_at: z.string(),
});

export const InkMsgV = z.strictObject({
  relay_id: z.string(),
  vendor: z.string(),
  vendor_id: z.string(),
  channel: z.string(),
  occurred_at: z.string(),
});

export const InkFail = z.strictObject({
  type: z.string(),
  reason: z.string(),
  occurred_at: z.string(),
});

export const InkConv = z.strictObject({
  conversation_relay_id: z.string(),
  account_number: z.string(),
  message: InkMsg,
});

export const InkContent = z.strictObject({
  from_address: z.string().optional(),
  subject: z.string().optional(),
  to_addresses: z.array(z.string()).optional(),
  tags: z.array(z.string()),
});

export const InkMsgContent = z.strictObject({
  message_id: z.number().int(),
  occurred_at: z.string(),
  channel: z.string(),
  content: InkContent,
});

export const InkAction = z.strictObject({
  code: z.string(),
  succeeded: z.boolean(),
  stop_further_evaluation: z.boolean(),
});

export const ConvFields = {
  conversation_id: z.number().int(),
  conversation_relay_id: z.string(),
  account_number: z.string(),
  latest_contacted_account_user_number: z.string(),
  support_user_id: z.number().int(),
  actor_type: z.string(),
  actor_id: z.number().int(),
  organisation_id: z.number().int(),
};

export const BucketFields = {
  conversation_relay_id: z.string(),
  bucket_relay_id: z.string(),
  support_user_id: z.number().int(),
  organisation_id: z.number().int(),
  actor_type: z.string(),
  actor_id: z.number().int(),
};

export const TimelineFields = {
  conversation_relay_id: z.string(),
  timeline_relay_id: z.string(),
  support_user_id: z.number().int(),
};

export const EnrSp = z.strictObject({
  market_name: z.string(),
  external_identifier: z.string(),
  confirmed_ssd: z.string(),
  was_cancelled: z.boolean(),
});

export const JoinActSp = z.strictObject({
  external_identifier: z.string(),
  market_name: z.string(),
  confirmed_supply_start_date: z.string(),
});

export const JoinInitSp = z.strictObject({ external_identifier: z.string(), market_name: z.string() });

export const JoinSp = z.strictObject({
  external_identifier: z.string(),
  market_name: z.string(),
  requested_supply_start_date: z.string(),
});

export const JoinAgr = z.strictObject({
  id: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string(),
  product_code: z.string(),
});

export const ContractRefs = z.strictObject({
  account_contract_identifier: z.string().optional(),
  business_contract_identifier: z.string().optional(),
});

export const SupplyPeriod = z.strictObject({
  id: z.number().int(),
  supply_start_at: z.string(),
  supply_end_at: z.string(),
});

export const LeaveSp = z.strictObject({
  market_identifier: z.string(),
  external_identifier: z.string(),
  market_name: z.string(),
});

export const LeaveTerm = z.strictObject({
  external_identifier: z.string(),
  market_name: z.string(),
  confirmed_supply_end_date: z.string(),
});

export const LeaveInit = z.strictObject({
  external_identifier: z.string(),
  market_name: z.string(),
  requested_supply_end_date: z.string(),
});

export const JoinBaseFields = {
  account_number: z.string(),
  join_supplier_process_number: z.string(),
};

export const LeaveBaseFields = {
  account_number: z.string(),
  leave_supplier_process_id: z.number().int(),
  leave_supplier_process_number: z.string(),
};

export const LeaveUpdFields = {
  supply_points: z.array(LeaveSp),
  requested_supply_end_at: z.string(),
  requested_supply_end_date: z.string(),
  is_passive: z.boolean(),
  passive_loss_instigated_supply_point_id: z.number().int().optional(),
};
