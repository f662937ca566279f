import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publicAccountHandler as accountRoute } from "@/server/rest/routes/public";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { refreshTokens } from "@/db/schema";
import { removeConsoleUser } from "@/server/services/users/remove-console-user";
import { updateConsoleUser } from "@/server/services/users/update-console-user";
import { useTestDb } from "@/test/db";
import { makeApiKey, makeImportedAccount, makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { call } from "@/test/http";
import { keyCacheListening } from "./key-cache";
import { obtainToken } from "./obtain-token";
import { revokeFamily } from "./refresh-tokens";

// Issue 37 item 4: an access token is refused once what it was issued under is gone: the user's
// password or role as it was, the user, the sessions, or the refresh family issued with it.
const t = useTestDb();
let n = 0;
const address = () => `10.137.${Math.floor(Math.random() * 250)}.${(n++ % 250) + 1}`;

async function setup() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  const account = await makeImportedAccount(org, supplier.code);
  return { org, account };
}

/** What the token reads over REST and GraphQL: 200 and the account, or 401 / KT-CT-1143-style refusals. */
async function reads(token: string, accountNumber: string) {
  const rest = await call(accountRoute, `/v1/accounts/${accountNumber}/`, {
    params: { account: accountNumber },
    auth: `JWT ${token}`,
  });
  const gql = await call(graphql, "/v1/graphql/", {
    body: { query: `{ account(accountNumber: "${accountNumber}") { number } }` },
    auth: `JWT ${token}`,
    headers: { "x-forwarded-for": address() },
  });
  return { rest: rest.status, graphql: gql.json.data?.account?.number === accountNumber ? "read" : "refused" };
}
const READ = { rest: 200, graphql: "read" };
const REFUSED = { rest: 401, graphql: "refused" };

async function waitUntil(check: () => Promise<boolean> | boolean, ms = 3000) {
  const until = performance.now() + ms;
  while (!(await check()) && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe("access tokens end with what they were issued under", () => {
  it("a console user's token stops at a password change, a role change and the user's removal; a new token works", async () => {
    const { org, account } = await setup();
    const user = await makeUser(org, "operator");
    const first = await obtainToken(t.db, { email: user.email, password: user.password }, address());
    expect(await reads(first.token, account.accountNumber)).toEqual(READ);

    await updateConsoleUser(org.ctx, { email: user.email, password: "a-changed-password-1" });
    expect(await reads(first.token, account.accountNumber)).toEqual(REFUSED);
    const second = await obtainToken(t.db, { email: user.email, password: "a-changed-password-1" }, address());
    expect(await reads(second.token, account.accountNumber)).toEqual(READ);

    await updateConsoleUser(org.ctx, { email: user.email, role: "support" });
    expect(await reads(second.token, account.accountNumber)).toEqual(REFUSED);
    const third = await obtainToken(t.db, { email: user.email, password: "a-changed-password-1" }, address());
    expect(await reads(third.token, account.accountNumber)).toEqual(READ);
    // A new name is no new grant: the token keeps working.
    await updateConsoleUser(org.ctx, { email: user.email, name: "Renamed" });
    expect(await reads(third.token, account.accountNumber)).toEqual(READ);

    await removeConsoleUser(org.ctx, { email: user.email });
    expect(await reads(third.token, account.accountNumber)).toEqual(REFUSED);
  });

  it("the token of a revoked refresh family is refused: revoked here, on reuse of a rotated refresh token, or by another instance", async () => {
    const { org, account } = await setup();
    const key = await makeApiKey(org);
    const issued = await obtainToken(t.db, { APIKey: key.key }, address());
    expect(await reads(issued.token, account.accountNumber)).toEqual(READ);
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.apiKeyId, key.id));
    await revokeFamily(t.db, row.familyId, "revoked_by_operator");
    expect(await reads(issued.token, account.accountNumber)).toEqual(REFUSED);

    // A rotated refresh token presented again revokes its family: the access tokens of every
    // rotation stop, the thief's and the owner's alike.
    const start = await obtainToken(t.db, { APIKey: key.key }, address());
    const rotated = await obtainToken(t.db, { refreshToken: start.refreshToken }, address());
    expect([
      await reads(start.token, account.accountNumber),
      await reads(rotated.token, account.accountNumber),
    ]).toEqual([READ, READ]);
    await expect(obtainToken(t.db, { refreshToken: start.refreshToken }, address())).rejects.toMatchObject({
      kind: "invalidCredential",
    });
    expect([
      await reads(start.token, account.accountNumber),
      await reads(rotated.token, account.accountNumber),
    ]).toEqual([REFUSED, REFUSED]);

    // Revoked by SQL (another instance, an operator at psql): refused once the notification arrives.
    const other = await obtainToken(t.db, { APIKey: key.key }, address());
    expect(await waitUntil(() => keyCacheListening(t.db) === true)).toBe(true);
    expect(await reads(other.token, account.accountNumber)).toEqual(READ);
    await t.db.execute(
      sql`update refresh_tokens set revoked_at = now(), revoked_reason = 'psql' where api_key_id = ${key.id} and revoked_at is null`,
    );
    expect(await waitUntil(async () => (await reads(other.token, account.accountNumber)).rest === 401, 1500)).toBe(
      true,
    );
    // A plain rotation is no revocation: the refreshed token keeps working.
    const live = await obtainToken(t.db, { APIKey: key.key }, address());
    const next = await obtainToken(t.db, { refreshToken: live.refreshToken }, address());
    expect([await reads(live.token, account.accountNumber), await reads(next.token, account.accountNumber)]).toEqual([
      READ,
      READ,
    ]);
  });
});
