import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { SerialId } from "../../lib/validators";
import { apiKeys, organisations } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { emit } from "../../events/emit";
import { recordAudit } from "../audit/record-audit";
import { keysChangedHere } from "../../auth/key-cache";

export const InvalidateApiKeyInput = z.strictObject({ keyId: SerialId });

/** Tokens issued for the key stop working at once: every request re-checks the key. */
export async function invalidateApiKey(ctx: Ctx, input: z.input<typeof InvalidateApiKeyInput>) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { keyId } = InvalidateApiKeyInput.parse(input);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ invalidatedAt: sql`now()`, invalidatedBy: actorLabel(ctx.actor) })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organisationId, organisationId), isNull(apiKeys.invalidatedAt)))
      .returning();
    if (!row) throw new ServiceError("not_found", "api_key_not_found", "No active API key with that id.");
    // Every instance forgets its cached keys when the trigger's notification arrives; this one at once.
    keysChangedHere();
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
    await emit(
      tx,
      "api_key.organisation.invalidated",
      "v1",
      {
        organisation_id: organisationId,
        organisation_number: org.number,
        key_id: row.id,
        invalidated_by: actorLabel(ctx.actor),
      },
      { organisationId },
    );
    await recordAudit(tx, ctx, { action: "api_key.invalidated", entityType: "api_key", entityId: String(row.id) });
    return { id: row.id, invalidatedAt: row.invalidatedAt, isLive: row.isLive };
  });
}
