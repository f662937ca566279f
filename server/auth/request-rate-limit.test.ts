import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { publicAccountHandler as accountRoute } from "@/server/rest/routes/public";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { productListHandler as products } from "@/server/rest/routes/public";
import { setEnv } from "@/server/env.mjs";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { uniq, useTestDb } from "@/test/db";
import { makeApiKey, makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";
import { forgetLocalCounts } from "./request-rate-limit";

// Issue 37 item 6: REST and GraphQL share one limiter, per key and per client address, counted
// in PostgreSQL across instances, with production's 429 and Retry-After.
const t = useTestDb();
const NET = `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
let n = 0;
const freshAddress = () => `10.${NET}.${(n++ % 250) + 1}`;

afterEach(() => {
  setEnv({
    API_RATE_LIMIT_PER_MINUTE: undefined,
    API_CUSTOMER_RATE_LIMIT_PER_MINUTE: "0",
    API_ADDRESS_RATE_LIMIT_PER_MINUTE: "0",
  });
  forgetLocalCounts();
});

const expectThrottled = (res: { status: number; json: any; headers: Headers }, what: string) => {
  expect(res.status, what).toBe(429);
  expect(res.json, what).toEqual({
    detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds?\.$/),
    code: "throttled",
    errors: [],
  });
  const after = Number(res.headers.get("retry-after"));
  expect(after >= 1 && after <= 60, what).toBe(true);
};

describe("one request limiter for REST and GraphQL", () => {
  it("a customer key's REST and GraphQL requests share its budget", async () => {
    setEnv({ API_CUSTOMER_RATE_LIMIT_PER_MINUTE: "5" });
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const account = await makeImportedAccount(org, supplier.code);
    const [email] = await t.db
      .execute(
        sql`select c.email from customers c join accounts a on a.id = c.account_id where a.number = ${account.accountNumber}`,
      )
      .then((r) =>
        ("rows" in (r as object)
          ? (r as unknown as { rows: { email: string }[] }).rows
          : (r as unknown as { email: string }[])
        ).map((x) => x.email),
      );
    const { key } = await issueCustomerKey(org.ctx, { accountNumber: account.accountNumber, email });
    const rest = () =>
      call(accountRoute, `/v1/accounts/${account.accountNumber}/`, {
        params: { account: account.accountNumber },
        auth: `Token ${key}`,
        headers: { "x-forwarded-for": freshAddress() },
      });
    const gql = () =>
      call(graphql, "/v1/graphql/", {
        body: { query: `{ account(accountNumber: "${account.accountNumber}") { number } }` },
        auth: key,
        headers: { "x-forwarded-for": freshAddress() },
      });
    for (let i = 0; i < 3; i++) expect((await rest()).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await gql()).json.data.account.number).toBe(account.accountNumber);
    expectThrottled(await rest(), "the sixth request, over REST");
    expect((await gql()).json.errors[0].extensions).toMatchObject({ errorCode: "KT-CT-1199" });
  });

  it("without valid credentials the address is limited, bad keys included; another address is not", async () => {
    setEnv({ API_ADDRESS_RATE_LIMIT_PER_MINUTE: "5" });
    const address = freshAddress();
    const anon = () => call(products, "/v1/products/", { headers: { "x-forwarded-for": address } });
    const badKey = () =>
      call(accountRoute, "/v1/accounts/A-00000000/", {
        params: { account: "A-00000000" },
        auth: `Token sk_live_${uniq("bad")}`,
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < 3; i++) expect((await anon()).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await badKey()).status).toBe(401);
    expectThrottled(await badKey(), "a sixth attempt with a bad key");
    expectThrottled(await anon(), "a seventh request");
    expect((await call(products, "/v1/products/", { headers: { "x-forwarded-for": freshAddress() } })).status).toBe(
      200,
    );
    // An organisation's valid key is counted on the key, not the address.
    const org = await makeOrg(t.db);
    expect(
      (
        await call(accountRoute, "/v1/accounts/A-00000000/", {
          params: { account: "A-00000000" },
          auth: `Token ${org.apiKey}`,
          headers: { "x-forwarded-for": address },
        })
      ).status,
    ).toBe(404);
  });

  it("an organisation key's budget is counted in batches, and holds across instances", async () => {
    setEnv({ API_RATE_LIMIT_PER_MINUTE: "1000" });
    const org = await makeOrg(t.db);
    const key = await makeApiKey(org);
    const ask = () =>
      call(accountRoute, "/v1/accounts/A-00000000/", { params: { account: "A-00000000" }, auth: `Token ${key.key}` });
    const seen: number[] = [];
    for (let i = 0; i < 1000; i++) seen.push((await ask()).status);
    expect(seen.filter((s) => s !== 404)).toEqual([]);
    expectThrottled(await ask(), "the 1,001st request of the minute");
    // The count lives in PostgreSQL: it is what every instance adds to and reads back.
    const counted = await t.db.execute(
      sql`select failures from auth_rate_limits where bucket = ${`api:key:${key.id}`}`,
    );
    const rows =
      "rows" in (counted as object)
        ? (counted as unknown as { rows: { failures: number }[] }).rows
        : (counted as unknown as { failures: number }[]);
    expect(Number(rows[0].failures)).toBeGreaterThan(900);

    // Another instance's requests (here written to the shared count directly) stop this one's soon.
    const other = await makeApiKey(org);
    const askOther = () =>
      call(accountRoute, "/v1/accounts/A-00000000/", { params: { account: "A-00000000" }, auth: `Token ${other.key}` });
    expect((await askOther()).status).toBe(404);
    await t.db.execute(sql`update auth_rate_limits set failures = 1000 where bucket = ${`api:key:${other.id}`}`);
    const after: number[] = [];
    for (let i = 0; i < 30 && after.at(-1) !== 429; i++) {
      after.push((await askOther()).status);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(after.at(-1)).toBe(429);
    expect(after.length).toBeLessThan(30);
  }, 120_000);
});
