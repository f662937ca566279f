import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { type ConsoleRole, consoleSessions, consoleUsers } from "@/db/schema";
import { forgiveAttempt, passwordBuckets, reserveAttempt } from "./rate-limit";
import { sessionDigest } from "./console-sessions";

/** The signed-in console user, re-read from the database on every request. */
export type SessionUser = { id: number; organisationId: number; role: ConsoleRole; email: string; name: string };

export const SignInInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(1).max(200),
});
export type SignInInput = z.input<typeof SignInInput>;

let dummyHash: Promise<string> | undefined;

/**
 * The console user for an e-mail and password, or null. An unknown e-mail still costs one
 * argon2 verification so response time does not reveal which e-mails exist.
 */
export async function verifyConsoleCredentials(db: Db, raw: unknown): Promise<SessionUser | null> {
  const parsed = SignInInput.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
  if (!row) {
    dummyHash ??= hash("not-a-real-password-hash-target");
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(row.passwordHash, password).catch(() => false);
  if (!ok) return null;
  return { id: row.id, organisationId: row.organisationId, role: row.role, email: row.email, name: row.name };
}

export class TooManySignInAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many failed sign-in attempts.");
  }
}

/**
 * verifyConsoleCredentials behind the PostgreSQL-held failure limits (per e-mail and address,
 * per e-mail at a much higher bar, per address; shared with the token mutation's
 * e-mail + password method, ADR 0016).
 */
export async function signInConsoleUser(db: Db, raw: unknown, address: string): Promise<SessionUser | null> {
  const parsed = SignInInput.safeParse(raw);
  if (!parsed.success) return null;
  const buckets = passwordBuckets(parsed.data.email, address);
  const gate = await reserveAttempt(db, buckets);
  if (!gate.allowed) throw new TooManySignInAttempts(gate.retryAfterSeconds);
  const user = await verifyConsoleCredentials(db, parsed.data);
  if (user) await forgiveAttempt(db, buckets);
  return user;
}

/**
 * The user behind a console session, re-read on every request: the session's row must still be
 * there and unexpired (sign-out, a password or role change and removal delete it), and the role
 * is the database's, never the cookie's. One primary-key lookup joined to the user's row.
 */
export async function loadSessionUser(
  db: Db,
  session: { userId: number; organisationId: number; sessionId: string },
): Promise<SessionUser | null> {
  if (!session.sessionId) return null;
  const [row] = await db
    .select({
      id: consoleUsers.id,
      organisationId: consoleUsers.organisationId,
      role: consoleUsers.role,
      email: consoleUsers.email,
      name: consoleUsers.name,
    })
    .from(consoleSessions)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
    .where(
      and(
        eq(consoleSessions.idHash, sessionDigest(session.sessionId)),
        gt(consoleSessions.expiresAt, sql`now()`),
        eq(consoleUsers.id, session.userId),
        eq(consoleUsers.organisationId, session.organisationId),
      ),
    );
  return row ?? null;
}
