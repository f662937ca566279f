import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { accounts, accountUsers, supplyAddresses } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { loadProducts } from "@/server/services/products/load-products";
import { uniq, useTestDb } from "@/test/db";
import {
  domesticCustomer,
  electricityPoint,
  freshMeterIds,
  fullDomesticAccount,
  gasPoint,
  makeOrg,
  makeSupplier,
  supplyAddress,
  testCatalogue,
} from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const NET = `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const gql = (query: string, auth: string) =>
  call(graphql, "/v1/graphql/", { body: { query }, auth, headers: { "x-forwarded-for": `10.${NET}.7` } }).then(
    (r) => r.json as { data?: any; errors?: any[] },
  );

/**
 * Issue 21, "What must hold" 2: every field the issue names beyond the Home Assistant document
 * (which customer-graphql.test.ts replays), each checked against what the import and the
 * product catalogue stored; a price the catalogue does not hold for a period is null.
 */
describe("the account, properties and viewer fields against the import", () => {
  it("answers number, status, balance, tariffs with names and prices, agreements filtered by active/includeInactive, and properties", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const cat = testCatalogue();
    await loadProducts(systemCtx(t.db), cat.file);
    const product = cat.codes.plain;
    const [elecTariff, gasTariff] = [`E-1R-${product}-C`, `G-1R-${product}-C`];

    const ids = { supplier: supplier.code, external: uniq("EXT"), ...freshMeterIds() };
    const email = `${uniq("cy").toLowerCase()}@example.com`;
    const elec = electricityPoint(ids.mpan);
    elec.agreements = [
      { tariff_code: elecTariff, effective_from: "2025-01-01", effective_to: "2025-07-01" },
      { tariff_code: elecTariff, effective_from: "2025-07-01" },
    ];
    const gas = gasPoint(ids.mprn);
    gas.agreements = [{ tariff_code: gasTariff, effective_from: "2025-01-01" }];
    await stageAccount(
      org.ctx,
      StageAccountInput.parse(
        fullDomesticAccount(ids, {
          customers: [domesticCustomer({ email })],
          supply_addresses: [supplyAddress([elec, gas])],
        }),
      ),
    );
    const { account_number: number } = await processAccountImport(org.ctx, {
      import_supplier: supplier.code,
      external_account_number: ids.external,
      dry_run: false,
    });
    const { key } = await issueCustomerKey(org.ctx, { accountNumber: number, email });
    const token = (await gql(`mutation { obtainKrakenToken(input: {APIKey: "${key}"}) { token } }`, "")).data
      .obtainKrakenToken.token;

    const names = "productCode tariffCode displayName fullName standingCharge preVatStandingCharge";
    const elecTariffFields = `tariff { __typename ... on TariffType { ${names} } ... on StandardTariff { unitRate preVatUnitRate } }`;
    const gasTariffFields = `tariff { __typename ${names} unitRate preVatUnitRate }`;
    const res = await gql(
      `{
        viewer { accounts { number } }
        account(accountNumber: "${number}") {
          number status balance
          all: electricityAgreements { validFrom validTo isActive ${elecTariffFields} }
          ended: electricityAgreements(active: false) { validFrom }
          electricityAgreements(active: true) { validFrom meterPoint { mpan agreements(includeInactive: false) { validFrom } everyAgreement: agreements(includeInactive: true) { validFrom } } }
          gasAgreements(active: true) { validFrom validTo ${gasTariffFields} meterPoint { mprn meters(includeInactive: true) { serialNumber } } }
        }
        properties(accountNumber: "${number}") { id address postcode occupancyPeriods { effectiveFrom effectiveTo } electricityMeterPoints { mpan } gasMeterPoints { mprn } }
      }`,
      token,
    );
    expect(res.errors).toBeUndefined();

    const [account] = await t.db.select().from(accounts).where(eq(accounts.number, number));
    const [address] = await t.db.select().from(supplyAddresses).where(eq(supplyAddresses.accountId, account.id));
    const named = { productCode: product, displayName: "Test", fullName: "Test product" };
    // Prices in force now (the catalogue's from 2026-04-01); none held for the agreement that ended in 2025.
    const current = {
      __typename: "StandardTariff",
      ...named,
      tariffCode: elecTariff,
      standingCharge: 52.5,
      preVatStandingCharge: 50,
      unitRate: 25.725,
      preVatUnitRate: 24.5,
    };
    const ended = {
      ...current,
      standingCharge: null,
      preVatStandingCharge: null,
      unitRate: null,
      preVatUnitRate: null,
    };
    expect(res.data).toEqual({
      viewer: { accounts: [{ number }] },
      account: {
        number,
        status: "ACTIVE",
        // transfer_balance "-12.34" (pounds, debit negative) as integer pence; no transactions imported.
        balance: -1234,
        all: [
          { validFrom: "2025-01-01T00:00:00Z", validTo: "2025-06-30T23:00:00Z", isActive: false, tariff: ended },
          { validFrom: "2025-06-30T23:00:00Z", validTo: null, isActive: true, tariff: current },
        ],
        ended: [{ validFrom: "2025-01-01T00:00:00Z" }],
        electricityAgreements: [
          {
            validFrom: "2025-06-30T23:00:00Z",
            meterPoint: {
              mpan: ids.mpan,
              agreements: [{ validFrom: "2025-06-30T23:00:00Z" }],
              everyAgreement: [{ validFrom: "2025-01-01T00:00:00Z" }, { validFrom: "2025-06-30T23:00:00Z" }],
            },
          },
        ],
        gasAgreements: [
          {
            validFrom: "2025-01-01T00:00:00Z",
            validTo: null,
            tariff: {
              __typename: "GasTariffType",
              ...named,
              tariffCode: gasTariff,
              standingCharge: 31.5,
              preVatStandingCharge: 30,
              unitRate: 6.3,
              preVatUnitRate: 6,
            },
            meterPoint: { mprn: ids.mprn, meters: [{ serialNumber: gas.meters![0].meter_serial_number }] },
          },
        ],
      },
      properties: [
        {
          id: String(address.id),
          address: "12 Marylebone Road, Flat 3, London",
          postcode: address.postcode,
          occupancyPeriods: [
            {
              effectiveFrom: address.movedInAt ? address.movedInAt.toISOString().replace(".000Z", "Z") : null,
              effectiveTo: null,
            },
          ],
          electricityMeterPoints: [{ mpan: ids.mpan }],
          gasMeterPoints: [{ mprn: ids.mprn }],
        },
      ],
    });
    expect(address.postcode.replace(/\s/g, "").toUpperCase()).toBe("NW15LR");
  });

  it("answers a half-hourly tariff as production's HalfHourlyTariff, its unitRates over a window within the agreement (the clock-change day's 46)", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const code = uniq("HH");
    // Half-hourly prices from 28 to 31 March 2026 (UTC half hours; BST starts on the 29th).
    const start = Date.parse("2026-03-28T00:00:00Z");
    const halfHours = Array.from({ length: 144 }, (_, i) => {
      const exc = (10 + (i % 48) / 2).toFixed(2);
      return {
        value_exc_vat: exc,
        value_inc_vat: (Number(exc) * 1.05).toFixed(4),
        valid_from: new Date(start + i * 1_800_000).toISOString(),
        valid_to: new Date(start + (i + 1) * 1_800_000).toISOString(),
        payment_method: null,
      };
    });
    const tariffCode = `E-1R-${code}-C`;
    await loadProducts(systemCtx(t.db), {
      products: [
        {
          code,
          brand: uniq("BR"),
          full_name: "Half-hourly test",
          display_name: "Half hours",
          available_from: "2026-01-01T00:00:00Z",
          is_variable: true,
          tariffs: [
            {
              code: tariffCode,
              standing_charges: [
                {
                  value_exc_vat: "40",
                  value_inc_vat: "42",
                  valid_from: "2026-01-01T00:00:00Z",
                  valid_to: null,
                  payment_method: null,
                },
              ],
              standard_unit_rates: halfHours,
            },
          ],
        },
      ],
    });
    const ids = { supplier: supplier.code, external: uniq("EXT"), ...freshMeterIds() };
    const email = `${uniq("hh").toLowerCase()}@example.com`;
    const elec = electricityPoint(ids.mpan);
    elec.agreements = [{ tariff_code: tariffCode, effective_from: "2026-03-29" }];
    await stageAccount(
      org.ctx,
      StageAccountInput.parse(
        fullDomesticAccount(ids, {
          customers: [domesticCustomer({ email })],
          supply_addresses: [supplyAddress([elec])],
        }),
      ),
    );
    const { account_number: number } = await processAccountImport(org.ctx, {
      import_supplier: supplier.code,
      external_account_number: ids.external,
      dry_run: false,
    });
    const { key } = await issueCustomerKey(org.ctx, { accountNumber: number, email });
    const token = (await gql(`mutation { obtainKrakenToken(input: {APIKey: "${key}"}) { token } }`, "")).data
      .obtainKrakenToken.token;

    const res = await gql(
      `{ account(accountNumber: "${number}") { electricityAgreements { tariff { __typename
          ... on TariffType { tariffCode productCode displayName standingCharge }
          ... on HalfHourlyTariff {
            day: unitRates(from: "2026-03-29T00:00:00", to: "2026-03-30T00:00:00") { validFrom validTo value preVatValue }
            before: unitRates(from: "2026-03-28T12:00:00", to: "2026-03-29T00:30:00") { validFrom validTo }
            unitRates { validFrom }
          } } } } }`,
      token,
    );
    expect(res.errors).toBeUndefined();
    const [tariff] = res.data.account.electricityAgreements.map((a: { tariff: Record<string, unknown> }) => a.tariff);
    expect(tariff).toMatchObject({
      __typename: "HalfHourlyTariff",
      tariffCode,
      productCode: code,
      displayName: "Half hours",
      standingCharge: 42,
    });
    // The London day of 29 March is 23 hours: 00:00Z to 23:00Z, the 49th to the 94th half hour of the series.
    const day = tariff.day as { validFrom: string; validTo: string; value: number; preVatValue: number }[];
    expect(day).toHaveLength(46);
    expect(day).toEqual(
      halfHours.slice(48, 94).map((r) => ({
        validFrom: r.valid_from.replace(".000Z", "Z"),
        validTo: r.valid_to.replace(".000Z", "Z"),
        value: Number(r.value_inc_vat),
        preVatValue: Number(r.value_exc_vat),
      })),
    );
    // Nothing before the agreement starts (29 March, London midnight); no rates are published for today and tomorrow.
    expect(tariff.before).toEqual([{ validFrom: "2026-03-29T00:00:00Z", validTo: "2026-03-29T00:30:00Z" }]);
    expect(tariff.unitRates).toEqual([]);

    const tooLong = await gql(
      `{ account(accountNumber: "${number}") { electricityAgreements { tariff { ... on HalfHourlyTariff { unitRates(from: "2026-01-01T00:00:00", to: "2026-03-01T00:00:00") { value } } } } } }`,
      token,
    );
    expect(tooLong.errors?.[0]).toMatchObject({
      message: expect.stringContaining("at most 31 days"),
      extensions: { errorType: "VALIDATION" },
    });
  });

  it("makes the same e-mail on two accounts one user: one key reads both, viewer lists both, an account imported later at once", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const email = `${uniq("eve").toLowerCase()}@example.com`;
    const importFor = async (given: string) => {
      const ids = { supplier: supplier.code, external: uniq("EXT"), ...freshMeterIds() };
      await stageAccount(
        org.ctx,
        StageAccountInput.parse(fullDomesticAccount(ids, { customers: [domesticCustomer({ email: given })] })),
      );
      return (
        await processAccountImport(org.ctx, {
          import_supplier: supplier.code,
          external_account_number: ids.external,
          dry_run: false,
        })
      ).account_number;
    };
    const first = await importFor(email);
    const { key } = await issueCustomerKey(org.ctx, { accountNumber: first, email });
    const token = (await gql(`mutation { obtainKrakenToken(input: {APIKey: "${key}"}) { token } }`, "")).data
      .obtainKrakenToken.token;
    // Imported after the key was issued, the e-mail written in another case: readable at once.
    const second = await importFor(email.toUpperCase());
    const res = await gql(
      `{ viewer { accounts { number } } a: account(accountNumber: "${first}") { number } b: account(accountNumber: "${second}") { number } }`,
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      viewer: { accounts: [{ number: first }, { number: second }].sort((x, y) => x.number.localeCompare(y.number)) },
      a: { number: first },
      b: { number: second },
    });
    await issueCustomerKey(org.ctx, { accountNumber: second, email: email.toUpperCase() });
    expect(await t.db.select().from(accountUsers).where(eq(accountUsers.email, email))).toHaveLength(1);
  });
});
