import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { accountUsers, customerApiKeys } from "@/db/schema";
import { SerialId } from "../../lib/validators";
import { type Ctx, actorLabel, organisationOf, withTransaction } from "../../context";
import { parseOrThrow, ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { requireOperator } from "./issue-customer-key";

export const RevokeCustomerKeyInput = z.strictObject({
  keyId: SerialId,
  accountNumber: z.string().trim().toUpperCase().optional(),
});

/** The key and every token and refresh token issued from it stop working at once (each request re-checks the key). */
export async function revokeCustomerKey(ctx: Ctx, input: z.input<typeof RevokeCustomerKeyInput>) {
  requireOperator(ctx);
  const organisationId = organisationOf(ctx);
  const { keyId, accountNumber } = parseOrThrow(RevokeCustomerKeyInput, input);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(customerApiKeys)
      .set({ invalidatedAt: sql`now()`, invalidatedBy: actorLabel(ctx.actor) })
      .where(
        and(
          eq(customerApiKeys.id, keyId),
          isNull(customerApiKeys.invalidatedAt),
          sql`${customerApiKeys.accountUserId} in (select id from ${accountUsers} where ${accountUsers.organisationId} = ${organisationId})`,
        ),
      )
      .returning();
    if (!row) throw new ServiceError("not_found", "customer_key_not_found", "No active customer key with that id.");
    const [user] = await tx.select().from(accountUsers).where(eq(accountUsers.id, row.accountUserId));
    await recordAudit(tx, ctx, {
      action: "customer_key.revoked",
      entityType: "account",
      entityId: accountNumber ?? user.email,
      details: { key_id: row.id, email: user.email },
    });
    return { id: row.id, invalidatedAt: row.invalidatedAt };
  });
}
