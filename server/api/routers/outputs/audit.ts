import { z } from "zod";

/** One audit entry as the console lists it. */
export const AuditEntry = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.date(),
});

/** A page of audit entries (the audit log, a supplier's history). */
export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() });

export const AuditListOutput = AuditPage;
