import { forgetOnReset } from "@/server/process-state";
import { and, eq } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "@/db/client";
import { consoleUsers } from "@/db/schema";
import { customerActor, findCustomerKeyById } from "./customer-keys";
import { liveRefreshFamily, validOrganisationKey } from "./key-cache";
import type { Actor } from "../context";
import { ServiceError } from "../errors";
import { getSigningKey } from "./signing-key";

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = "kraken-migrate";

/** `key` for a token obtained with an API key, `usr` for one obtained by a console user, `cus` with a customer's key. */
export type AccessClaims = {
  sub: string;
  org: number;
  key?: number;
  usr?: number;
  cus?: number;
  /** A console user's token generation when the token was issued (refused once it moves on). */
  gen?: number;
  /** The refresh token family issued with it (refused once the family is revoked). */
  fam?: string;
  kind: "access";
  iat: number;
  exp: number;
  iss: string;
  jti: string;
};

export type TokenSubject = { organisationId: number; organisationNumber: string; familyId?: string } & (
  | { apiKeyId: number; userId?: undefined; customerKeyId?: undefined }
  | { userId: number; tokenGeneration: number; apiKeyId?: undefined; customerKeyId?: undefined }
  | { customerKeyId: number; apiKeyId?: undefined; userId?: undefined }
);

export async function signAccessToken(db: Db, p: TokenSubject) {
  const now = Math.floor(Date.now() / 1000);
  const claims: AccessClaims = {
    sub: p.organisationNumber,
    org: p.organisationId,
    ...(p.apiKeyId !== undefined
      ? { key: p.apiKeyId }
      : p.customerKeyId !== undefined
        ? { cus: p.customerKeyId }
        : { usr: p.userId, gen: p.tokenGeneration }),
    ...(p.familyId !== undefined ? { fam: p.familyId } : {}),
    kind: "access",
    iat: now,
    exp: now + ACCESS_TOKEN_TTL_SECONDS,
    iss: ISSUER,
    jti: crypto.randomUUID(),
  };
  const { sub, iat, exp, iss, jti, ...custom } = claims;
  const token = await new SignJWT(custom)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer(iss)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(await getSigningKey(db));
  return { token, expiresAt: claims.exp, claims };
}

const unauthorized = (code: string, detail: string) =>
  new ServiceError("unauthorized", code, detail, { headers: { "WWW-Authenticate": 'Token realm="api"' } });

/**
 * Tokens whose signature this process has checked, with their claims: a script sends one token
 * with every request, and the HMAC check through WebCrypto cost ~0.3 ms of CPU each time (ADR
 * 0025). Expiry is checked on every use; what the token was issued for is looked up every time
 * (verifyAccessToken; an organisation key through key-cache.ts, which forgets it the moment it
 * is invalidated), so an invalidated key still stops its tokens at once.
 */
const verified = new Map<string, { key: Uint8Array; claims: AccessClaims }>();
const VERIFIED_MAX = 1000;
forgetOnReset(() => verified.clear());

export async function decodeAccessToken(db: Db, token: string): Promise<AccessClaims> {
  const key = await getSigningKey(db);
  const seen = verified.get(token);
  if (seen && seen.key === key) {
    if (typeof seen.claims.exp === "number" && seen.claims.exp <= Math.floor(Date.now() / 1000)) {
      verified.delete(token);
      throw unauthorized("token_expired", "The token has expired.");
    }
    return seen.claims;
  }
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
    if (payload.kind !== "access" || typeof payload.org !== "number") throw new Error("not an access token");
    if (typeof payload.key !== "number" && typeof payload.usr !== "number" && typeof payload.cus !== "number")
      throw new Error("token without a subject");
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, { key, claims: payload as unknown as AccessClaims });
    return payload as unknown as AccessClaims;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized("token_expired", "The token has expired.");
    throw unauthorized("authentication_failed", "Invalid or expired credentials.");
  }
}

/**
 * A token works only while what it was issued for is still valid: its API key not
 * invalidated, or its console user still present in the same organisation with the token
 * generation it was issued under (a password or role change, or ended sessions, move it on),
 * and the refresh family issued with it not revoked (issue 37 item 4). The key and the family
 * come from the key cache (no database read while it listens); a user is read each time.
 */
export async function verifyAccessToken(db: Db, token: string): Promise<Actor> {
  const claims = await decodeAccessToken(db, token);
  if (typeof claims.fam === "string" && !(await liveRefreshFamily(db, claims.fam)))
    throw unauthorized("authentication_failed", "Invalid or expired credentials.");
  if (typeof claims.key === "number") {
    const key = await validOrganisationKey(db, { id: claims.key });
    if (!key || key.organisationId !== claims.org)
      throw unauthorized("authentication_failed", "Invalid or expired credentials.");
    return {
      kind: "organisation",
      organisationId: claims.org,
      apiKeyId: key.id,
      via: "token",
      label: `token:${key.prefix}`,
    };
  }
  if (typeof claims.cus === "number") {
    const key = await findCustomerKeyById(db, claims.cus, claims.org);
    if (!key) throw unauthorized("authentication_failed", "Invalid or expired credentials.");
    return customerActor(key, "token");
  }
  const [user] = await db
    .select({
      id: consoleUsers.id,
      email: consoleUsers.email,
      role: consoleUsers.role,
      generation: consoleUsers.tokenGeneration,
    })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.id, claims.usr!), eq(consoleUsers.organisationId, claims.org)));
  // A token from before generations were stamped counts as generation 0.
  if (!user || user.generation !== (claims.gen ?? 0))
    throw unauthorized("authentication_failed", "Invalid or expired credentials.");
  return { kind: "user", organisationId: claims.org, userId: user.id, role: user.role, email: user.email };
}
