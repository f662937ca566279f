import { z } from "zod";
import {
  type CatalogueSection,
  LeaveBaseFields,
  LeaveInit,
  LeaveSp,
  LeaveTerm,
  LeaveUpdFields,
} from "@/server/events/catalogue/shapes";

const leaveProcessFields = {
  account_number: z.string(),
  leave_supplier_process_number: z.string(),
};

const AwaitFlowStepPayload = z.strictObject({ ...leaveProcessFields, subtype: z.string() });

const LeaveSupplyPointsPayload = z.strictObject({
  ...LeaveBaseFields,
  supply_points: z.array(LeaveSp),
});

const SupplyPointJourneyPayload = z.strictObject({
  ...leaveProcessFields,
  supply_point: LeaveSp,
  subtype: z.string(),
});

const requestedV2 = {
  account_number: z.string(),
  leave_supplier_process_id: z.number().int(),
  leave_supplier_process_subtype: z.string(),
  supply_points: z.array(LeaveSp),
  requested_supply_end_at: z.string(),
  requested_supply_end_date: z.string(),
  requested_at: z.string(),
  is_passive: z.boolean(),
  passive_loss_instigated_supply_point_id: z.number().int().optional(),
};

const updatedV2 = {
  account_number: z.string(),
  leave_supplier_process_id: z.number().int(),
  leave_supplier_process_subtype: z.string(),
  ...LeaveUpdFields,
  updated_at: z.string(),
};

// Leave-supplier and status. The catalogue has only v2 or v3 of several of these types.
export const lifecycleLeaveEvents = {
  "lifecycle.leave-supplier.await-post-deactivation-flow-step.initiated": {
    v1: AwaitFlowStepPayload,
  },
  "lifecycle.leave-supplier.await-post-termination-flow-step.initiated": {
    v1: AwaitFlowStepPayload,
  },
  "lifecycle.leave-supplier.await-pre-termination-flow-step.initiated": {
    v1: AwaitFlowStepPayload,
  },
  "lifecycle.leave-supplier.cancellation-requested": { v2: LeaveSupplyPointsPayload },
  "lifecycle.leave-supplier.cancelled": { v2: LeaveSupplyPointsPayload },
  "lifecycle.leave-supplier.reversal-requested": { v2: LeaveSupplyPointsPayload },
  "lifecycle.leave-supplier.completed": {
    v3: z.strictObject({
      ...LeaveBaseFields,
      leave_supplier_process_subtype: z.string(),
      supply_points: z.array(LeaveTerm),
    }),
  },
  "lifecycle.leave-supplier.requested": {
    v2: z.strictObject(requestedV2),
    v3: z.strictObject({ ...requestedV2, leave_supplier_process_number: z.string() }),
  },
  "lifecycle.leave-supplier.supply-point-journey-await-post-termination-flow-step.initiated": {
    v1: z.strictObject({ ...leaveProcessFields, supply_point: LeaveTerm, subtype: z.string() }),
  },
  "lifecycle.leave-supplier.supply-point-journey-await-pre-agreement-termination-flow-step.initiated": {
    v1: SupplyPointJourneyPayload,
  },
  "lifecycle.leave-supplier.supply-point-journey-await-pre-termination-flow-step.initiated": {
    v1: SupplyPointJourneyPayload,
  },
  "lifecycle.leave-supplier.termination.confirmed": {
    v2: z.strictObject({
      ...LeaveBaseFields,
      leave_supplier_process_subtype: z.string(),
      supply_point: LeaveTerm,
    }),
  },
  "lifecycle.leave-supplier.termination.initiated": {
    v1: z.strictObject({
      ...leaveProcessFields,
      leave_supplier_process_subtype: z.string(),
      supply_point: LeaveInit,
    }),
  },
  "lifecycle.leave-supplier.updated": {
    v2: z.strictObject(updatedV2),
    v3: z.strictObject({ ...updatedV2, leave_supplier_process_number: z.string() }),
  },
  "lifecycle.status-changed": {
    v1: z.strictObject({
      process_number: z.string(),
      account_number: z.string(),
      new_status: z.string(),
      previous_status: z.string(),
    }),
  },
  // The only version in the catalogue not spelled `vN`.
  "lifecycle.support-site.sale": {
    "1.0.0": z.strictObject({
      support_user_id: z.string(),
      supply_start_date: z.string(),
      trigger_action: z.string(),
    }),
  },
  "loyalty-points.user-role-removal": {
    v1: z.strictObject({ user_id: z.number().int(), account_id: z.number().int() }),
  },
  "markets.change_of_supplier.loss.initiated": {
    v1: z.strictObject({
      market_name: z.string(),
      external_identifier: z.string(),
      supply_end_date: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
