import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { publicAccountHandler as getAccount } from "@/server/rest/routes/public";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { customerApiKeys, supplyAddresses } from "@/db/schema";
import { getSigningKey } from "@/server/auth/signing-key";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { intervalCsv, loadCsv } from "@/test/factories";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { revokeCustomerKey } from "@/server/services/customers/revoke-customer-key";
import { loadSmartDeviceInventory } from "@/server/services/smart-devices/load-smart-device-inventory";
import { uniq, useTestDb } from "@/test/db";
import {
  domesticCustomer,
  electricityPoint,
  freshMeterIds,
  fullDomesticAccount,
  gasPoint,
  supplyAddress,
  TARIFFS,
} from "@/test/factories";
import { makeOrg, makeSupplier, type OrgFixture } from "@/test/factories";
import {
  ACCOUNT_QUERY,
  API_TOKEN_QUERY,
  API_TOKEN_REFRESH_QUERY,
  LIVE_CONSUMPTION_QUERY,
  pyFormat,
} from "@/test/home-assistant-documents";
import { call } from "@/test/http";

const t = useTestDb();

// Addresses unique to this run: a PostgreSQL test database keeps earlier runs' counters.
const NET = `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const gql = (query: string, auth?: string, address = `10.${NET}.9`) =>
  call(graphql, "/v1/graphql/", { body: { query }, auth, headers: { "x-forwarded-for": address } }).then(
    (r) => r.json as { data?: any; errors?: any[] },
  );

/** A dual-fuel account imported from production's payload: a SMETS2 electricity meter and a smart gas meter, each with its device id. */
async function importCustomerAccount(org: OrgFixture, supplier: string, email: string) {
  const ids = { supplier, external: uniq("EXT"), ...freshMeterIds() };
  const elecDevice = `E-${uniq("DEV")}`;
  const gasDevice = `G-${uniq("DEV")}`;
  const elec = electricityPoint(ids.mpan);
  elec.meters = elec.meters!.map((m) => ({ ...m, smart_device_id: elecDevice }));
  const gas = gasPoint(ids.mprn);
  gas.meters = gas.meters!.map((m) => ({
    ...m,
    smart_type: "SMETS2" as const,
    smart_device_id: gasDevice,
    smart_commissioned_on: "2021-05-18",
  }));
  const payload = StageAccountInput.parse(
    fullDomesticAccount(ids, {
      customers: [domesticCustomer({ email })],
      supply_addresses: [supplyAddress([elec, gas])],
    }),
  );
  await stageAccount(org.ctx, payload);
  const { account_number } = await processAccountImport(org.ctx, {
    import_supplier: supplier,
    external_account_number: ids.external,
    dry_run: false,
  });
  return {
    number: account_number,
    ...ids,
    elecSerial: elec.meters![0].meter_serial_number,
    gasSerial: gas.meters![0].meter_serial_number,
    elecDevice,
    gasDevice,
  };
}

/** Imports an account with the given meter points and reads its meters' types through an organisation token. */
async function typesOf(
  org: OrgFixture,
  ids: { supplier: string; external: string; mpan: string; mprn: string },
  elec: ReturnType<typeof electricityPoint>,
  gas: ReturnType<typeof gasPoint>,
) {
  const supplier = await makeSupplier(org);
  const payload = StageAccountInput.parse(
    fullDomesticAccount({ ...ids, supplier: supplier.code }, { supply_addresses: [supplyAddress([elec, gas])] }),
  );
  await stageAccount(org.ctx, payload);
  const { account_number } = await processAccountImport(org.ctx, {
    import_supplier: supplier.code,
    external_account_number: ids.external,
    dry_run: false,
  });
  const res = await gql(
    `{ account(accountNumber: "${account_number}") { electricityAgreements { meterPoint { meters { meterType smartImportElectricityMeter { deviceId } } } } gasAgreements { meterPoint { meters { mechanism } } } } }`,
    `Token ${org.apiKey}`,
  );
  expect(res.errors).toBeUndefined();
  const e = res.data.account.electricityAgreements[0].meterPoint.meters[0];
  return {
    meterType: e.meterType,
    mechanism: res.data.account.gasAgreements[0].meterPoint.meters[0].mechanism,
    device: e.smartImportElectricityMeter,
  };
}

async function setup() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  const adaEmail = `${uniq("ada").toLowerCase()}@example.com`;
  const ada = await importCustomerAccount(org, supplier.code, adaEmail);
  const bob = await importCustomerAccount(org, supplier.code, `${uniq("bob").toLowerCase()}@example.com`);
  // One London winter day (GMT) of half-hourly reads for Ada's electricity meter.
  await loadCsv(
    org,
    intervalCsv(ada.mpan, ada.elecSerial, "2026-11-01T00:00:00Z", 48, (i) => (0.1 + i / 1000).toFixed(3)),
  );
  const adaKey = await issueCustomerKey(org.ctx, { accountNumber: ada.number, email: adaEmail.toUpperCase() });
  const bobKey = await issueCustomerKey(org.ctx, {
    accountNumber: bob.number,
    email: bob.number && (await emailOf(bob.number)),
  });
  return { org, supplier, ada, bob, adaKey, bobKey, adaEmail };
}

async function emailOf(accountNumber: string) {
  const rows = await t.db.execute(
    `select c.email from customers c join accounts a on a.id = c.account_id where a.number = '${accountNumber}'` as never,
  );
  return ((rows as unknown as { rows?: { email: string }[] }).rows ?? (rows as unknown as { email: string }[]))[0]
    .email;
}

async function tokenFor(key: string) {
  const res = await gql(pyFormat(API_TOKEN_QUERY, { api_key: key }));
  expect(res.errors).toBeUndefined();
  return res.data.obtainKrakenToken as { token: string; refreshToken: string; refreshExpiresIn: number };
}

describe("the Home Assistant integration's documents, replayed verbatim with a customer key", () => {
  it("answers the token mutations, the account document and a day of telemetry from what was imported", async () => {
    const { ada, adaKey } = await setup();
    const first = await tokenFor(adaKey.key);
    expect(first.refreshExpiresIn).toBeGreaterThan(Date.now() / 1000 + 6 * 86400);
    const refreshed = await gql(pyFormat(API_TOKEN_REFRESH_QUERY, { refresh_token: first.refreshToken }));
    expect(refreshed.errors).toBeUndefined();
    const { token } = refreshed.data.obtainKrakenToken;
    expect(token).not.toBe(first.token);

    // The integration sends the bare token on the account query.
    const res = await gql(pyFormat(ACCOUNT_QUERY, { account_id: ada.number }), token);
    expect(res.errors).toBeUndefined();
    const [address] = await t.db
      .select()
      .from(supplyAddresses)
      .where(eq(supplyAddresses.accountId, await accountId(ada.number)));
    const device = (id: string) => ({ deviceId: id, manufacturer: null, model: null, firmwareVersion: null });
    expect(res.data).toEqual({
      octoplusAccountInfo: { isOctoplusEnrolled: false },
      properties: [{ id: String(address.id), occupancyPeriods: [{ effectiveTo: null }] }],
      account: {
        electricityAgreements: [
          {
            meterPoint: {
              mpan: ada.mpan,
              direction: "IMPORT",
              meters: [
                {
                  activeFrom: "2021-05-17",
                  activeTo: null,
                  makeAndType: null,
                  serialNumber: ada.elecSerial,
                  meterType: "S2",
                  smartExportElectricityMeter: null,
                  smartImportElectricityMeter: device(ada.elecDevice),
                },
              ],
              agreements: [
                {
                  validFrom: "2025-01-01T00:00:00Z",
                  validTo: "2025-06-30T23:00:00Z",
                  tariff: { productCode: "VAR-22-11-01", tariffCode: TARIFFS.single },
                },
                {
                  validFrom: "2025-06-30T23:00:00Z",
                  validTo: null,
                  tariff: { productCode: "VAR-22-11-01", tariffCode: TARIFFS.single },
                },
              ],
            },
          },
        ],
        gasAgreements: [
          {
            meterPoint: {
              mprn: ada.mprn,
              meters: [
                {
                  activeFrom: "2018-09-12",
                  activeTo: null,
                  serialNumber: ada.gasSerial,
                  consumptionUnits: "m³",
                  modelName: null,
                  mechanism: "S2",
                  smartGasMeter: device(ada.gasDevice),
                },
              ],
              agreements: [
                {
                  validFrom: "2025-01-01T00:00:00Z",
                  validTo: null,
                  tariff: { tariffCode: TARIFFS.gas, productCode: "VAR-22-11-01" },
                },
              ],
            },
          },
        ],
      },
    });

    // strftime("%Y-%m-%dT%H:%M:%S%z") as the integration formats its range.
    const telemetry = await gql(
      pyFormat(LIVE_CONSUMPTION_QUERY, {
        device_id: ada.elecDevice,
        period_from: "2026-11-01T00:00:00+0000",
        period_to: "2026-11-02T00:00:00+0000",
      }),
      `JWT ${token}`,
    );
    expect(telemetry.errors).toBeUndefined();
    const rows = telemetry.data.smartMeterTelemetry as any[];
    expect(rows).toHaveLength(48);
    expect(rows[0]).toEqual({
      readAt: "2026-11-01T00:00:00Z",
      consumption: null,
      consumptionDelta: 100,
      demand: null,
      export: null,
    });
    expect(rows[47]).toEqual({
      readAt: "2026-11-01T23:30:00Z",
      consumption: null,
      consumptionDelta: 147,
      demand: null,
      export: null,
    });
    // The gas meter's device has no interval reads loaded: an empty list, nothing invented.
    const gasTelemetry = await gql(
      pyFormat(LIVE_CONSUMPTION_QUERY, {
        device_id: ada.gasDevice,
        period_from: "2026-11-01T00:00:00+0000",
        period_to: "2026-11-02T00:00:00+0000",
      }),
      token,
    );
    expect(gasTelemetry).toEqual({ data: { smartMeterTelemetry: [] } });
  });

  it("answers each smart device's manufacturer, model and firmware from the organisation's inventory, and production's traditional types for meters that are not smart", async () => {
    const { org, ada, adaKey } = await setup();
    const csv = `device_id,device_type,manufacturer,model,firmware_version\n${ada.elecDevice},ESME,Landis+Gyr,E470,4.3.1\n${ada.gasDevice},GSME,Itron,Gallus G4,1.2.0\n`;
    expect(await loadSmartDeviceInventory(org.ctx, { format: "csv", content: csv })).toEqual({
      devices: 2,
      added: 2,
      changed: 0,
      onMeters: 2,
    });
    // Another organisation's inventory naming the same device tells this one nothing.
    const other = await makeOrg(t.db);
    await loadSmartDeviceInventory(other.ctx, {
      format: "json",
      content: JSON.stringify([
        { device_id: ada.elecDevice, manufacturer: "Other", model: "X", firmware_version: "9" },
      ]),
    });
    const { token } = await tokenFor(adaKey.key);
    const res = await gql(pyFormat(ACCOUNT_QUERY, { account_id: ada.number }), token);
    expect(res.errors).toBeUndefined();
    const elec = res.data.account.electricityAgreements[0].meterPoint.meters[0];
    const gas = res.data.account.gasAgreements[0].meterPoint.meters[0];
    expect(elec).toMatchObject({
      meterType: "S2",
      makeAndType: "Landis+Gyr E470",
      smartImportElectricityMeter: {
        deviceId: ada.elecDevice,
        manufacturer: "Landis+Gyr",
        model: "E470",
        firmwareVersion: "4.3.1",
      },
    });
    expect(gas).toMatchObject({
      mechanism: "S2",
      modelName: "Gallus G4",
      smartGasMeter: { deviceId: ada.gasDevice, manufacturer: "Itron", model: "Gallus G4", firmwareVersion: "1.2.0" },
    });
    // A newer inventory updates the firmware; loading it again changes nothing.
    const newer = csv.replace("4.3.1", "4.4.0");
    expect(await loadSmartDeviceInventory(org.ctx, { format: "csv", content: newer })).toMatchObject({
      added: 0,
      changed: 1,
    });
    expect(await loadSmartDeviceInventory(org.ctx, { format: "csv", content: newer })).toMatchObject({
      added: 0,
      changed: 0,
    });
    // Every problem of a file at its line; nothing kept.
    await expect(
      loadSmartDeviceInventory(org.ctx, { format: "csv", content: "device_id,manufacturer,model\nX,Y,Z\n" }),
    ).rejects.toMatchObject({ code: "invalid_inventory_file", errors: [{ attr: "lines.2.firmware_version" }] });

    // Not smart: production's traditional types (N non-half-hourly credit, K key prepayment, CR gas credit, PP gas prepayment).
    const ids = { supplier: "", external: uniq("EXT"), ...freshMeterIds() };
    const plainElec = electricityPoint(ids.mpan);
    plainElec.meters = plainElec.meters!.map((m) => ({
      ...m,
      smart_type: "NONE" as const,
      smart_device_id: undefined,
      smart_commissioned_on: undefined,
    }));
    const prepayGas = gasPoint(ids.mprn);
    prepayGas.meters = prepayGas.meters!.map((m) => ({
      ...m,
      smart_type: "NONE" as const,
      smart_device_id: undefined,
      smart_commissioned_on: undefined,
      is_prepay: true,
    }));
    const types = await typesOf(org, ids, plainElec, prepayGas);
    expect(types).toEqual({ meterType: "N", mechanism: "PP", device: null });
  });

  it("gives a second customer's key nothing of the first: KT-CT-1111 on GraphQL, 404 on REST; data-import routes refuse customer keys", async () => {
    const { org, supplier, ada, bob, bobKey } = await setup();
    const { token } = await tokenFor(bobKey.key);
    const other = await gql(pyFormat(ACCOUNT_QUERY, { account_id: ada.number }), token);
    expect(other.data).toEqual({ octoplusAccountInfo: null, properties: null, account: null });
    expect(other.errors!.map((e) => e.extensions.errorCode)).toEqual(["KT-CT-1111", "KT-CT-1111", "KT-CT-1111"]);
    expect(other.errors![0].extensions).toMatchObject({
      errorType: "AUTHORIZATION",
      errorDescription: expect.any(String),
    });
    const telemetry = await gql(
      pyFormat(LIVE_CONSUMPTION_QUERY, {
        device_id: ada.elecDevice,
        period_from: "2026-11-01T00:00:00+0000",
        period_to: "2026-11-02T00:00:00+0000",
      }),
      token,
    );
    expect(telemetry.errors![0].extensions.errorCode).toBe("KT-CT-1111");
    expect(JSON.stringify(telemetry)).not.toContain('consumptionDelta":');
    const viewer = await gql("{ viewer { kind accounts { number } } }", token);
    expect(viewer.data.viewer).toEqual({ kind: "customer", accounts: [{ number: bob.number }] });

    expect(
      (
        await call(getAccount, `/v1/accounts/${ada.number}/`, {
          auth: `Token ${bobKey.key}`,
          params: { account: ada.number },
        })
      ).status,
    ).toBe(404);
    const own = await call(getAccount, `/v1/accounts/${bob.number}/`, {
      auth: `Token ${token}`,
      params: { account: bob.number },
    });
    expect(own.status).toBe(200);
    expect(own.json.number).toBe(bob.number);

    const body = {
      import_supplier: supplier.code,
      external_account_number: bob.external,
      notes: [{ body: "from a customer" }],
    };
    for (const auth of [`Token ${bobKey.key}`, `Token ${token}`]) {
      const refused = await call(createNotes, "/x", { body, auth });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: "customer_key_not_accepted" });
    }
    // The organisation's own key keeps working everywhere.
    expect((await call(createNotes, "/x", { body, auth: `Token ${org.apiKey}` })).status).toBe(201);
    const orgToken = await tokenFor(org.apiKey);
    expect(
      (await gql(`{ account(accountNumber: "${ada.number}") { number balance } }`, orgToken.token)).data.account,
    ).toEqual({ number: ada.number, balance: -1234 });
  });

  it("answers production's codes: KT-CT-1124 for an expired token, 1112 without one; a revoked key and its tokens stop at once", async () => {
    const { org, ada, adaKey } = await setup();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ org: org.id, cus: adaKey.id, kind: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(org.number)
      .setIssuer("kraken-migrate")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(await getSigningKey(t.db));
    const query = `{ account(accountNumber: "${ada.number}") { number } }`;
    const late = await gql(query, expired);
    // Production's reference: KT-CT-1124 is an APPLICATION error.
    expect(late.errors![0]).toMatchObject({
      message: "Signature of the JWT has expired.",
      extensions: { errorCode: "KT-CT-1124", errorType: "APPLICATION", errorDescription: expect.any(String) },
    });
    expect((await gql(query)).errors![0].extensions.errorCode).toBe("KT-CT-1112");

    const { token } = await tokenFor(adaKey.key);
    const ok = await gql(query, token);
    expect(ok.data.account).toEqual({ number: ada.number });
    await revokeCustomerKey(org.ctx, { keyId: adaKey.id });
    expect((await gql(query, token)).errors![0].extensions.errorCode).toBe("KT-CT-1111");
    const again = await gql(pyFormat(API_TOKEN_QUERY, { api_key: adaKey.key }));
    expect(again.errors![0]).toMatchObject({
      message: "Invalid data.",
      extensions: { errorCode: "KT-CT-1139", errorType: "VALIDATION" },
    });
    const [row] = await t.db.select().from(customerApiKeys).where(eq(customerApiKeys.id, adaKey.id));
    expect(row.keyHash).not.toContain(adaKey.key);
    expect(row.invalidatedAt).not.toBeNull();
  });
});

async function accountId(number: string) {
  const rows = await t.db.execute(`select id from accounts where number = '${number}'` as never);
  return Number(((rows as unknown as { rows?: { id: number }[] }).rows ?? (rows as unknown as { id: number }[]))[0].id);
}
