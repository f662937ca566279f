import { eq } from "drizzle-orm";
import { z } from "zod";
import { apiKeys, organisations } from "@/db/schema";
import { generateApiKey, apiKeyPrefix, hashApiKey } from "../../auth/api-keys";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { emit } from "../../events/emit";
import { recordAudit } from "../audit/record-audit";

export const IssueApiKeyInput = z.strictObject({});

/** Creates a new live key; the clear key is returned once and only its hash is kept. */
export async function issueApiKey(ctx: Ctx, _input: z.input<typeof IssueApiKeyInput>) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  return withTransaction(ctx, async (tx) => {
    const key = generateApiKey();
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
    const [row] = await tx
      .insert(apiKeys)
      .values({ organisationId, keyHash: hashApiKey(key), prefix: apiKeyPrefix(key), createdBy: actorLabel(ctx.actor) })
      .returning();
    await emit(
      tx,
      "api_key.organisation.created",
      "v1",
      {
        organisation_id: organisationId,
        organisation_number: org.number,
        key_id: row.id,
        created_by: actorLabel(ctx.actor),
      },
      { organisationId },
    );
    await recordAudit(tx, ctx, { action: "api_key.created", entityType: "api_key", entityId: String(row.id) });
    return { id: row.id, key, prefix: row.prefix, createdAt: row.createdAt };
  });
}
