import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { consoleSessions, refreshTokens } from "@/db/schema";
import { removeConsoleUser } from "@/server/services/users/remove-console-user";
import { updateConsoleUser } from "@/server/services/users/update-console-user";
import { useTestDb } from "@/test/db";
import { makeOrg, makeUser } from "@/test/factories";
import { env, setEnv } from "@/server/env.mjs";

// The tRPC route reads the session through next/headers, as it does under Next: give it this
// test's request headers.
const current = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => current.headers,
  cookies: async () => {
    const jar = new Map(
      (current.headers.get("cookie") ?? "")
        .split(";")
        .map((c) => c.trim())
        .filter(Boolean)
        .map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)] as const),
    );
    return {
      get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      set: () => {},
    };
  },
}));

const t = useTestDb();
const ORIGIN = "http://localhost";

beforeAll(() => {
  setEnv({ AUTH_SECRET: env.AUTH_SECRET ?? "console-session-test-secret-0123456789abcdef" });
});

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
function keep(jar: Jar, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
}

async function authRequest(jar: Jar, path: string, form?: Record<string, string>) {
  const { handlers } = await import("./config");
  const req = new NextRequest(`${ORIGIN}/api/auth/${path}`, {
    method: form ? "POST" : "GET",
    headers: {
      cookie: cookieHeader(jar),
      "x-forwarded-for": "10.77.0.1",
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const res = await (form ? handlers.POST : handlers.GET)(req);
  keep(jar, res);
  return res;
}

/** Signs in through Auth.js's own endpoints, as the browser form does; returns the cookie jar. */
async function signIn(email: string, password: string): Promise<Jar> {
  const jar: Jar = new Map();
  const { csrfToken } = await (await authRequest(jar, "csrf")).json();
  await authRequest(jar, "callback/credentials", { email, password, csrfToken, callbackUrl: "/" });
  return jar;
}

async function signOut(jar: Jar) {
  const { csrfToken } = await (await authRequest(jar, "csrf")).json();
  await authRequest(jar, "signout", { csrfToken, callbackUrl: "/signin" });
}

/** `session.me` over the real tRPC route, with a copy of the cookies the browser held. */
async function me(cookies: string) {
  const { GET } = await import("@/app/api/trpc/[trpc]/route");
  current.headers = new Headers({ cookie: cookies });
  const res = await GET(
    new Request(`${ORIGIN}/api/trpc/session.me?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
      headers: { cookie: cookies },
    }),
  );
  const body = await res.json();
  return { status: res.status, user: body.result?.data?.json as { email: string; role: string } | undefined };
}

describe("console sessions end on the server", () => {
  it("signing out ends the session: the old cookie, sent again, reads nothing", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "operator");
    const jar = await signIn(user.email, user.password);
    const copied = cookieHeader(jar);
    expect(copied).toContain("authjs.session-token=");
    expect(await me(copied)).toMatchObject({ status: 200, user: { email: user.email, role: "operator" } });
    const { GET } = await import("@/app/api/auth/[...nextauth]/route");
    current.headers = new Headers({ cookie: copied });
    const live = await GET(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie: copied } }));
    expect(await live.json()).toMatchObject({ user: { email: user.email } });
    await signOut(jar);
    expect(cookieHeader(jar)).not.toContain("session-token");
    expect(await me(copied)).toEqual({ status: 401, user: undefined });
    // Auth.js's own session endpoint agrees.
    current.headers = new Headers({ cookie: copied });
    const session = await GET(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie: copied } }));
    expect(await session.json()).toBeNull();
  });

  it("signing out one browser leaves the user's other sessions alone", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    const laptop = await signIn(user.email, user.password);
    const desktop = await signIn(user.email, user.password);
    const laptopCookies = cookieHeader(laptop);
    await signOut(laptop);
    expect((await me(laptopCookies)).status).toBe(401);
    expect(await me(cookieHeader(desktop))).toMatchObject({ status: 200, user: { email: user.email } });
  });

  it("a role change or a new password ends the user's sessions at once; so does removing the user", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "operator");
    const other = await makeUser(org, "operator");
    const otherCookies = cookieHeader(await signIn(other.email, other.password));

    const before = cookieHeader(await signIn(user.email, user.password));
    expect((await me(before)).user?.role).toBe("operator");
    await updateConsoleUser(org.ctx, { email: user.email, role: "support" });
    expect((await me(before)).status).toBe(401);
    // Signed in again, the session has the database's role.
    const again = cookieHeader(await signIn(user.email, user.password));
    expect((await me(again)).user?.role).toBe("support");

    // A new name alone keeps the session.
    await updateConsoleUser(org.ctx, { email: user.email, name: "Renamed" });
    expect((await me(again)).status).toBe(200);

    await updateConsoleUser(org.ctx, { email: user.email, password: "a-brand-new-password" });
    expect((await me(again)).status).toBe(401);
    const withNew = cookieHeader(await signIn(user.email, "a-brand-new-password"));
    expect((await me(withNew)).status).toBe(200);

    await removeConsoleUser(org.ctx, { email: user.email });
    expect((await me(withNew)).status).toBe(401);
    expect(await t.db.select().from(consoleSessions).where(eq(consoleSessions.userId, user.id))).toEqual([]);
    // Nobody else was signed out.
    expect((await me(otherCookies)).status).toBe(200);
  });

  it("a session past CONSOLE_SESSION_MAX_AGE is refused even if its cookie is still sent", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    const cookies = cookieHeader(await signIn(user.email, user.password));
    expect((await me(cookies)).status).toBe(200);
    await t.db
      .update(consoleSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(consoleSessions.userId, user.id));
    expect((await me(cookies)).status).toBe(401);
  });

  it("a new password or role revokes the refresh tokens the user obtained with the old password", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "operator");
    const { obtainToken } = await import("./obtain-token");
    const issued = await obtainToken(t.db, { email: user.email, password: user.password }, "10.78.0.1");
    await updateConsoleUser(org.ctx, { email: user.email, password: "another-new-password" });
    await expect(obtainToken(t.db, { refreshToken: issued.refreshToken }, "10.78.0.1")).rejects.toMatchObject({
      kind: "invalidCredential",
    });
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.consoleUserId, user.id));
    expect(rows.map((r) => r.revokedReason)).toEqual(["password_changed"]);
  });
});

describe("session cookies over HTTPS", () => {
  afterEach(() => {
    setEnv({ TRUST_PROXY_HOPS: undefined });
  });

  async function sessionCookie(headers: Record<string, string>) {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    const { handlers } = await import("./config");
    const send = async (path: string, jar: Jar, form?: Record<string, string>) => {
      const res = await (form ? handlers.POST : handlers.GET)(
        new NextRequest(`${ORIGIN}/api/auth/${path}`, {
          method: form ? "POST" : "GET",
          headers: {
            cookie: cookieHeader(jar),
            ...headers,
            ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          },
          body: form ? new URLSearchParams(form).toString() : undefined,
        }),
      );
      keep(jar, res);
      return res;
    };
    const jar: Jar = new Map();
    const { csrfToken } = await (await send("csrf", jar)).json();
    const res = await send("callback/credentials", jar, { email: user.email, password: user.password, csrfToken });
    return res.headers.getSetCookie().find((c) => c.includes("authjs.session-token="));
  }

  it("are Secure (__Secure-) when a trusted proxy says HTTPS, and not when a client merely claims it", async () => {
    const claimed = await sessionCookie({ "x-forwarded-proto": "https" });
    expect(claimed).toMatch(/^authjs\.session-token=/);
    expect(claimed).not.toMatch(/;\s*Secure/i);
    setEnv({ TRUST_PROXY_HOPS: "1" });
    const proxied = await sessionCookie({ "x-forwarded-proto": "https", "x-forwarded-for": "10.79.0.1" });
    expect(proxied).toMatch(/^__Secure-authjs\.session-token=/);
    expect(proxied).toMatch(/;\s*Secure/i);
    expect(proxied).toMatch(/;\s*HttpOnly/i);
  });
});
