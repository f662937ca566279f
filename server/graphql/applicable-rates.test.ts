import { beforeAll, describe, expect, it } from "vitest";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { systemCtx } from "@/server/context";
import { addDays, londonMidnight, londonToday, londonWallTime } from "@/server/lib/time";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { uniq, useTestDb } from "@/test/db";
import {
  electricityPoint,
  freshMeterIds,
  fullDomesticAccount,
  gasPoint,
  makeOrg,
  makeSupplier,
  type OrgFixture,
  supplyAddress,
  TARIFFS,
} from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const gql = (query: string, auth: string) =>
  call(graphql, "/v1/graphql/", {
    body: { query },
    auth,
    headers: { "x-forwarded-for": `10.38.${Math.floor(Math.random() * 250)}.7` },
  }).then((r) => r.json as { data?: any; errors?: any[] });

const today = londonToday();
const yesterday = addDays(today, -1);
const dayBefore = addDays(today, -2);

/** An account on Agile until yesterday, then on Flexible Octopus. */
async function agileAccount(org: OrgFixture) {
  const supplier = await makeSupplier(org);
  const ids = { supplier: supplier.code, external: uniq("EXT"), ...freshMeterIds() };
  const elec = electricityPoint(ids.mpan, {
    agreements: [
      { tariff_code: "E-1R-AGILE-24-10-01-C", effective_from: "2025-01-01", effective_to: yesterday },
      { tariff_code: TARIFFS.single, effective_from: yesterday },
    ],
  });
  await stageAccount(
    org.ctx,
    StageAccountInput.parse(
      fullDomesticAccount(ids, { supply_addresses: [supplyAddress([elec, gasPoint(ids.mprn)])] }),
    ),
  );
  const { account_number } = await processAccountImport(org.ctx, {
    import_supplier: supplier.code,
    external_account_number: ids.external,
    dry_run: false,
  });
  return { number: account_number, ...ids };
}

const query = (account: string, mpxn: string, startAt: string, endAt: string, page = "") =>
  `{ applicableRates(accountNumber: "${account}", mpxn: "${mpxn}", startAt: "${startAt}", endAt: "${endAt}"${page}) { totalCount edgeCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { value validFrom validTo } } } }`;

describe("GraphQL applicableRates", () => {
  // Both tests import accounts on these products' tariffs.
  beforeAll(() => loadDemoProducts(systemCtx(t.db, "fixtures"), { only: ["AGILE-24-10-01", "VAR-22-11-01"] }));

  it("lists the account's meter point's rates over the period, each cut to its agreement, as a Relay connection", async () => {
    const org = await makeOrg(t.db);
    const acc = await agileAccount(org);
    const auth = `Token ${org.apiKey}`;
    const from = londonMidnight(dayBefore).toISOString();
    const noon = londonWallTime(...(yesterday.split("-").map(Number) as [number, number, number]), 12).toISOString();
    const slots = (londonMidnight(yesterday).getTime() - londonMidnight(dayBefore).getTime()) / 1_800_000;

    const all = await gql(query(acc.number, acc.mpan, from, noon), auth);
    expect(all.errors).toBeUndefined();
    const c = all.data.applicableRates;
    // The day before yesterday's half hours on Agile, then Flexible Octopus's one price cut to the window.
    expect([c.totalCount, c.edgeCount, c.pageInfo.hasNextPage, c.pageInfo.hasPreviousPage]).toEqual([
      slots + 1,
      slots + 1,
      false,
      false,
    ]);
    const nodes = c.edges.map((e: any) => e.node);
    expect(nodes[0].validFrom).toBe(from.replace(".000Z", "Z"));
    for (let i = 1; i < nodes.length; i++) expect(nodes[i].validFrom, `gap before ${i}`).toBe(nodes[i - 1].validTo);
    expect(nodes.at(-1)).toMatchObject({
      validFrom: londonMidnight(yesterday).toISOString().replace(".000Z", "Z"),
      validTo: noon.replace(".000Z", "Z"),
    });
    expect(nodes.every((n: any) => typeof n.value === "string" && /^-?\d+(\.\d+)?$/.test(n.value))).toBe(true);

    // first/after pages through the same list.
    const seen: any[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await gql(
        query(acc.number, acc.mpan, from, noon, `, first: 20${after ? `, after: "${after}"` : ""}`),
        auth,
      );
      const conn = page.data.applicableRates;
      seen.push(...conn.edges.map((e: any) => e.node));
      expect(conn.edgeCount).toBe(conn.edges.length);
      expect(conn.pageInfo.hasPreviousPage).toBe(false);
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(seen).toEqual(nodes);
    const lastTwo = await gql(query(acc.number, acc.mpan, from, noon, ", last: 2"), auth);
    expect(lastTwo.data.applicableRates.edges.map((e: any) => e.node)).toEqual(nodes.slice(-2));
    expect(lastTwo.data.applicableRates.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });

    // A period with no agreement in force (before supply) is an empty connection.
    const none = await gql(query(acc.number, acc.mpan, "2020-01-01T00:00:00Z", "2020-01-02T00:00:00Z"), auth);
    expect(none.data.applicableRates).toMatchObject({
      totalCount: 0,
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  }, 120_000);

  it("answers production's KT-CT-1111 for another organisation's account or a meter point not on the account; refuses a period over 31 days", async () => {
    const org = await makeOrg(t.db);
    const acc = await agileAccount(org);
    const other = await makeOrg(t.db);
    const otherAcc = await agileAccount(other);
    const window = ["2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"] as const;
    for (const [who, account, mpxn] of [
      [other, acc.number, acc.mpan],
      [org, acc.number, otherAcc.mpan],
      [org, acc.number, "1200000000000"],
      [org, "A-00000000", acc.mpan],
    ] as const) {
      const res = await gql(query(account, mpxn, ...window), `Token ${who.apiKey}`);
      expect(res.data?.applicableRates ?? null, `${account} ${mpxn}`).toBeNull();
      expect(res.errors![0].extensions).toMatchObject({ errorCode: "KT-CT-1111", errorType: "AUTHORIZATION" });
    }
    const long = await gql(
      query(acc.number, acc.mpan, "2026-09-01T00:00:00Z", "2026-10-15T00:00:00Z"),
      `Token ${org.apiKey}`,
    );
    expect(long.errors![0].extensions).toMatchObject({
      errorType: "VALIDATION",
      errorCode: "applicable_rates_period_too_long",
    });
    const backwards = await gql(query(acc.number, acc.mpan, window[1], window[0]), `Token ${org.apiKey}`);
    expect(backwards.errors![0].extensions.errorCode).toBe("invalid_period");
  }, 120_000);
});
