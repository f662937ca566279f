import { z } from "zod";
import {
  BucketFields,
  type CatalogueSection,
  ConvFields,
  InkAction,
  InkMsgContent,
  TimelineFields,
} from "@/server/events/catalogue/shapes";

const BucketPayload = z.strictObject({ ...BucketFields });

const TimelinePayload = z.strictObject({ ...TimelineFields });

const ConversationPayload = z.strictObject({ ...ConvFields });

export const inkConversationEvents = {
  "ink.actions.run": {
    v1: z.strictObject({
      conversation_relay_id: z.string(),
      message_relay_id: z.string(),
      actions_results: z.array(InkAction),
    }),
  },
  "ink.content.inbound-message-tagged": {
    v1: z.strictObject({
      conversation_id: z.number().int(),
      conversation_relay_id: z.string(),
      account_number: z.string(),
      message: InkMsgContent,
    }),
  },
  "ink.conversation.assigned_to_bucket": { v1: BucketPayload },
  "ink.conversation.unassigned_from_bucket": { v1: BucketPayload },
  "ink.conversation.assigned_to_timeline": { v1: TimelinePayload },
  "ink.conversation.unassigned_from_timeline": { v1: TimelinePayload },
  "ink.conversation.await_customer_reply": { v1: ConversationPayload },
  "ink.conversation.opened": { v1: ConversationPayload },
  "ink.conversation.closed": {
    v1: z.strictObject({ ...ConvFields, closed_at: z.string(), reason: z.string() }),
  },
  "ink.conversation.open_status_changed": {
    v1: z.strictObject({ ...ConvFields, new_status: z.string(), previous_status: z.string() }),
  },
  "ink.conversation.priority.changed": {
    v1: z.strictObject({
      conversation_id: z.number().int(),
      conversation_relay_id: z.string(),
      old_priority: z.number(),
      new_priority: z.number(),
      prioritized_at: z.string(),
      message_id: z.number().int(),
      message_relay_id: z.string(),
      account_number: z.string(),
      latest_contacted_account_user_number: z.string(),
      support_user_id: z.number().int(),
      organisation_id: z.number().int(),
    }),
  },
  "ink.conversation.snoozed": {
    v1: z.strictObject({
      ...ConvFields,
      snoozed_to: z.string(),
      ink_note_relay_id: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
