import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { Ctx } from "../../context";
import { organisationOf } from "../../context";
import { readableAccountSql } from "../customers/customer-accounts";

export type ReadableAccount = { id: number; number: string; transferBalance: string | null };

/**
 * The account if the caller may read it: the organisation's own, and for a customer only
 * one naming their e-mail. Null otherwise, so another's account reads exactly like a missing one.
 */
export async function findReadableAccount(db: Db, ctx: Ctx, accountNumber: string): Promise<ReadableAccount | null> {
  const organisationId = organisationOf(ctx);
  const number = accountNumber.trim().toUpperCase().replaceAll("\0", "\uFFFD");
  const rows = await execRows<{ id: number; number: string; transfer_balance: string | null }>(
    db,
    sql`select a.id, a.number, a.transfer_balance from accounts a where a.number = ${number} and ${readableAccountSql(ctx.actor, organisationId)}`,
  );
  return rows[0] ? { id: Number(rows[0].id), number: rows[0].number, transferBalance: rows[0].transfer_balance } : null;
}

/** A customer's accounts (viewer.accounts); an organisation key or console user is not an account user and has none. */
export async function listViewerAccounts(ctx: Ctx): Promise<{ number: string }[]> {
  if (ctx.actor.kind !== "customer") return [];
  return execRows<{ number: string }>(
    ctx.db,
    sql`select a.number from accounts a where ${readableAccountSql(ctx.actor, organisationOf(ctx))} order by a.number`,
  );
}
