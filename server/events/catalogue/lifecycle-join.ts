import { z } from "zod";
import {
  type CatalogueSection,
  ContractRefs,
  EnrSp,
  JoinActSp,
  JoinAgr,
  JoinBaseFields,
  JoinInitSp,
  JoinSp,
  SupplyPeriod,
} from "@/server/events/catalogue/shapes";

const AwaitFlowStepPayload = z.strictObject({ ...JoinBaseFields, subtype: z.string() });

const JoinSupplyPointsPayload = z.strictObject({
  ...JoinBaseFields,
  subtype: z.string(),
  supply_points: z.array(JoinSp),
});

const PaymentInstructionsStepPayload = z.strictObject({
  join_supplier_process_id: z.number().int(),
  join_supplier_process_number: z.string(),
  account_number: z.string(),
});

// Enrollment and join-supplier. The catalogue has only v2 of some of these types.
export const lifecycleJoinEvents = {
  "lifecycle.enrollment.loyalty-points-qualification-reversed": {
    v1: z.strictObject({
      join_supplier_process_number: z.string(),
      account_number: z.string(),
      supply_points_no_longer_coming_on_supply: z.array(EnrSp),
      all_supply_points: z.array(EnrSp),
    }),
  },
  "lifecycle.enrollment.supply-status-qualifies-account-for-loyalty-point": {
    v2: z.strictObject({
      join_supplier_process_id: z.number().int(),
      join_supplier_process_number: z.string(),
      account_number: z.string(),
      supply_points_past_ssd: z.array(EnrSp),
      all_supply_points: z.array(EnrSp),
    }),
  },
  "lifecycle.join-supplier.activation.completed": {
    v1: z.strictObject({
      ...JoinBaseFields,
      subtype: z.string(),
      activation_journey_type: z.string(),
      supply_point: JoinActSp,
    }),
  },
  "lifecycle.join-supplier.activation.initiated": {
    v1: z.strictObject({
      ...JoinBaseFields,
      subtype: z.string(),
      activation_journey_type: z.string(),
      supply_point: JoinInitSp,
    }),
  },
  "lifecycle.join-supplier.agreement.created": {
    v1: z.strictObject({
      ...JoinBaseFields,
      supply_point: JoinActSp,
      agreements: z.array(JoinAgr),
      contract_references: ContractRefs,
    }),
  },
  "lifecycle.join-supplier.await-post-activation-flow-step.initiated": { v1: AwaitFlowStepPayload },
  "lifecycle.join-supplier.await-pre-activation-flow-step.initiated": { v1: AwaitFlowStepPayload },
  "lifecycle.join-supplier.await-pre-discovery-flow-step.initiated": { v1: AwaitFlowStepPayload },
  "lifecycle.join-supplier.cancellation-requested": { v1: JoinSupplyPointsPayload },
  "lifecycle.join-supplier.cancelled": { v1: JoinSupplyPointsPayload },
  "lifecycle.join-supplier.reversal-requested": { v1: JoinSupplyPointsPayload },
  "lifecycle.join-supplier.reversed": { v1: JoinSupplyPointsPayload },
  "lifecycle.join-supplier.completed": {
    v1: z.strictObject({
      ...JoinBaseFields,
      subtype: z.string(),
      supply_points: z.array(JoinActSp),
    }),
  },
  "lifecycle.join-supplier.requested": {
    v1: z.strictObject({
      ...JoinBaseFields,
      subtype: z.string(),
      supply_points: z.array(JoinSp),
      requested_at: z.string(),
    }),
  },
  "lifecycle.join-supplier.supply-period.created": {
    v1: z.strictObject({
      ...JoinBaseFields,
      supply_point: JoinActSp,
      supply_period: SupplyPeriod,
      contract_references: ContractRefs,
    }),
  },
  "lifecycle.join-supplier.supply-point-journey-await-post-activation-flow-step.initiated": {
    v1: z.strictObject({ ...JoinBaseFields, supply_point: JoinActSp, subtype: z.string() }),
  },
  "lifecycle.join-supplier.supply-point-journey-await-pre-activation-flow-step.initiated": {
    v1: z.strictObject({ ...JoinBaseFields, supply_point: JoinSp, subtype: z.string() }),
  },
  "lifecycle.join_supplier._ensure_payment_instructions.step_completed": {
    v2: PaymentInstructionsStepPayload,
  },
  "lifecycle.join_supplier._ensure_payment_instructions.step_initiated": {
    v2: PaymentInstructionsStepPayload,
  },
  "lifecycle.join_supplier.terms-and-conditions.accepted": {
    v2: z.strictObject({
      join_supplier_process_id: z.number().int(),
      join_supplier_process_number: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
