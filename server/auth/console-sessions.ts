import { createHash, randomBytes } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { consoleSessions, consoleUsers, refreshTokens } from "@/db/schema";
import { keysChangedHere } from "./key-cache";

const digest = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

/**
 * Records a new console session for a user who just signed in and returns its id (256 random
 * bits) for the session cookie; the table keeps only its digest. The session lasts `maxAgeSeconds`
 * from now whatever the cookie says. The user's own expired rows are swept on the way.
 */
export async function startConsoleSession(db: Db, userId: number, maxAgeSeconds: number): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .delete(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), lte(consoleSessions.expiresAt, sql`now()`)));
  await db
    .insert(consoleSessions)
    .values({ idHash: digest(id), userId, expiresAt: sql`now() + make_interval(secs => ${maxAgeSeconds})` });
  return id;
}

/** Signing out: the session's row goes, so its cookie no longer signs anyone in, on any instance. */
export async function endConsoleSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.idHash, digest(sessionId)));
}

/**
 * Ends every session of a user (password or role changed) and revokes the refresh tokens the
 * user obtained with their password; the user's token generation moves on, so the access tokens
 * issued before now are refused too. Call it inside the transaction that makes the change.
 */
export async function endUserSessions(db: Db, userId: number, reason: string): Promise<void> {
  keysChangedHere();
  await db.delete(consoleSessions).where(eq(consoleSessions.userId, userId));
  await db
    .update(consoleUsers)
    .set({ tokenGeneration: sql`${consoleUsers.tokenGeneration} + 1` })
    .where(eq(consoleUsers.id, userId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokens.consoleUserId, userId), sql`${refreshTokens.revokedAt} is null`));
}

/** The live session row's digest for a session id, for the per-request lookup. */
export const sessionDigest = digest;
