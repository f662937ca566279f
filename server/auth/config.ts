import NextAuth, { CredentialsSignin, type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import type { ConsoleRole } from "@/db/schema";
import { signInConsoleUser, TooManySignInAttempts } from "../services/console/console-credentials";
import { clientAddress } from "./client-address";

declare module "next-auth" {
  interface Session {
    user: { id: string; organisationId: number; role: ConsoleRole } & DefaultSession["user"];
  }
  interface User {
    organisationId?: number;
    role?: ConsoleRole;
  }
}

/** Seconds a console session lasts after sign-in (default 8 hours, a working day). */
export function sessionMaxAge(): number {
  const n = Number(process.env.CONSOLE_SESSION_MAX_AGE);
  return Number.isFinite(n) && n > 0 ? n : 8 * 60 * 60;
}

type Claims = { uid?: string; org?: number; role?: ConsoleRole };

/** Shown on the sign-in page as its own message (Auth.js passes `code` through). */
export class RateLimitedSignIn extends CredentialsSignin {
  code = "rate_limited";
}

// Lazy config: AUTH_SECRET and the session length are read at request time, not at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  trustHost: true,
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: sessionMaxAge() },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        let user;
        try {
          user = await signInConsoleUser(await getDb(), raw, clientAddress(request.headers));
        } catch (err) {
          if (err instanceof TooManySignInAttempts) throw new RateLimitedSignIn();
          throw err;
        }
        if (!user) return null;
        return { id: String(user.id), email: user.email, name: user.name, organisationId: user.organisationId, role: user.role };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) Object.assign(token, { uid: user.id, org: user.organisationId, role: user.role } satisfies Claims);
      return token;
    },
    session({ session, token }) {
      const claims = token as Claims;
      session.user = { ...session.user, id: claims.uid ?? "", organisationId: claims.org ?? 0, role: claims.role ?? "support" };
      return session;
    },
  },
}));
