import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, type customerApiKeys } from "@/db/schema";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `sk_live_` plus 32 random base62 characters (about 190 bits). */
export function generateApiKey(): string {
  const bytes = randomBytes(32);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 62];
  return `sk_live_${out}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, 12);
}

export function looksLikeApiKey(credential: string): boolean {
  return /^sk_(live|test)_[A-Za-z0-9]{16,}$/.test(credential);
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * "Last used" of a key, to the minute: stamped when the key itself authenticates a request
 * and when it (or a refresh token issued from it) is exchanged for a token. Concurrent uses
 * must not queue on the key's row lock, hence the resolution.
 */
export async function stampKeyUse(
  db: Db,
  key: { id: number; lastUsedAt: Date | null },
  table: typeof apiKeys | typeof customerApiKeys = apiKeys,
) {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() <= LAST_USED_RESOLUTION_MS) return;
  // The row may be a cached one (key-cache.ts) shared by the requests that follow.
  key.lastUsedAt = new Date();
  await db
    .update(table)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(table.id, key.id), or(isNull(table.lastUsedAt), lt(table.lastUsedAt, sql`now() - interval '1 minute'`))),
    );
}
