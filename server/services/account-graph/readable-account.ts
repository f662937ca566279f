import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { Ctx } from "../../context";
import { customerEmailOf, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findOwnAccount } from "../accounts/find-own-account";
import { readableAccountSql } from "../customers/customer-accounts";

export type ReadableAccount = { id: number; number: string; transferBalance: string | null };

export const accountNotReadable = (accountNumber: string) =>
  new ServiceError("not_found", "account_not_found", `Account '${accountNumber}' not found or not yours to read.`);

/**
 * The account if the caller may read it: the organisation's own, and for a customer only
 * one naming their e-mail. Otherwise accountNotReadable, so another's account reads exactly like a missing one.
 */
export async function findReadableAccount(db: Db, ctx: Ctx, accountNumber: string): Promise<ReadableAccount> {
  const number = accountNumber.trim().toUpperCase().replaceAll("\0", "\uFFFD");
  const key = { number, customerEmail: customerEmailOf(ctx) };
  const { account } = await findOwnAccount(db, organisationOf(ctx), key, {
    notFound: () => accountNotReadable(accountNumber),
  });
  return { id: account.id, number: account.number, transferBalance: account.transferBalance };
}

/** A customer's accounts (viewer.accounts); an organisation key or console user is not an account user and has none. */
export async function listViewerAccounts(ctx: Ctx): Promise<{ number: string }[]> {
  if (ctx.actor.kind !== "customer") return [];
  return execRows<{ number: string }>(
    ctx.db,
    sql`select a.number from accounts a where ${readableAccountSql(ctx.actor, organisationOf(ctx))} order by a.number`,
  );
}
