import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { Actor } from "../context";
import { ServiceError } from "../errors";
import { hashApiKey, looksLikeApiKey, stampKeyUse } from "./api-keys";
import { verifyAccessToken } from "./tokens";

export type AuthOptions = { allowBasic?: boolean };

const TOKEN_CHALLENGE = 'Token realm="api"';
// Some clients (.NET, Java, curl --anyauth) send basic credentials only after a Basic challenge.
const TOKEN_OR_BASIC_CHALLENGE = 'Token realm="api", Basic realm="api"';
const challenge = (opts: AuthOptions) => ({ "WWW-Authenticate": opts.allowBasic ? TOKEN_OR_BASIC_CHALLENGE : TOKEN_CHALLENGE });

const missing = (opts: AuthOptions) =>
  new ServiceError("unauthorized", "authentication_required", "Authentication credentials were not provided.", { headers: challenge(opts) });
const invalid = (detail = "Invalid or expired credentials.") =>
  new ServiceError("unauthorized", "authentication_failed", detail, { headers: { "WWW-Authenticate": TOKEN_CHALLENGE } });

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
  await stampKeyUse(db, row);
  return { kind: "organisation", organisationId: row.organisationId, apiKeyId: row.id, via: "api_key", label: `api-key:${row.prefix}` };
}

export async function authenticate(db: Db, header: string | null, opts: AuthOptions = {}): Promise<Actor> {
  try {
    const credential = readCredential(header, opts);
    if (!credential) throw missing(opts);
    if (looksLikeApiKey(credential)) return await authenticateApiKey(db, credential);
    return await verifyAccessToken(db, credential);
  } catch (err) {
    // Every 401 of a route that takes basic auth offers both schemes, whichever check failed.
    if (opts.allowBasic && err instanceof ServiceError && err.status === 401) {
      throw new ServiceError(err.kind, err.code, err.message, { errors: err.errors, body: err.body, status: err.status, headers: { ...err.headers, ...challenge(opts) } });
    }
    throw err;
  }
}
