import { sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf, withTransaction } from "../../context";
import { parseOrThrow, ServiceError } from "../../errors";

export const ListCustomerKeysInput = z.strictObject({ accountNumber: z.string().trim().toUpperCase() });

export type CustomerKeySummary = {
  id: number;
  email: string;
  prefix: string;
  createdBy: string;
  createdAt: string;
  invalidatedAt: string | null;
  lastUsedAt: string | null;
};

/** Keys of the account's customers (by e-mail), newest first; never the key itself. */
export async function listCustomerKeys(
  ctx: Ctx,
  input: z.input<typeof ListCustomerKeysInput>,
): Promise<CustomerKeySummary[]> {
  if (ctx.actor.kind === "customer" || ctx.actor.kind === "organisation")
    throw new ServiceError("forbidden", "forbidden", "Customer keys are managed in the console or the CLI.");
  const organisationId = organisationOf(ctx);
  const { accountNumber } = parseOrThrow(ListCustomerKeysInput, input);
  return withTransaction(ctx, async (tx) => {
    const rows = await execRows<{
      id: number;
      email: string;
      prefix: string;
      created_by: string;
      created_at: Date | string;
      invalidated_at: Date | string | null;
      last_used_at: Date | string | null;
    }>(
      tx,
      sql`select k.id, u.email, k.prefix, k.created_by, k.created_at, k.invalidated_at, k.last_used_at
          from customer_api_keys k join account_users u on u.id = k.account_user_id
          where u.organisation_id = ${organisationId}
            and u.email in (select lower(btrim(c.email)) from customers c join accounts a on a.id = c.account_id
                            join import_suppliers s on s.id = a.supplier_id
                            where a.number = ${accountNumber} and s.organisation_id = ${organisationId})
          order by k.id desc`,
    );
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    return rows.map((r) => ({
      id: Number(r.id),
      email: r.email,
      prefix: r.prefix,
      createdBy: r.created_by,
      createdAt: iso(r.created_at)!,
      invalidatedAt: iso(r.invalidated_at),
      lastUsedAt: iso(r.last_used_at),
    }));
  });
}
