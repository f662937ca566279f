import { addDays, londonMidnight, londonToday } from "@/server/lib/time";
import {
  EXAMPLE,
  exampleAccount,
  exampleNotes,
  exampleStatements,
  exampleTransactions,
} from "@/test/factories/production-examples";
import { expect, freshMeter, test } from "../fixtures";

// Issue 38 over real HTTP against the production build: production's own example payloads, the
// GSP route and the GraphQL fields and connection the home-energy clients send.
const STAGE = "/v1/data-import/account-import-process/create-or-update/";

test.describe("production's example payloads", () => {
  test('the example account (its ledger in ledgers[], a payment_type of "") validates, stages and imports; the post-import examples follow', async ({
    script,
    seed,
  }) => {
    expect(seed.exampleSupplier).toBe(EXAMPLE.supplier);
    const account = exampleAccount();
    const valid = await script.post("/v1/data-import/validate-account/", { data: account });
    expect(valid.status(), await valid.text()).toBe(200);
    expect((await script.post(STAGE, { data: account })).status()).toBe(201);
    const done = await script.post("/v1/data-import/account-import-process/process/", {
      data: { import_supplier_code: EXAMPLE.supplier, external_account_number: EXAMPLE.external },
    });
    expect(done.status(), await done.text()).toBe(201);
    const { kraken_account_number: number } = await done.json();

    const notes = await script.post("/v1/data-import/notes/create/", { data: exampleNotes() });
    expect(notes.status(), await notes.text()).toBe(201);
    // Ids 1-4 are the ledger's own, with other data: refused, never dropped; the next ids are added.
    const reused = await script.post("/v1/data-import/transactions/create/", { data: exampleTransactions() });
    expect([reused.status(), (await reused.json()).code]).toEqual([400, "transaction_id_already_used"]);
    const body = exampleTransactions();
    body.transactions.forEach(
      (t: { transaction_id: string }) => (t.transaction_id = `${Number(t.transaction_id) + 6}`),
    );
    const txs = await script.post("/v1/data-import/transactions/create/", { data: body });
    expect(txs.status(), await txs.text()).toBe(201);
    expect((await txs.json()).results.map((r: any) => [r.transaction_data.type, r.transaction_data.amount])).toEqual([
      ["CHARGE", "10.00"],
      ["CHARGE", "10.00"],
      ["CREDIT", "10.00"],
      ["PAYMENT", "10.00"],
      ["REPAYMENT", "10.00"],
      ["SUPPLY_CHARGE", "53.24"],
    ]);
    const statements = await script.post("/v1/data-import/historical-statements/create/", {
      data: exampleStatements(),
    });
    expect(statements.status(), await statements.text()).toBe(201);

    // A sub-penny amount is refused at its attr, never rounded.
    const subPenny = await script.post("/v1/data-import/transactions/create/", {
      data: {
        import_supplier: EXAMPLE.supplier,
        external_account_number: EXAMPLE.external,
        transactions: [{ ...body.transactions[0], transaction_id: "99", amount: 10.005 }],
      },
    });
    expect(await subPenny.json()).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "amount_not_whole_pence",
      errors: [{ attr: "transactions.0.amount" }],
    });

    // The account's balance is the ledger's 30.00 and what followed: 30 - 10 - 10 + 10 + 10 - 10 - 53.24.
    const gql = await script.post("/v1/graphql/", {
      data: { query: `{ account(accountNumber: "${number}") { balance } }` },
    });
    expect((await gql.json()).data.account.balance).toBe(-3324);
  });

  test("ledgers[] and the flat ledger fields together are refused with a clear code", async ({ script }) => {
    // Meter points of its own: the example's are on the example account by now.
    const res = await script.post("/v1/data-import/validate-account/", {
      data: { ...exampleAccount({ external: "EXAMPLE-BOTH", ...freshMeter() }), last_statement_balance: "20.00" },
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).errors).toEqual([
      expect.objectContaining({
        code: "ledgers_and_deprecated_ledger_fields_provided",
        attr: "last_statement_balance",
      }),
    ]);
  });
});

test.describe("GSP groups by postcode", () => {
  test("all 14 without a postcode, the postcode's group with one, an empty page when it cannot be mapped", async ({
    request,
  }) => {
    const all = await (await request.get("/v1/industry/grid-supply-points/")).json();
    expect([all.count, all.next, all.previous, all.results.length]).toEqual([14, null, null, 14]);
    expect(await (await request.get("/v1/industry/grid-supply-points/?postcode=sw1a1aa")).json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ group_id: "_C" }],
    });
    expect((await (await request.get("/v1/industry/grid-supply-points/?postcode=EH2%203AT")).json()).results).toEqual([
      { group_id: "_N" },
    ]);
    for (const postcode of ["BT1%201AA", "nonsense", "JE2"]) {
      const res = await request.get(`/v1/industry/grid-supply-points/?postcode=${postcode}`);
      expect([res.status(), await res.json()]).toEqual([200, { count: 0, next: null, previous: null, results: [] }]);
    }
  });
});

test.describe("GraphQL for home-energy clients", () => {
  test("applicableRates pages an account's meter point's rates; another's meter point is KT-CT-1111; meters say whether they are smart", async ({
    script,
    seed,
  }) => {
    const acc = seed.accounts[0];
    const from = londonMidnight(addDays(londonToday(), -2)).toISOString();
    const to = londonMidnight(londonToday()).toISOString();
    const ask = async (mpxn: string, page: string) =>
      (
        await script.post("/v1/graphql/", {
          data: {
            query: `{ applicableRates(accountNumber: "${acc.accountNumber}", mpxn: "${mpxn}", startAt: "${from}", endAt: "${to}"${page}) { totalCount edgeCount pageInfo { hasNextPage endCursor } edges { node { value validFrom validTo } } } }`,
          },
        })
      ).json();
    const first = await ask(acc.mpan, ", first: 1");
    expect(first.errors).toBeUndefined();
    expect(first.data.applicableRates.edgeCount).toBe(1);
    expect(typeof first.data.applicableRates.edges[0].node.value).toBe("string");
    const other = await ask(seed.accounts[1].mpan, "");
    expect(other.errors[0].extensions.errorCode).toBe("KT-CT-1111");

    const meters = await (
      await script.post("/v1/graphql/", {
        data: {
          query: `{ account(accountNumber: "${acc.accountNumber}") { electricityAgreements { meterPoint { meters { meterType } } } gasAgreements { meterPoint { meters { mechanism } } } } }`,
        },
      })
    ).json();
    expect(["S1", "S2", "N", "H", "K"]).toContain(
      meters.data.account.electricityAgreements[0].meterPoint.meters[0].meterType,
    );
    expect(["S1", "S2", "CR", "PP"]).toContain(meters.data.account.gasAgreements[0].meterPoint.meters[0].mechanism);
  });
});
