import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { Actor } from "../context";
import { ServiceError } from "../errors";
import { hashApiKey, looksLikeApiKey } from "./api-keys";
import { verifyAccessToken } from "./tokens";

export type AuthOptions = { allowBasic?: boolean };

const LAST_USED_RESOLUTION_MS = 60_000;

const missing = () =>
  new ServiceError("unauthorized", "authentication_required", "Authentication credentials were not provided.", {
    headers: { "WWW-Authenticate": 'Token realm="api"' },
  });
const invalid = (detail = "Invalid or expired credentials.") =>
  new ServiceError("unauthorized", "authentication_failed", detail, { headers: { "WWW-Authenticate": 'Token realm="api"' } });

/** Reads `Token <t>`, `JWT <t>`, a bare token, or (where allowed) basic auth with the API key as user name. */
export function readCredential(header: string | null, opts: AuthOptions = {}): string | null {
  if (!header || !header.trim()) return null;
  const value = header.trim();
  const match = /^(Token|JWT|Bearer|Basic)\s+(.+)$/i.exec(value);
  if (!match) return value;
  const scheme = match[1].toLowerCase();
  if (scheme !== "basic") return match[2].trim();
  if (!opts.allowBasic) throw invalid("Basic authentication is not accepted on this endpoint.");
  const decoded = Buffer.from(match[2].trim(), "base64").toString("utf8");
  const user = decoded.split(":")[0];
  if (!user) throw invalid();
  return user;
}

export async function authenticateApiKey(db: Db, key: string): Promise<Actor> {
  const [row] = await db
    .select({ id: apiKeys.id, organisationId: apiKeys.organisationId, prefix: apiKeys.prefix, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.invalidatedAt)));
  if (!row) throw invalid();
  // "Last used" to the minute: concurrent requests with one key must not queue on its row lock.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  }
  return { kind: "organisation", organisationId: row.organisationId, apiKeyId: row.id, via: "api_key", label: `api-key:${row.prefix}` };
}

export async function authenticate(db: Db, header: string | null, opts: AuthOptions = {}): Promise<Actor> {
  const credential = readCredential(header, opts);
  if (!credential) throw missing();
  if (looksLikeApiKey(credential)) return authenticateApiKey(db, credential);
  return verifyAccessToken(db, credential);
}
