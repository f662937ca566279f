import { describe, expect, it } from "vitest";
import { accountPayload, makeImportedAccount, makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { useTestDb, uniq } from "@/test/db";
import { StageAccountInput } from "../account-import/account-schemas";
import { stageAccount } from "../account-import/stage-account";
import { callerFor } from "@/test/factories";

const t = useTestDb();

async function world() {
  const org = await makeOrg(t.db, "Case Energy");
  const supplier = await makeSupplier(org);
  const support = callerFor(t.db, await makeUser(org, "support"));
  const other = await makeOrg(t.db, "Other Energy");
  const outsider = callerFor(t.db, await makeUser(other, "support"));
  return { org, supplier, support, outsider };
}

describe("console account search", () => {
  it("finds an external account number whatever the case, but only in our organisation", async () => {
    const w = await world();
    const external = uniq("BULK");
    const acc = await makeImportedAccount(w.org, w.supplier.code, { external_account_number: external });
    for (const query of [external, external.toLowerCase(), ` ${external.toLowerCase()} `]) {
      expect(await w.support.account.find({ query })).toEqual([
        expect.objectContaining({
          accountNumber: acc.accountNumber,
          externalAccountNumber: external,
          matchedOn: "external_account_number",
          status: "imported",
        }),
      ]);
      expect(await w.outsider.account.find({ query })).toEqual([]);
    }
  });

  it("lists every account that differs only by case, the exact-case one first", async () => {
    const w = await world();
    const upper = uniq("MIX");
    const lower = upper.toLowerCase();
    const a = await makeImportedAccount(w.org, w.supplier.code, { external_account_number: upper });
    const b = await makeImportedAccount(w.org, w.supplier.code, { external_account_number: lower });
    const byLower = await w.support.account.find({ query: lower });
    expect(byLower.map((m) => [m.externalAccountNumber, m.accountNumber])).toEqual([
      [lower, b.accountNumber],
      [upper, a.accountNumber],
    ]);
    const byUpper = await w.support.account.find({ query: upper });
    expect(byUpper.map((m) => m.externalAccountNumber)).toEqual([upper, lower]);
  });

  it("finds staged accounts whatever the case, and treats the query as text, not a pattern", async () => {
    const w = await world();
    const external = uniq("Stage");
    await stageAccount(w.org.ctx, StageAccountInput.parse(accountPayload(w.supplier.code, external)));
    expect(await w.support.account.find({ query: external.toUpperCase() })).toEqual([
      expect.objectContaining({ accountNumber: null, externalAccountNumber: external, status: "staged" }),
    ]);
    expect(await w.support.account.find({ query: "%" })).toEqual([]);
    expect(await w.support.account.find({ query: "_" })).toEqual([]);
  });

  it("finds a staged account by a meter point in its staged payload, named by its customer when billing_name is left out", async () => {
    const w = await world();
    const external = uniq("MPX");
    const { billing_name: _b, ...payload } = accountPayload(w.supplier.code, external);
    await stageAccount(w.org.ctx, StageAccountInput.parse(payload));
    const mprn = (payload.supply_addresses[0].meter_points[1] as { identifier: string }).identifier;
    expect(await w.support.account.find({ query: mprn })).toEqual([
      expect.objectContaining({
        matchedOn: "meter_point",
        accountNumber: null,
        externalAccountNumber: external,
        status: "staged",
        billingName: "Ada Lovelace",
      }),
    ]);
    expect(await w.outsider.account.find({ query: mprn })).toEqual([]);
    expect(await w.support.account.find({ query: mprn.slice(0, -1) })).toEqual([]);
  });
});
