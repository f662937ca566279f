import NextAuth, { CredentialsSignin, type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { headers as requestHeaders } from "next/headers";
import { getDb } from "@/db/client";
import type { ConsoleRole } from "@/db/schema";
import { signInConsoleUser, TooManySignInAttempts } from "./console-credentials";
import { endConsoleSession, startConsoleSession } from "./console-sessions";
import { clientAddress } from "./client-address";
import { servedOverHttps } from "./https";
import { env } from "@/server/env.mjs";

declare module "next-auth" {
  interface Session {
    user: { id: string; organisationId: number } & DefaultSession["user"];
    /** The console_sessions row this cookie stands for; the role is read from the database. */
    sessionId: string;
  }
  interface User {
    organisationId?: number;
    role?: ConsoleRole;
    sessionId?: string;
  }
}

/** Seconds a console session lasts after sign-in (default 8 hours, a working day). */
export function sessionMaxAge(): number {
  const n = env.CONSOLE_SESSION_MAX_AGE;
  return Number.isFinite(n) && n > 0 ? n : 8 * 60 * 60;
}

type Claims = { uid?: string; org?: number; sid?: string };

/** Shown on the sign-in page as its own message (Auth.js passes `code` through). */
export class RateLimitedSignIn extends CredentialsSignin {
  code = "rate_limited";
}

/** The request's headers: Auth.js passes the request to route handlers only; elsewhere Next's. */
async function headersOf(request: Request | undefined): Promise<Headers | undefined> {
  if (request) return request.headers;
  try {
    return await requestHeaders();
  } catch {
    return undefined; // outside a request (tests, scripts)
  }
}

// Lazy config: AUTH_SECRET, the session length and the cookies' Secure flag are read per request.
export const { handlers, auth, signIn, signOut } = NextAuth(async (request) => {
  const headers = await headersOf(request);
  return {
    trustHost: true,
    secret: env.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: sessionMaxAge() },
    // Secure (and __Secure-) cookies exactly when a trusted proxy says the browser used HTTPS,
    // not whenever a client sends X-Forwarded-Proto: https.
    useSecureCookies: headers ? servedOverHttps(headers) : false,
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      Credentials({
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(raw, request) {
          const db = await getDb();
          let user;
          try {
            user = await signInConsoleUser(db, raw, clientAddress(request.headers));
          } catch (err) {
            if (err instanceof TooManySignInAttempts) throw new RateLimitedSignIn();
            throw err;
          }
          if (!user) return null;
          const sessionId = await startConsoleSession(db, user.id, sessionMaxAge());
          return {
            id: String(user.id),
            email: user.email,
            name: user.name,
            organisationId: user.organisationId,
            sessionId,
          };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user)
          Object.assign(token, { uid: user.id, org: user.organisationId, sid: user.sessionId } satisfies Claims);
        return token;
      },
      session({ session, token }) {
        const claims = token as Claims;
        session.user = { ...session.user, id: claims.uid ?? "", organisationId: claims.org ?? 0 };
        session.sessionId = claims.sid ?? "";
        return session;
      },
    },
    events: {
      // Sign-out deletes the session's row: the cookie, if kept or copied, signs no one in again.
      async signOut(message) {
        const sid = "token" in message ? (message.token as Claims | null)?.sid : undefined;
        if (sid) await endConsoleSession(await getDb(), sid);
      },
    },
  };
});
