import { eq } from "drizzle-orm";
import { z } from "zod";
import { SerialId } from "../../lib/validators";
import { organisations } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { emit } from "../../events/emit";
import { invalidateApiKey } from "./invalidate-api-key";
import { issueApiKey } from "./issue-api-key";

export const RollApiKeyInput = z.strictObject({ keyId: SerialId });

/** Replaces a key with a new one in one transaction: never a moment with neither. */
export async function rollApiKey(ctx: Ctx, input: z.input<typeof RollApiKeyInput>) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const { keyId } = RollApiKeyInput.parse(input);
  return withTransaction(ctx, async (tx, txCtx) => {
    const old = await invalidateApiKey(txCtx, { keyId });
    const fresh = await issueApiKey(txCtx, {});
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
    await emit(
      tx,
      "api_key.organisation.rolled",
      "v1",
      {
        organisation_id: organisationId,
        organisation_number: org.number,
        is_live: old.isLive,
        rolled_by: actorLabel(ctx.actor),
      },
      { organisationId },
    );
    return fresh;
  });
}
