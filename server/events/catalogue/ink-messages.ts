import { z } from "zod";
import { type CatalogueSection, InkConv, InkFail, InkMsg, InkMsgV } from "@/server/events/catalogue/shapes";

const LiveChatPayload = z.strictObject({ live_chat_conversation: InkConv });

const AttachmentPayload = z.strictObject({
  filename: z.string(),
  storage_key: z.string(),
  storage_bucket: z.string(),
  size_in_bytes: z.number().int(),
});

const MessagePayload = z.strictObject({
  conversation_relay_id: z.string(),
  account_number: z.string(),
  message: InkMsg,
});

// Live chat, attachments and messages.
export const inkMessagesEvents = {
  "ink.live-chat.closed": {
    v1: z.strictObject({
      live_chat_conversation_relay_id: z.string(),
      close_reason: z.string(),
      account_number: z.string().optional(),
    }),
  },
  "ink.live-chat.initiated": { v1: LiveChatPayload },
  "ink.live-chat.messages.outbound-message-created": { v1: LiveChatPayload },
  "ink.message_attachment.safe": { v1: AttachmentPayload },
  "ink.message_attachment.unsafe": { v1: AttachmentPayload },
  "ink.messages.inbound-email-migration": {
    v1: z.strictObject({
      message_id: z.string(),
      storage_key: z.string(),
      storage_bucket: z.string(),
    }),
  },
  "ink.messages.inbound-message-created": { v1: MessagePayload },
  "ink.messages.outbound-message-created": { v1: MessagePayload },
  "ink.messages.phishing-report-dismissed": { v1: MessagePayload },
  "ink.messages.reported-phishing": { v1: MessagePayload },
  "ink.messages.reported-spam": { v1: MessagePayload },
  "ink.messages.spam-report-dismissed": { v1: MessagePayload },
  "ink.messages.inbound-message-ingested": {
    v1: z.strictObject({
      channel: z.string(),
      vendor: z.string(),
      vendor_id: z.string(),
      message_relay_id: z.string(),
    }),
  },
  "ink.messages.outbound-message-failed": {
    v1: z.strictObject({
      conversation_relay_id: z.string(),
      message: InkMsgV,
      failure: InkFail,
    }),
  },
} as const satisfies CatalogueSection;
