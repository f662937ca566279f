import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { authRateLimits, events, refreshTokens } from "@/db/schema";
import { hashRefreshToken } from "@/server/auth/refresh-tokens";
import { getSigningKey } from "@/server/auth/signing-key";
import { invalidateApiKey } from "@/server/services/organisations/invalidate-api-key";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { call } from "@/test/http";
import { setEnv } from "@/server/env.mjs";

const t = useTestDb();
const MUTATION = `mutation Obtain($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token payload refreshToken refreshExpiresIn } }`;

// Addresses unique to this run: a PostgreSQL test database keeps earlier runs' counters.
const NET = `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const addr = (host: string) => `10.${NET}.${host}`;

async function obtain(input: Record<string, unknown>, address = addr("1")) {
  const res = await call(graphql, "/v1/graphql/", {
    body: { query: MUTATION, variables: { input } },
    headers: { "x-forwarded-for": address },
  });
  return {
    status: res.status,
    data: res.json?.data?.obtainKrakenToken,
    errors: res.json?.errors as any[] | undefined,
    json: res.json,
  };
}

describe("obtainKrakenToken", () => {
  it("issues a 60-minute JWT, its claims, a 7-day refresh token, and an issued event", async () => {
    const org = await makeOrg(t.db);
    const before = Math.floor(Date.now() / 1000);
    const res = await obtain({ APIKey: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data.token.split(".")).toHaveLength(3);
    expect(res.data.payload).toMatchObject({ org: org.id, key: org.apiKeyId, sub: org.number });
    expect(res.data.payload.exp - res.data.payload.iat).toBe(3600);
    expect(res.data.refreshExpiresIn).toBeGreaterThanOrEqual(before + 7 * 86400);
    expect(res.data.refreshExpiresIn).toBeLessThanOrEqual(before + 7 * 86400 + 5);
    const [stored] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.apiKeyId, org.apiKeyId));
    expect(stored.tokenHash).not.toContain(res.data.refreshToken);
    const issued = await t.db.select().from(events).where(eq(events.type, "auth-server.access-token.issued"));
    expect(issued.map((e) => e.payload)).toContainEqual({
      delegate: expect.stringMatching(/^api_key:/),
      viewer: org.number,
      viewer_id: org.id,
    });
  });

  it("accepts the token as Token x, JWT x and bare x on the data-import routes; refuses the others with 401", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const account = await makeImportedAccount(org, supplier.code);
    const { token } = (await obtain({ APIKey: org.apiKey })).data;
    const body = {
      import_supplier: supplier.code,
      external_account_number: account.externalAccountNumber,
      notes: [{ body: "auth" }],
    };
    for (const auth of [`Token ${token}`, `JWT ${token}`, token]) {
      expect((await call(createNotes, "/x", { body, auth })).status).toBe(201);
    }
    const key = await getSigningKey(t.db);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ org: org.id, key: org.apiKeyId, kind: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(org.number)
      .setIssuer("kraken-migrate")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(key);
    const forged = await new SignJWT({ org: org.id, key: org.apiKeyId, kind: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("kraken-migrate")
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode("not-the-secret"));
    const cases: [string | null, string][] = [
      [null, "authentication_required"],
      ["Token ", "authentication_failed"],
      ["   ", "authentication_required"],
      ["Token not-a-token", "authentication_failed"],
      [`Token ${forged}`, "authentication_failed"],
      [`Token ${expired}`, "token_expired"],
      ["Token sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "authentication_failed"],
    ];
    for (const [auth, code] of cases) {
      const res = await call(createNotes, "/x", { body, auth });
      expect(res.status, String(auth)).toBe(401);
      expect(res.json).toMatchObject({ code, errors: [] });
      expect(res.headers.get("www-authenticate")).toContain("Token");
    }
    await invalidateApiKey(org.ctx, { keyId: org.apiKeyId });
    const revoked = await call(createNotes, "/x", { body, auth: `Token ${token}` });
    expect(revoked.status).toBe(401);
    const refreshed = await obtain({ APIKey: org.apiKey });
    expect(refreshed.errors?.[0].extensions.errorCode).toBe("KT-CT-1139");
  });

  it("rotates refresh tokens; a replayed one is refused and revokes its family", async () => {
    const org = await makeOrg(t.db);
    const first = (await obtain({ APIKey: org.apiKey })).data;
    const second = await obtain({ refreshToken: first.refreshToken });
    expect(second.errors).toBeUndefined();
    expect(second.data.refreshToken).not.toBe(first.refreshToken);
    expect(second.data.payload).toMatchObject({ org: org.id, key: org.apiKeyId });
    const replay = await obtain({ refreshToken: first.refreshToken });
    expect(replay.data).toBeNull();
    expect(replay.errors![0]).toMatchObject({
      message: "Invalid credential.",
      path: ["obtainKrakenToken"],
      extensions: { errorCode: "KT-CT-1143", errorType: "AUTHORIZATION", errorDescription: expect.any(String) },
    });
    const afterReplay = await obtain({ refreshToken: second.data.refreshToken });
    expect(afterReplay.errors![0].extensions.errorCode).toBe("KT-CT-1143");
    const fresh = (await obtain({ APIKey: org.apiKey })).data;
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(fresh.refreshToken)));
    const expired = await obtain({ refreshToken: fresh.refreshToken });
    expect(expired.errors![0].extensions.errorCode).toBe("KT-CT-1124");
  });

  it("logs a console user in with e-mail and password; support users cannot write", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const account = await makeImportedAccount(org, supplier.code);
    const operator = await makeUser(org, "operator");
    const support = await makeUser(org, "support");
    const op = await obtain({ email: operator.email.toUpperCase(), password: operator.password });
    expect(op.errors).toBeUndefined();
    expect(op.data.payload).toMatchObject({ org: org.id, usr: operator.id });
    const body = {
      import_supplier: supplier.code,
      external_account_number: account.externalAccountNumber,
      notes: [{ body: "by operator" }],
    };
    expect((await call(createNotes, "/x", { body, auth: `Token ${op.data.token}` })).status).toBe(201);
    const sup = await obtain({ email: support.email, password: support.password });
    const denied = await call(createNotes, "/x", { body, auth: `Token ${sup.data.token}` });
    expect(denied.status).toBe(403);
    const wrong = await obtain({ email: operator.email, password: "wrong-password!" });
    // As production's reference gives KT-CT-1139: message "Invalid data.", errorType VALIDATION.
    expect(wrong.errors![0]).toMatchObject({
      message: "Invalid data.",
      extensions: {
        errorCode: "KT-CT-1139",
        errorType: "VALIDATION",
        errorDescription: expect.stringMatching(/^Authentication failed/),
      },
    });
    const refreshed = await obtain({ refreshToken: op.data.refreshToken });
    expect(refreshed.data.payload).toMatchObject({ usr: operator.id });
  });

  it("needs exactly one method", async () => {
    const org = await makeOrg(t.db);
    for (const input of [
      {},
      { APIKey: org.apiKey, refreshToken: "x" },
      { email: "a@b.c" },
      { APIKey: org.apiKey, password: "x" },
    ]) {
      const res = await obtain(input, addr("9"));
      expect(res.errors?.[0].extensions.errorCode, JSON.stringify(input)).toBe("KT-CT-1139");
    }
    const bad = await call(graphql, "/v1/graphql/", {
      body: { query: "mutation { obtainKrakenToken(input: {APIKey: 5}) { token } }" },
    });
    expect(bad.json.errors).toHaveLength(1);
  });

  it("rate-limits failed key attempts per key and per address (KT-CT-1199), in the database, but never a valid key", async () => {
    setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES: "3" });
    setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS: "5" });
    try {
      const org = await makeOrg(t.db);
      const guess = `sk_live_${uniq("GUESS").padEnd(32, "x")}`;
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await obtain({ APIKey: guess }, addr(`1${i}`))).errors![0].extensions.errorCode);
      expect(codes).toEqual(["KT-CT-1139", "KT-CT-1139", "KT-CT-1139", "KT-CT-1199"]);
      // The per-address limit catches guesses spread over many keys.
      const perAddress = [];
      for (let i = 0; i < 6; i++)
        perAddress.push(
          (await obtain({ APIKey: `sk_live_${uniq(`K${i}`).padEnd(32, "y")}` }, addr("22"))).errors![0].extensions
            .errorCode,
        );
      expect(perAddress.slice(0, 5)).toEqual(Array(5).fill("KT-CT-1139"));
      expect(perAddress[5]).toBe("KT-CT-1199");
      // The right key still works from that address: a 190-bit key is not guessed by trying.
      expect((await obtain({ APIKey: org.apiKey }, addr("22"))).errors).toBeUndefined();
      // Successes do not count: many good logins from one address stay allowed.
      for (let i = 0; i < 7; i++) expect((await obtain({ APIKey: org.apiKey }, addr("33"))).errors).toBeUndefined();
      expect(
        await t.db
          .select()
          .from(authRateLimits)
          .where(eq(authRateLimits.bucket, `ip-key:${addr("33")}`)),
      ).toEqual([]);
      // A window that has passed resets the count.
      await t.db
        .update(authRateLimits)
        .set({ windowStartedAt: new Date(Date.now() - 3600_000) })
        .where(eq(authRateLimits.bucket, `ip-key:${addr("22")}`));
      expect(
        (await obtain({ APIKey: `sk_live_${uniq("K9").padEnd(32, "y")}` }, addr("22"))).errors![0].extensions.errorCode,
      ).toBe("KT-CT-1139");
    } finally {
      setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES: undefined });
      setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS: undefined });
    }
  });

  it("password failures slow one (e-mail, address) first, lock the e-mail only at a much higher bar, and never block API keys", async () => {
    setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES: "3" });
    setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES_PER_USER: "8" });
    setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS: "5" });
    try {
      const org = await makeOrg(t.db);
      const user = await makeUser(org, "operator");
      const attacker = addr("44");
      const wrong = [];
      for (let i = 0; i < 4; i++)
        wrong.push(
          (await obtain({ email: user.email, password: `wrong-${i}` }, attacker)).errors![0].extensions.errorCode,
        );
      expect(wrong).toEqual(["KT-CT-1139", "KT-CT-1139", "KT-CT-1139", "KT-CT-1199"]);
      // The attacker's address is slowed even with the right password...
      expect(
        (await obtain({ email: user.email, password: user.password }, attacker)).errors![0].extensions.errorCode,
      ).toBe("KT-CT-1199");
      // ...but the user, from their own address, is not locked out.
      expect((await obtain({ email: user.email, password: user.password }, addr("45"))).errors).toBeUndefined();
      // Password failures from an address do not block a valid API key from it.
      for (let i = 0; i < 6; i++)
        await obtain({ email: `nobody-${i}-${uniq("x")}@example.com`, password: "guess-guess" }, attacker);
      expect(
        (await obtain({ email: `other-${uniq("x")}@example.com`, password: "guess-guess" }, attacker)).errors![0]
          .extensions.errorCode,
      ).toBe("KT-CT-1199");
      expect((await obtain({ APIKey: org.apiKey }, attacker)).errors).toBeUndefined();
      // Failures spread over many addresses lock the e-mail, only past the per-user bar (8 here).
      const spread = [];
      for (let i = 0; i < 6; i++)
        spread.push(
          (await obtain({ email: user.email, password: `wrong-${i}` }, addr(`5${i}`))).errors![0].extensions.errorCode,
        );
      // 3 failures counted from the first address (its 4th was refused), 5 more reach the bar of 8.
      expect(spread).toEqual(["KT-CT-1139", "KT-CT-1139", "KT-CT-1139", "KT-CT-1139", "KT-CT-1139", "KT-CT-1199"]);
      expect(
        (await obtain({ email: user.email, password: user.password }, addr("46"))).errors![0].extensions.errorCode,
      ).toBe("KT-CT-1199");
    } finally {
      setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES: undefined });
      setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES_PER_USER: undefined });
      setEnv({ AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS: undefined });
    }
  });

  it("answers the viewer query with the token's organisation, and the header codes", async () => {
    const org = await makeOrg(t.db);
    const { token } = (await obtain({ APIKey: org.apiKey })).data;
    const ok = await call(graphql, "/v1/graphql", {
      body: { query: "{ viewer { kind organisationNumber } }" },
      auth: `JWT ${token}`,
    });
    expect(ok.json.data.viewer).toEqual({ kind: "organisation", organisationNumber: org.number });
    const missing = await call(graphql, "/v1/graphql/", { body: { query: "{ viewer { kind } }" } });
    expect(missing.json.errors[0]).toMatchObject({
      message: "'Authorization' header not provided.",
      extensions: { errorCode: "KT-CT-1112", errorType: "AUTHORIZATION" },
    });
    const bad = await call(graphql, "/v1/graphql/", { body: { query: "{ viewer { kind } }" }, auth: "Token nope" });
    expect(bad.json.errors[0].extensions.errorCode).toBe("KT-CT-1111");
  });
});

describe("limits on the unauthenticated endpoint", () => {
  it("refuses a body over 64 kB with 413 in the GraphQL envelope, whether declared or streamed", async () => {
    const big = JSON.stringify({ query: MUTATION, variables: { input: { APIKey: "x".repeat(70_000) } } });
    const declared = await graphql(
      new Request("http://localhost/v1/graphql/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: big,
      }),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      errors: [
        {
          message: "The request body exceeds 65536 bytes.",
          extensions: {
            code: "PAYLOAD_TOO_LARGE",
            errorType: "VALIDATION",
            errorCode: "PAYLOAD_TOO_LARGE",
            errorDescription: "The request body exceeds 65536 bytes.",
          },
        },
      ],
    });
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode(" ".repeat(4096)));
        c.close();
      },
    });
    const streamed = await graphql(
      new Request("http://localhost/v1/graphql/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("refuses a document of more than 2,000 tokens as a parse error (a deep one was a 500)", async () => {
    const deep = `{${"a{".repeat(20_000)}b${"}".repeat(20_000)}}`;
    // As for any syntax error with an application/json response: 200 and the error in the envelope.
    for (const query of [deep, `{${" __typename".repeat(2_000)}}`]) {
      const res = await call(graphql, "/v1/graphql/", { body: { query } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        // In production's envelope (errorType/errorCode/errorDescription) beside Yoga's own code.
        errors: [
          expect.objectContaining({
            message: expect.stringMatching(/^Syntax Error: Document contains more tha[nt] 2000 tokens/),
            extensions: {
              code: "GRAPHQL_PARSE_FAILED",
              errorType: "VALIDATION",
              errorCode: "GRAPHQL_PARSE_FAILED",
              errorDescription: expect.stringMatching(/^Syntax Error/),
            },
          }),
        ],
      });
    }
  });

  it("still answers an ordinary operation after reading the body itself", async () => {
    const org = await makeOrg(t.db);
    const res = await obtain({ APIKey: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.data.token).toBeTruthy();
  });
});
