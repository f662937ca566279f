import type { Db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf } from "../../context";

export async function recordAudit(
  tx: Db,
  ctx: Ctx,
  entry: { action: string; entityType: string; entityId: string; details?: Record<string, unknown> },
) {
  await tx
    .insert(auditLog)
    .values({ organisationId: organisationOf(ctx), actor: actorLabel(ctx.actor), details: {}, ...entry });
}
