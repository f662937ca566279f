import { and, eq, isNull } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { Actor } from "../context";
import { ServiceError } from "../errors";
import { getSigningKey } from "./signing-key";

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = "kraken-migrate";

export type AccessClaims = { sub: string; org: number; key: number; kind: "access"; iat: number; exp: number; iss: string };

export async function signAccessToken(db: Db, p: { organisationId: number; organisationNumber: string; apiKeyId: number }) {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ org: p.organisationId, key: p.apiKeyId, kind: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(p.organisationNumber)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(await getSigningKey(db));
  return { token, expiresAt: now + ACCESS_TOKEN_TTL_SECONDS };
}

export async function decodeAccessToken(db: Db, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, await getSigningKey(db), { issuer: ISSUER, algorithms: ["HS256"] });
    if (payload.kind !== "access") throw new Error("not an access token");
    return payload as unknown as AccessClaims;
  } catch (err) {
    const expired = err instanceof joseErrors.JWTExpired;
    throw new ServiceError("unauthorized", expired ? "token_expired" : "authentication_failed", expired ? "The token has expired." : "Invalid or expired credentials.", {
      headers: { "WWW-Authenticate": 'Token realm="api"' },
    });
  }
}

/** A token works only while the API key it was issued for is still valid. */
export async function verifyAccessToken(db: Db, token: string): Promise<Actor> {
  const claims = await decodeAccessToken(db, token);
  const [key] = await db
    .select({ id: apiKeys.id, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, claims.key), eq(apiKeys.organisationId, claims.org), isNull(apiKeys.invalidatedAt)));
  if (!key) {
    throw new ServiceError("unauthorized", "authentication_failed", "Invalid or expired credentials.", {
      headers: { "WWW-Authenticate": 'Token realm="api"' },
    });
  }
  return { kind: "organisation", organisationId: claims.org, apiKeyId: key.id, via: "token", label: `token:${key.prefix}` };
}
