import { sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { accountUsers, customerApiKeys } from "@/db/schema";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "../../auth/api-keys";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { parseOrThrow, ServiceError } from "../../errors";
import { findOwnAccount } from "../accounts/find-own-account";
import { recordAudit } from "../audit/record-audit";
import { normaliseEmail } from "./customer-accounts";

export const IssueCustomerKeyInput = z.strictObject({
  accountNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^A-[0-9A-F]{8}$/, "An account number such as A-1A2B3C4D."),
  email: z.string().trim().max(254).email(),
});
export type IssueCustomerKeyInput = z.infer<typeof IssueCustomerKeyInput>;

/** Operators (and the CLI) only: neither an organisation's script nor a customer issues customer keys. */
export function requireOperator(ctx: Ctx) {
  requireWriter(ctx);
  if (ctx.actor.kind === "organisation")
    throw new ServiceError(
      "forbidden",
      "forbidden",
      "Customer keys are issued by operators in the console or the CLI.",
    );
}

/**
 * A key for one of the account's imported customers (named by e-mail); it reads every
 * account of the organisation naming that e-mail. Shown once, stored as a digest, audited.
 */
export async function issueCustomerKey(ctx: Ctx, input: z.input<typeof IssueCustomerKeyInput>) {
  requireOperator(ctx);
  const organisationId = organisationOf(ctx);
  const { accountNumber, email: given } = parseOrThrow(IssueCustomerKeyInput, input);
  const email = normaliseEmail(given);
  return withTransaction(ctx, async (tx) => {
    const notFound = () =>
      new ServiceError("not_found", "account_not_found", `Account '${accountNumber}' not found.`, {
        errors: [{ detail: "No such account.", code: "account_not_found", attr: "accountNumber" }],
      });
    const { account } = await findOwnAccount(tx, organisationId, accountNumber, { notFound });
    const customer = await execRows<{ id: number }>(
      tx,
      sql`select id from customers where account_id = ${account.id} and lower(btrim(email)) = ${email} limit 1`,
    );
    if (!customer.length) {
      throw new ServiceError(
        "validation",
        "customer_not_on_account",
        `No customer of ${accountNumber} has the e-mail address '${email}'.`,
        { errors: [{ detail: "Not one of the account's customers.", code: "customer_not_on_account", attr: "email" }] },
      );
    }
    const [user] = await tx
      .insert(accountUsers)
      .values({ organisationId, email })
      .onConflictDoUpdate({
        target: [accountUsers.organisationId, accountUsers.email],
        set: { email: sql`excluded.email` },
      })
      .returning();
    const key = generateApiKey();
    const [row] = await tx
      .insert(customerApiKeys)
      .values({
        accountUserId: user.id,
        keyHash: hashApiKey(key),
        prefix: apiKeyPrefix(key),
        createdBy: actorLabel(ctx.actor),
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: "customer_key.created",
      entityType: "account",
      entityId: accountNumber,
      details: { key_id: row.id, email },
    });
    return { id: row.id, key, prefix: row.prefix, email, accountNumber, createdAt: row.createdAt };
  });
}
