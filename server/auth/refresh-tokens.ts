import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refreshTokens } from "@/db/schema";
import { keysChangedHere } from "./key-cache";

export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export const hashRefreshToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type RefreshSubject = {
  organisationId: number;
  apiKeyId?: number;
  consoleUserId?: number;
  customerApiKeyId?: number;
  familyId?: string;
};

/** Stores only the digest; the clear token is returned once. */
export async function issueRefreshToken(tx: Db, s: RefreshSubject) {
  const token = `rt_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await tx.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId: s.familyId ?? crypto.randomUUID(),
    organisationId: s.organisationId,
    apiKeyId: s.apiKeyId ?? null,
    consoleUserId: s.consoleUserId ?? null,
    customerApiKeyId: s.customerApiKeyId ?? null,
    expiresAt,
  });
  return { token, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
}

export type RefreshOutcome =
  | { ok: true; row: typeof refreshTokens.$inferSelect }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

/**
 * Spends a refresh token: exactly one caller, on any instance, wins the UPDATE. Presenting
 * a token that was already rotated means it leaked, so its whole family is revoked.
 */
export async function spendRefreshToken(db: Db, token: string): Promise<RefreshOutcome> {
  const hash = hashRefreshToken(token);
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: "rotated" })
    .where(
      and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.revokedAt), sql`${refreshTokens.expiresAt} > now()`),
    )
    .returning();
  if (row) return { ok: true, row };
  const [old] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
  if (!old) return { ok: false, reason: "unknown" };
  if (!old.revokedAt) return { ok: false, reason: "expired" };
  if (old.revokedReason === "rotated") {
    await revokeFamily(db, old.familyId, "reuse_detected");
    return { ok: false, reason: "reused" };
  }
  return { ok: false, reason: "revoked" };
}

/** Revokes a family: its refresh tokens and the access tokens issued with them (issue 37 item 4). */
export async function revokeFamily(db: Db, familyId: string, reason: string) {
  keysChangedHere();
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
