import { z } from "zod";
import { type CatalogueSection, Opaque } from "@/server/events/catalogue/shapes";

export const approvalsEvents = {
  "approvals.approval.approved": {
    v1: z.strictObject({
      approval_id: z.string(),
      process_type: z.string(),
      process_data: Opaque,
      approved_at: z.string(),
    }),
  },
  "approvals.approval.created": {
    v1: z.strictObject({
      approval_id: z.string(),
      process_type: z.string(),
      requested_at: z.string(),
      assigned_to_id: z.number().int(),
      requested_by_id: z.number().int(),
    }),
  },
  "approvals.approval.rejected": {
    v1: z.strictObject({
      approval_id: z.string(),
      process_type: z.string(),
      process_data: Opaque,
      rejected_at: z.string(),
    }),
  },
  "approvals.approval_request.approved": {
    v1: z.strictObject({
      approval_id: z.string(),
      process_type: z.string(),
      request_id: z.string(),
      approved_by_id: z.number().int(),
      approved_at: z.string(),
      approval_reason: z.string(),
    }),
  },
  "approvals.approval_request.assigned": {
    v1: z.strictObject({
      approval_id: z.string(),
      process_type: z.string(),
      request_id: z.string(),
      assigned_to_id: z.number().int(),
      assigned_at: z.string(),
    }),
  },
  "approvals.approval_request.rejected": {
    v1: z.strictObject({
      approval_id: z.string(),
      process_type: z.string(),
      request_id: z.string(),
      rejected_by_id: z.number().int(),
      rejection_reason: z.string(),
      rejected_at: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
