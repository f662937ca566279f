import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountUsers, customerApiKeys } from "@/db/schema";
import type { Actor } from "../context";
import { hashApiKey, stampKeyUse } from "./api-keys";

export type CustomerActor = Extract<Actor, { kind: "customer" }>;

/** A live customer key by its clear value, or null. */
export async function findCustomerKey(db: Db, key: string) {
  const [row] = await db
    .select({
      id: customerApiKeys.id,
      prefix: customerApiKeys.prefix,
      lastUsedAt: customerApiKeys.lastUsedAt,
      accountUserId: accountUsers.id,
      organisationId: accountUsers.organisationId,
      email: accountUsers.email,
    })
    .from(customerApiKeys)
    .innerJoin(accountUsers, eq(accountUsers.id, customerApiKeys.accountUserId))
    .where(and(eq(customerApiKeys.keyHash, hashApiKey(key)), isNull(customerApiKeys.invalidatedAt)));
  return row ?? null;
}

/** A live customer key by id (what a token names), or null once revoked. */
export async function findCustomerKeyById(db: Db, id: number, organisationId: number) {
  const [row] = await db
    .select({
      id: customerApiKeys.id,
      prefix: customerApiKeys.prefix,
      lastUsedAt: customerApiKeys.lastUsedAt,
      accountUserId: accountUsers.id,
      organisationId: accountUsers.organisationId,
      email: accountUsers.email,
    })
    .from(customerApiKeys)
    .innerJoin(accountUsers, eq(accountUsers.id, customerApiKeys.accountUserId))
    .where(
      and(
        eq(customerApiKeys.id, id),
        eq(accountUsers.organisationId, organisationId),
        isNull(customerApiKeys.invalidatedAt),
      ),
    );
  return row ?? null;
}

export function customerActor(
  row: NonNullable<Awaited<ReturnType<typeof findCustomerKey>>>,
  via: "api_key" | "token",
): CustomerActor {
  return {
    kind: "customer",
    organisationId: row.organisationId,
    accountUserId: row.accountUserId,
    customerKeyId: row.id,
    email: row.email,
    via,
    label: `customer-key:${row.prefix}`,
  };
}

/** Stamps "last used" to the minute, like organisation keys. */
export async function stampCustomerKeyUse(db: Db, key: { id: number; lastUsedAt: Date | null }) {
  await stampKeyUse(db, key, customerApiKeys);
}
