import { hash, verify } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, consoleUsers, organisations } from "@/db/schema";
import { emit } from "../events/emit";
import { hashApiKey, stampKeyUse } from "./api-keys";
import { findCustomerKey, findCustomerKeyById, stampCustomerKeyUse } from "./customer-keys";
import {
  type Bucket,
  addressBucket,
  bucketDigest,
  AUTH_MAX_FAILURES_PER_CREDENTIAL,
  forgiveAttempt,
  passwordBuckets,
  reserveAttempt,
} from "./rate-limit";
import { issueRefreshToken, revokeFamily, spendRefreshToken } from "./refresh-tokens";
import { type AccessClaims, signAccessToken, type TokenSubject } from "./tokens";

export type ObtainTokenInput = {
  APIKey?: string | null;
  refreshToken?: string | null;
  email?: string | null;
  password?: string | null;
};
export type ObtainTokenResult = {
  token: string;
  payload: AccessClaims;
  refreshToken: string;
  refreshExpiresIn: number;
};

/**
 * The GraphQL error codes (see docs/data-import.md), each with the errorType production's
 * error-code reference gives it: 1139 VALIDATION, 1124 APPLICATION, 1188 and 1199 AUTHORIZATION.
 */
export const AUTH_ERRORS = {
  authenticationFailed: { code: "KT-CT-1139", type: "VALIDATION" },
  invalidCredential: { code: "KT-CT-1143", type: "AUTHORIZATION" },
  // Production's "Signature of the JWT has expired.": clients refresh their token on this code.
  tokenExpired: { code: "KT-CT-1124", type: "APPLICATION" },
  unauthorized: { code: "KT-CT-1111", type: "AUTHORIZATION" },
  headerMissing: { code: "KT-CT-1112", type: "AUTHORIZATION" },
  tooManyRequests: { code: "KT-CT-1199", type: "AUTHORIZATION" },
  queryTooComplex: { code: "KT-CT-1188", type: "AUTHORIZATION" },
} as const;
export type AuthErrorKind = keyof typeof AUTH_ERRORS;

export class TokenError extends Error {
  constructor(
    readonly kind: AuthErrorKind,
    message: string,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "TokenError";
  }
}

const given = (v: string | null | undefined): v is string => typeof v === "string" && v.length > 0;
// A real argon2 hash so an unknown e-mail costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(crypto.randomUUID()));

/**
 * obtainKrakenToken: exactly one of an API key, a refresh token, or a console user's
 * e-mail and password. Password attempts are limited per (e-mail, address), per e-mail (a
 * much higher bar) and per address; API keys and refresh tokens count only their failures.
 */
export async function obtainToken(db: Db, input: ObtainTokenInput, clientAddress: string): Promise<ObtainTokenResult> {
  const methods = [given(input.APIKey), given(input.refreshToken), given(input.email) || given(input.password)].filter(
    Boolean,
  ).length;
  if (methods !== 1 || given(input.email) !== given(input.password)) {
    throw new TokenError(
      "authenticationFailed",
      "Invalid data.",
      "Authentication failed: provide exactly one of APIKey, refreshToken, or email together with password.",
    );
  }
  if (given(input.email)) {
    // A password can be guessed: count the attempt before checking it, give it back on success.
    const buckets = passwordBuckets(input.email, clientAddress);
    const gate = await reserveAttempt(db, buckets);
    if (!gate.allowed) throw tooMany(gate.retryAfterSeconds);
    const result = await issueTokens(db, await subjectFromPassword(db, input.email, input.password!));
    await forgiveAttempt(db, buckets);
    return result;
  }
  // A 190-bit key or 256-bit refresh token cannot be guessed: a valid one is always accepted,
  // whatever failed from its address before. Only failures count (and then answer KT-CT-1199).
  const credential = given(input.APIKey)
    ? `key:${bucketDigest(input.APIKey)}`
    : `refresh:${bucketDigest(input.refreshToken!)}`;
  let subject: Subject;
  try {
    subject = given(input.APIKey)
      ? await subjectFromApiKey(db, input.APIKey)
      : await subjectFromRefreshToken(db, input.refreshToken!);
  } catch (err) {
    if (!(err instanceof TokenError)) throw err;
    const buckets: Bucket[] = [
      { name: credential, limit: AUTH_MAX_FAILURES_PER_CREDENTIAL() },
      addressBucket(clientAddress, "key"),
    ];
    const gate = await reserveAttempt(db, buckets);
    throw gate.allowed ? err : tooMany(gate.retryAfterSeconds);
  }
  return issueTokens(db, subject);
}

const tooMany = (retryAfterSeconds: number) =>
  new TokenError(
    "tooManyRequests",
    "Too many requests.",
    `Too many failed attempts; try again in ${retryAfterSeconds} seconds.`,
    retryAfterSeconds,
  );

type Subject = TokenSubject & { familyId?: string; delegate: string; viewer: string; viewerId: number };

async function subjectFromApiKey(db: Db, key: string): Promise<Subject> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      lastUsedAt: apiKeys.lastUsedAt,
      organisationId: organisations.id,
      organisationNumber: organisations.number,
    })
    .from(apiKeys)
    .innerJoin(organisations, eq(organisations.id, apiKeys.organisationId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.invalidatedAt)));
  if (!row) return subjectFromCustomerKey(db, key);
  await stampKeyUse(db, row);
  return {
    organisationId: row.organisationId,
    organisationNumber: row.organisationNumber,
    apiKeyId: row.id,
    delegate: `api_key:${row.prefix}`,
    viewer: row.organisationNumber,
    viewerId: row.organisationId,
  };
}

/** A customer's own key: its token reads only that customer's accounts (ADR 0207). */
async function subjectFromCustomerKey(db: Db, key: string): Promise<Subject> {
  const row = await findCustomerKey(db, key);
  if (!row) throw new TokenError("authenticationFailed", "Invalid data.", "Authentication failed: invalid API key.");
  await stampCustomerKeyUse(db, row);
  const [org] = await db
    .select({ number: organisations.number })
    .from(organisations)
    .where(eq(organisations.id, row.organisationId));
  return {
    organisationId: row.organisationId,
    organisationNumber: org.number,
    customerKeyId: row.id,
    delegate: `customer_key:${row.prefix}`,
    viewer: row.email,
    viewerId: row.accountUserId,
  };
}

async function subjectFromPassword(db: Db, email: string, password: string): Promise<Subject> {
  const [user] = await db
    .select({
      id: consoleUsers.id,
      email: consoleUsers.email,
      passwordHash: consoleUsers.passwordHash,
      tokenGeneration: consoleUsers.tokenGeneration,
      organisationId: organisations.id,
      organisationNumber: organisations.number,
    })
    .from(consoleUsers)
    .innerJoin(organisations, eq(organisations.id, consoleUsers.organisationId))
    .where(eq(consoleUsers.email, email.trim().toLowerCase()));
  const ok = await verify(user?.passwordHash ?? (await getDummyHash()), password).catch(() => false);
  if (!user || !ok)
    throw new TokenError(
      "authenticationFailed",
      "Invalid data.",
      "Authentication failed: invalid e-mail address or password.",
    );
  return {
    organisationId: user.organisationId,
    organisationNumber: user.organisationNumber,
    userId: user.id,
    tokenGeneration: user.tokenGeneration,
    delegate: "console_user",
    viewer: user.email,
    viewerId: user.id,
  };
}

async function subjectFromRefreshToken(db: Db, token: string): Promise<Subject> {
  const spent = await spendRefreshToken(db, token);
  if (!spent.ok) {
    if (spent.reason === "expired")
      throw new TokenError(
        "tokenExpired",
        "Token has expired.",
        "The refresh token has expired; obtain a new token with your API key.",
      );
    throw new TokenError(
      "invalidCredential",
      "Invalid credential.",
      "The refresh token is invalid or no longer valid.",
    );
  }
  const row = spent.row;
  const [org] = await db
    .select({ number: organisations.number })
    .from(organisations)
    .where(eq(organisations.id, row.organisationId));
  const invalid = async () => {
    await revokeFamily(db, row.familyId, "subject_invalid");
    return new TokenError("invalidCredential", "Invalid credential.", "The refresh token is no longer valid.");
  };
  if (row.apiKeyId !== null) {
    const [key] = await db
      .select({ id: apiKeys.id, prefix: apiKeys.prefix, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, row.apiKeyId), isNull(apiKeys.invalidatedAt)));
    if (!key) throw await invalid();
    await stampKeyUse(db, key);
    return {
      organisationId: row.organisationId,
      organisationNumber: org.number,
      apiKeyId: key.id,
      familyId: row.familyId,
      delegate: `refresh_token:api_key:${key.prefix}`,
      viewer: org.number,
      viewerId: row.organisationId,
    };
  }
  if (row.customerApiKeyId !== null) {
    const key = await findCustomerKeyById(db, row.customerApiKeyId, row.organisationId);
    if (!key) throw await invalid();
    await stampCustomerKeyUse(db, key);
    return {
      organisationId: row.organisationId,
      organisationNumber: org.number,
      customerKeyId: key.id,
      familyId: row.familyId,
      delegate: `refresh_token:customer_key:${key.prefix}`,
      viewer: key.email,
      viewerId: key.accountUserId,
    };
  }
  const [user] = await db
    .select({ id: consoleUsers.id, email: consoleUsers.email, tokenGeneration: consoleUsers.tokenGeneration })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.id, row.consoleUserId!), eq(consoleUsers.organisationId, row.organisationId)));
  if (!user) throw await invalid();
  return {
    organisationId: row.organisationId,
    organisationNumber: org.number,
    userId: user.id,
    tokenGeneration: user.tokenGeneration,
    familyId: row.familyId,
    delegate: "refresh_token:console_user",
    viewer: user.email,
    viewerId: user.id,
  };
}

/** The access token, its refresh token and the issued event commit together. */
async function issueTokens(db: Db, s: Subject): Promise<ObtainTokenResult> {
  // The access token names the refresh family issued with it: revoking the family stops both.
  const familyId = s.familyId ?? crypto.randomUUID();
  const base = { organisationId: s.organisationId, organisationNumber: s.organisationNumber, familyId };
  const subject: TokenSubject =
    s.apiKeyId !== undefined
      ? { ...base, apiKeyId: s.apiKeyId }
      : s.customerKeyId !== undefined
        ? { ...base, customerKeyId: s.customerKeyId }
        : { ...base, userId: s.userId!, tokenGeneration: s.tokenGeneration! };
  const access = await signAccessToken(db, subject);
  const refresh = await db.transaction(async (tx) => {
    const r = await issueRefreshToken(tx as unknown as Db, {
      organisationId: s.organisationId,
      apiKeyId: s.apiKeyId,
      consoleUserId: s.userId,
      customerApiKeyId: s.customerKeyId,
      familyId,
    });
    await emit(
      tx as unknown as Db,
      "auth-server.access-token.issued",
      "v1",
      { delegate: s.delegate, viewer: s.viewer, viewer_id: s.viewerId },
      { organisationId: s.organisationId },
    );
    return r;
  });
  return {
    token: access.token,
    payload: access.claims,
    refreshToken: refresh.token,
    refreshExpiresIn: refresh.expiresAt,
  };
}
