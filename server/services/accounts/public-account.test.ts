import { beforeAll, describe, expect, it } from "vitest";
import { publicAccountHandler as accountRoute } from "@/server/rest/routes/public";
import { signAccessToken } from "@/server/auth/tokens";
import { systemCtx } from "@/server/context";
import { invalidateApiKey } from "@/server/services/organisations/invalidate-api-key";
import { issueApiKey } from "@/server/services/organisations/issue-api-key";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier, meterIds, type OrgFixture } from "@/test/factories";
import { call } from "@/test/http";
import { PublicAccount } from "./public-account-schema";

const t = useTestDb();
const basic = (user: string, password = "") => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const get = (number: string, auth?: string | null) =>
  call(accountRoute, `/v1/accounts/${number}/`, { params: { account: number }, auth });

let org: OrgFixture;
let other: OrgFixture;
let account: Awaited<ReturnType<typeof makeImportedAccount>>;
let otherAccount: Awaited<ReturnType<typeof makeImportedAccount>>;
let token: string;

beforeAll(async () => {
  await loadDemoProducts(systemCtx(t.db), { only: ["VAR-22-11-01"] });
  org = await makeOrg(t.db, "Account Owner Energy");
  other = await makeOrg(t.db, "Someone Else Energy");
  account = await makeImportedAccount(org, (await makeSupplier(org)).code);
  otherAccount = await makeImportedAccount(other, (await makeSupplier(other)).code);
  token = (
    await signAccessToken(t.db, { organisationId: org.id, organisationNumber: org.number, apiKeyId: org.apiKeyId })
  ).token;
});

describe("GET /v1/accounts/<number>/ authentication", () => {
  it("is 401 without credentials, with a bad token, a wrong basic user or a non-empty basic password of garbage", async () => {
    const none = await get(account.accountNumber, null);
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ code: "authentication_required", errors: [] });
    expect(none.headers.get("www-authenticate")).toBeTruthy();
    for (const auth of [
      "Token not-a-token",
      "JWT eyJhbGciOiJIUzI1NiJ9.e30.x",
      basic("sk_live_wrongwrongwrong"),
      basic(""),
      "Basic !!!",
    ]) {
      const res = await get(account.accountNumber, auth);
      expect(res.status, auth).toBe(401);
      expect(res.json.code).toMatch(/^authentication_/);
    }
  });

  it("accepts basic auth with the API key as user name and an empty password, a token in every accepted form, and the key itself", async () => {
    for (const auth of [basic(org.apiKey), `Token ${token}`, `JWT ${token}`, token, `Token ${org.apiKey}`]) {
      const res = await get(account.accountNumber, auth);
      expect(res.status, auth.slice(0, 12)).toBe(200);
      expect(res.json.number).toBe(account.accountNumber);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("stops accepting a key, and tokens issued for it, once the key is invalidated", async () => {
    const fresh = await issueApiKey(org.ctx, {});
    const freshToken = (
      await signAccessToken(t.db, { organisationId: org.id, organisationNumber: org.number, apiKeyId: fresh.id })
    ).token;
    expect((await get(account.accountNumber, basic(fresh.key))).status).toBe(200);
    expect((await get(account.accountNumber, `Token ${freshToken}`)).status).toBe(200);
    await invalidateApiKey(org.ctx, { keyId: fresh.id });
    expect((await get(account.accountNumber, basic(fresh.key))).status).toBe(401);
    expect((await get(account.accountNumber, `Token ${freshToken}`)).status).toBe(401);
  });

  it("answers another organisation's account exactly like a missing one (404)", async () => {
    const theirs = await get(otherAccount.accountNumber, basic(org.apiKey));
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ code: "account_not_found", errors: [] });
    const missing = await get("A-00000000", basic(org.apiKey));
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("account_not_found");
    expect((await get(otherAccount.accountNumber, basic(other.apiKey))).status).toBe(200);
  });

  it("answers a NUL byte (%00) in the account number with 400 null_character, not a database error", async () => {
    for (const number of ["\0", `${account.accountNumber}\0`]) {
      const res = await get(number, basic(org.apiKey));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: "null_character",
        errors: [expect.objectContaining({ attr: "account", code: "null_character" })],
      });
    }
  });
});

describe("GET /v1/accounts/<number>/ body", () => {
  it("has the production shape: properties with meter points, meters, registers and agreements", async () => {
    const res = await get(account.accountNumber.toLowerCase(), `Token ${token}`);
    expect(res.status).toBe(200);
    expect(PublicAccount.parse(res.json)).toEqual(res.json);
    expect(res.json).toEqual({
      number: account.accountNumber,
      properties: [
        {
          id: expect.any(Number),
          moved_in_at: "2025-01-01T00:00:00Z",
          moved_out_at: null,
          address_line_1: "1 Analytical Row",
          address_line_2: "",
          address_line_3: "",
          town: "London",
          county: "",
          postcode: "SW1A 1AA",
          electricity_meter_points: [
            {
              mpan: account.mpan,
              profile_class: 1,
              consumption_standard: null,
              meters: [
                {
                  serial_number: `E${account.mpan!.slice(-6)}`,
                  registers: [{ identifier: "1", rate: "STANDARD", is_settlement_register: true }],
                },
              ],
              agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", valid_from: "2025-01-01T00:00:00Z", valid_to: null }],
              is_export: false,
            },
          ],
          gas_meter_points: [
            {
              mprn: account.mprn,
              consumption_standard: null,
              meters: [{ serial_number: `G${account.mprn!.slice(-6)}` }],
              agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", valid_from: "2025-01-01T00:00:00Z", valid_to: null }],
            },
          ],
        },
      ],
    });
  });

  it("lists several properties and agreements oldest first", async () => {
    const { mpan } = meterIds();
    const { mprn } = meterIds();
    const supplier = await makeSupplier(org);
    const acc = await makeImportedAccount(org, supplier.code, {
      supply_addresses: [
        {
          supply_address1: "2 Engine Street",
          supply_address2: "Flat 3",
          supply_address5: "Kent",
          supply_postcode: "CT1 1AA",
          customer_at_supply_address_from_date: "2026-07-01",
          meter_points: [
            {
              supply_type: "ELECTRICITY",
              identifier: mpan,
              mpid: "OCTO",
              supply_start_date: "2025-01-01",
              export_type: "EXPORT_ONLY",
              eac_history: [{ tpr: "00001", consumption: "1234.5", effective_from: "2025-01-01" }],
              agreements: [
                { tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2026-07-01", effective_to: "2026-10-01" },
                { tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2025-01-01", effective_to: "2026-07-01" },
              ],
            },
          ],
        },
        {
          supply_address1: "3 Gas Lane",
          supply_postcode: "sw1a2aa",
          customer_at_supply_address_from_date: "2025-01-01",
          meter_points: [
            {
              supply_type: "GAS",
              identifier: mprn,
              mpid: "OCTO",
              shipper_mpid: "OCT",
              supply_start_date: "2025-01-01",
              aq_history: [{ consumption: 9876, effective_from: "2025-01-01" }],
              meters: [{ meter_serial_number: "G1", gas_number_of_digits: 5 }],
              agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
            },
          ],
        },
      ],
    });
    const res = await get(acc.accountNumber, basic(org.apiKey));
    const [first, second] = res.json.properties;
    expect(first).toMatchObject({
      address_line_2: "Flat 3",
      county: "Kent",
      town: "",
      moved_in_at: "2026-06-30T23:00:00Z",
      gas_meter_points: [],
    });
    expect(first.electricity_meter_points[0]).toMatchObject({
      mpan,
      is_export: true,
      meters: [],
      consumption_standard: 1235,
      profile_class: null,
    });
    expect(first.electricity_meter_points[0].agreements.map((a: { valid_from: string }) => a.valid_from)).toEqual([
      "2025-01-01T00:00:00Z",
      "2026-06-30T23:00:00Z",
    ]);
    expect(second).toMatchObject({
      address_line_1: "3 Gas Lane",
      postcode: "SW1A 2AA",
      moved_in_at: "2025-01-01T00:00:00Z",
      electricity_meter_points: [],
      gas_meter_points: [{ mprn, consumption_standard: 9876, meters: [{ serial_number: "G1" }] }],
    });
    expect(PublicAccount.safeParse(res.json).success).toBe(true);
  });
});
