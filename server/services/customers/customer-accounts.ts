import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../context";

/**
 * The accounts an actor may read, as a condition on an accounts row aliased `a`: an
 * organisation's own accounts, and for a customer only those whose imported customers[]
 * carry the customer's e-mail (ADR 0207).
 */
export function readableAccountSql(actor: Actor, organisationId: number): SQL {
  const own = sql`exists (select 1 from import_suppliers s where s.id = a.supplier_id and s.organisation_id = ${organisationId})`;
  if (actor.kind !== "customer") return own;
  return sql`${own} and a.id in (select c.account_id from customers c where lower(btrim(c.email)) = ${actor.email})`;
}

/** An e-mail as account users are keyed: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
