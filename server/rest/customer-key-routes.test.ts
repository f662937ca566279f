import { describe, expect, it } from "vitest";
import type { RouteContract } from "@/server/rest/contracts/contract";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { uniq, useTestDb } from "@/test/db";
import { domesticCustomer, freshMeterIds, fullDomesticAccount, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { restRoutes } from "@/server/rest/routes/table";

const t = useTestDb();

/** The only routes a customer's key (or its token) may call (ADR 0207): its accounts and their consumption. */
const CUSTOMER_ROUTES = new Set([
  "GET /v1/accounts/{}/",
  "GET /v1/electricity-meter-points/{}/",
  "GET /v1/electricity-meter-points/{}/meters/{}/consumption/",
  "GET /v1/gas-meter-points/{}/meters/{}/consumption/",
]);

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  contract?: RouteContract;
};

/** Every route of the REST route table (the router, ADR 0505) that is built from a contract. */
async function routes() {
  const out: { name: string; handler: Handler; contract: RouteContract; params: Record<string, string> }[] = [];
  for (const route of restRoutes) {
    const contract = route.handler.contract;
    if (!contract) continue;
    const params = Object.fromEntries([...route.template.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => [m[1], "X-1"]));
    out.push({
      name: `${route.method} ${contract.path.replace(/\{\w+\}/g, "{}")}`,
      handler: route.handler as Handler,
      contract,
      params,
    });
  }
  return out;
}

describe("customer keys on the REST routes", () => {
  it("every authenticated route but the customer's own account and consumption refuses a customer's key and its token (403 customer_key_not_accepted)", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const ids = { supplier: supplier.code, external: uniq("EXT"), ...freshMeterIds() };
    const email = `${uniq("dee").toLowerCase()}@example.com`;
    await stageAccount(
      org.ctx,
      StageAccountInput.parse(fullDomesticAccount(ids, { customers: [domesticCustomer({ email })] })),
    );
    const { account_number } = await processAccountImport(org.ctx, {
      import_supplier: supplier.code,
      external_account_number: ids.external,
      dry_run: false,
    });
    const { key } = await issueCustomerKey(org.ctx, { accountNumber: account_number, email });
    const token = (
      await call(graphql, "/v1/graphql/", {
        body: { query: `mutation { obtainKrakenToken(input: {APIKey: "${key}"}) { token } }` },
      })
    ).json.data.obtainKrakenToken.token as string;

    const all = await routes();
    const authenticated = all.filter((r) => r.contract.auth !== "none");
    expect(authenticated.filter((r) => r.contract.path.includes("/data-import/")).length).toBeGreaterThan(15);
    expect(
      all
        .filter((r) => CUSTOMER_ROUTES.has(r.name))
        .map((r) => r.name)
        .sort(),
    ).toEqual([...CUSTOMER_ROUTES].sort());
    for (const r of authenticated) {
      for (const auth of [`Token ${key}`, `JWT ${token}`]) {
        const res = await call(r.handler, r.contract.path.replace(/\{\w+\}/g, "X-1"), {
          body: r.name.startsWith("GET") ? undefined : {},
          auth,
          params: r.params,
        });
        if (CUSTOMER_ROUTES.has(r.name)) expect(res.json?.code, r.name).not.toBe("customer_key_not_accepted");
        else expect([res.status, res.json?.code], r.name).toEqual([403, "customer_key_not_accepted"]);
      }
    }
  });
});
