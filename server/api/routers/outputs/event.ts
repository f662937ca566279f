import { z } from "zod";

/** A stored event row as the event log reads it. */
const StoredEventRow = z.object({
  type: z.string(),
  id: z.string(),
  createdAt: z.date(),
  payload: z.record(z.string(), z.unknown()),
  accountNumber: z.string().nullable(),
  seq: z.number(),
  version: z.string(),
  occurredAt: z.date(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  publishedAt: z.date().nullable(),
  rowId: z.string(),
  part: z.number(),
  parts: z.number(),
});

export const EventListOutput = z.object({
  items: z.array(StoredEventRow.extend({ derivedVersions: z.array(z.string()) })),
  nextCursor: z.string().nullable(),
  total: z.number().nullable(),
  totalCapped: z.boolean(),
});

export const EventGetOutput = StoredEventRow.extend({
  derivedVersions: z.array(z.string()),
  envelopes: z.array(
    z.object({
      specversion: z.literal("1.0"),
      id: z.string(),
      source: z.string(),
      type: z.string(),
      time: z.string(),
      subject: z.string().optional(),
      datacontenttype: z.literal("application/json"),
      dataversion: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const EventDeliveryOutput = z.object({
  stream: z.string(),
  bus: z.enum(["nats", "none"]),
  relay: z.enum(["delivering", "disconnected", "stopped"]),
  heartbeatAgeSeconds: z.number().nullable(),
  lastPublishedAt: z.date().nullable(),
  pending: z.number(),
  pendingCap: z.number(),
  oldestPendingAgeSeconds: z.number().nullable(),
});

export const EventCatalogueOutput = z.array(
  z.object({
    type: z.string(),
    version: z.string(),
    domain: z.string(),
    fields: z.array(z.object({ path: z.string(), type: z.string(), required: z.boolean() })),
  }),
);
