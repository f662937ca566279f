import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditLog } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { CursorInput, decodeCursor, encodeCursor, PageDirection } from "../../lib/keyset";

export const ListAuditInput = z.strictObject({
  entityType: z.string().max(50).optional(),
  entityId: z.string().max(200).optional(),
  cursor: CursorInput,
  limit: z.number().int().min(1).max(200).default(50),
  /** Sent by infinite queries; pages only run towards older entries. */
  direction: PageDirection,
});
export type ListAuditInput = z.input<typeof ListAuditInput>;

/** Who changed what and when, newest first, for the organisation (optionally one entity). */
export async function listAudit(ctx: Ctx, raw: ListAuditInput) {
  const organisationId = organisationOf(ctx);
  const input = ListAuditInput.parse(raw);
  const where: SQL[] = [eq(auditLog.organisationId, organisationId)];
  if (input.entityType) where.push(eq(auditLog.entityType, input.entityType));
  if (input.entityId) where.push(eq(auditLog.entityId, input.entityId));
  const cursor = decodeCursor(input.cursor);
  if (cursor) where.push(lt(auditLog.id, cursor.id));
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ organisationId: _o, ...r }) => r),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ v: null, id: last.id }) : null,
  };
}
