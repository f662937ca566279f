import { z } from "zod";

export const AuditListOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    actor: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.date(),
  })),
  nextCursor: z.string().nullable(),
});
