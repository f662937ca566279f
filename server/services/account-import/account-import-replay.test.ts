import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { transferStatusHandler as transferStatus } from "@/server/rest/routes/account-import";
import { importedImportProcessesHandler as importedList } from "@/server/rest/routes/account-import";
import { meterPointStatusesHandler as meterPointStatuses } from "@/server/rest/routes/account-import";
import { pendingImportProcessesHandler as pendingList } from "@/server/rest/routes/account-import";
import { validateAccountHandler as validate } from "@/server/rest/routes/account-import";
import { publicAccountHandler as publicAccount } from "@/server/rest/routes/public";
import {
  accountImportProcesses,
  accounts,
  agreements,
  customers,
  events,
  meterPoints,
  meterReadings,
  supplyAddresses,
} from "@/db/schema";
import { londonToday } from "@/server/lib/time";
import { uniq, useTestDb } from "@/test/db";
import {
  accountWithoutSupply,
  businessAccount,
  economy7Point,
  embeddedLedger,
  type EnergyAccountInput,
  freshMeterIds,
  fullDomesticAccount,
  supplyAddress,
} from "@/test/factories";
import { makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

/**
 * Production-shaped accounts (built from the reference's objects, test/factories/energy-account.ts)
 * replayed through the REST routes a migration script calls, in its order: validate, stage,
 * list, process, status; then what is stored, table by table, and the events.
 */
const t = useTestDb();

async function world() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  return { org, supplier, auth: `Token ${org.apiKey}` };
}

type World = Awaited<ReturnType<typeof world>>;

/** validate-account, create-or-update and process/, as a script runs them; answers the platform number. */
async function replay(w: World, body: EnergyAccountInput): Promise<string> {
  const external = body.external_account_number!;
  const params = { supplier: w.supplier.code, external };
  const checked = await call(validate, "/v1/data-import/validate-account/", { body, auth: w.auth });
  expect(checked.status, JSON.stringify(checked.json)).toBe(200);
  expect(checked.json).toEqual(body);

  const staged = await call(stage, "/v1/data-import/account-import-process/create-or-update/", { body, auth: w.auth });
  expect(staged.status, JSON.stringify(staged.json)).toBe(201);
  expect(staged.json).toEqual({ external_account_number: external, import_supplier_code: w.supplier.code });
  const pending = await call(pendingList, "/x", { auth: w.auth, params: { supplier: w.supplier.code } });
  expect(pending.json).toContainEqual({
    external_account_number: external,
    kraken_account_number: null,
    account_created_at: null,
  });
  expect((await call(transferStatus, "/x", { auth: w.auth, params })).json).toEqual({
    status: "UNKNOWN",
    kraken_account_number: "",
    account_number: "",
  });

  const processed = await call(processRoute, "/v1/data-import/account-import-process/process/", {
    body: {
      import_supplier_code: w.supplier.code,
      external_account_number: external,
      operations_team_name: "Migrations",
    },
    auth: w.auth,
  });
  expect(processed.status, JSON.stringify(processed.json)).toBe(201);
  const number: string = processed.json.kraken_account_number;
  expect(number).toMatch(/^A-[0-9A-F]{8}$/);
  expect(processed.json).toEqual({
    external_account_number: external,
    kraken_account_number: number,
    account_number: number,
  });

  expect((await call(transferStatus, "/x", { auth: w.auth, params })).json).toEqual({
    status: "COMPLETED",
    kraken_account_number: number,
    account_number: number,
  });
  const imported = await call(importedList, "/x", { auth: w.auth, params: { supplier: w.supplier.code } });
  expect(imported.json).toContainEqual({
    external_account_number: external,
    kraken_account_number: number,
    account_created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  return number;
}

/** Everything stored for one account, numerics as numbers, in insertion order. */
async function stored(number: string) {
  const [account] = await t.db.select().from(accounts).where(eq(accounts.number, number));
  const people = await t.db
    .select()
    .from(customers)
    .where(eq(customers.accountId, account.id))
    .orderBy(asc(customers.position));
  const addresses = await t.db
    .select()
    .from(supplyAddresses)
    .where(eq(supplyAddresses.accountId, account.id))
    .orderBy(asc(supplyAddresses.id));
  const points = await t.db
    .select()
    .from(meterPoints)
    .where(eq(meterPoints.accountId, account.id))
    .orderBy(asc(meterPoints.id));
  const deals = await t.db
    .select()
    .from(agreements)
    .where(eq(agreements.accountId, account.id))
    .orderBy(asc(agreements.id));
  const reads = points.length
    ? await t.db
        .select()
        .from(meterReadings)
        .where(
          inArray(
            meterReadings.meterPointId,
            points.map((p) => p.id),
          ),
        )
        .orderBy(asc(meterReadings.id))
    : [];
  const [process] = await t.db
    .select()
    .from(accountImportProcesses)
    .where(eq(accountImportProcesses.accountId, account.id));
  const evs = await t.db.select().from(events).where(eq(events.accountNumber, number)).orderBy(asc(events.seq));
  return {
    account: { ...account, transferBalance: account.transferBalance === null ? null : Number(account.transferBalance) },
    customers: people,
    addresses,
    points,
    agreements: deals,
    readings: reads.map((r) => ({ ...r, readingValue: Number(r.readingValue) })),
    process,
    events: evs,
  };
}

/** The staged payload is the request minus import_supplier (the supplier is the row's own column). */
const stagedPayloadOf = (body: EnergyAccountInput) => {
  const { import_supplier: _s, ...rest } = body;
  return JSON.parse(JSON.stringify(rest));
};

describe("replaying production-shaped accounts through the REST routes", () => {
  it("a full domestic account with both fuels: account, customer, address, meter points, agreements, readings, payload and events", async () => {
    const w = await world();
    const ids = { supplier: w.supplier.code, external: uniq("DOM"), ...freshMeterIds() };
    const body = fullDomesticAccount(ids);
    const number = await replay(w, body);
    const s = await stored(number);

    expect(s.account).toMatchObject({
      externalAccountNumber: ids.external,
      supplierId: w.supplier.id,
      accountType: "DOMESTIC",
      salesChannel: "PRICE_COMPARISON",
      billingName: "Ada Lovelace",
      billingAddressLine1: "12 Marylebone Road",
      billingAddressLine2: "Flat 3",
      billingAddressLine3: null,
      billingTown: "London",
      billingCounty: "Greater London",
      billingPostcode: "NW1 5LR",
      billingEmail: "ada.bills@example.com",
      transferBalance: -12.34,
      lastBilledToDate: "2026-10-31",
      lastStatementClosingDate: "2026-10-31",
      openStatementPeriodStart: "2026-11-01",
    });
    const c = body.customers![0];
    expect(s.customers).toEqual([
      expect.objectContaining({
        position: 0,
        title: "Countess",
        salutation: "Dear Countess",
        givenName: "Ada",
        familyName: "Lovelace",
        email: "ada@example.com",
        mobile: "07911 123456",
        landline: "020 7946 0000",
        dateOfBirth: "1815-12-10",
        psr: c.psr,
        preferences: c.customer_preferences,
      }),
    ]);
    expect(s.addresses).toEqual([
      expect.objectContaining({
        addressLine1: "12 Marylebone Road",
        addressLine2: "Flat 3",
        addressLine3: null,
        town: "London",
        county: null,
        postcode: "NW1 5LR",
        deliveryPointIdentifier: "10033544614",
        movedInAt: new Date("2024-11-15T00:00:00Z"),
        movedOutAt: null,
      }),
    ]);
    const [elec, gas] = s.points;
    expect(elec).toMatchObject({
      supplyAddressId: s.addresses[0].id,
      fuel: "electricity",
      mpxn: ids.mpan,
      mpid: "OCTO",
      shipperMpid: null,
      supplyStartDate: "2025-01-01",
      supplyEndDate: null,
      profileClass: 1,
      ssc: "0393",
      measurementClass: "A",
      // The EAC in force today for each TPR (3100 from 2026-01-01 replaced 2800.50).
      consumptionStandard: 3100,
      isExport: false,
      meters: [
        {
          serial_number: `E${ids.mpan.slice(-8)}`,
          registers: [
            { identifier: "1", rate: "STANDARD", is_settlement_register: true, number_of_digits: 5, tpr: "00001" },
          ],
          installed_on: "2021-05-17",
          removed_on: null,
          smart_type: "SMETS2",
          smart_device_id: "00-1B-44-11-3A-B7-01-02",
          is_prepay: false,
        },
      ],
    });
    expect(gas).toMatchObject({
      fuel: "gas",
      mpxn: ids.mprn,
      mpid: "OCTO",
      shipperMpid: "OCT",
      supplyStartDate: "2025-01-01",
      profileClass: null,
      ssc: null,
      // The AQ in force (12000.40 from 2025-04-01), in whole kWh.
      consumptionStandard: 12000,
      meters: [
        {
          serial_number: `G4A${ids.mprn.slice(-7)}`,
          registers: [],
          installed_on: "2018-09-12",
          removed_on: null,
          smart_type: "NONE",
          smart_device_id: null,
          units_of_measure: "SCMH",
          is_prepay: false,
        },
      ],
    });
    // Effective dates are Europe/London midnights, the end exclusive: 2025-07-01 is 23:00Z the day before.
    expect(
      s.agreements.map((a) => [
        a.meterPointId,
        a.tariffCode,
        a.productCode,
        a.validFrom.toISOString(),
        a.validTo?.toISOString() ?? null,
      ]),
    ).toEqual([
      [elec.id, "E-1R-VAR-22-11-01-C", "VAR-22-11-01", "2025-01-01T00:00:00.000Z", "2025-06-30T23:00:00.000Z"],
      [elec.id, "E-1R-VAR-22-11-01-C", "VAR-22-11-01", "2025-06-30T23:00:00.000Z", null],
      [gas.id, "G-1R-VAR-22-11-01-C", "VAR-22-11-01", "2025-01-01T00:00:00.000Z", null],
    ]);
    const read = (r: (typeof s.readings)[number]) => [
      r.meterPointId,
      r.meterSerialNumber,
      r.registerId,
      r.readingDate,
      r.readingValue,
      r.readingType,
      r.source,
      r.billed,
      r.validationStatus,
    ];
    expect(s.readings.map(read)).toEqual([
      [elec.id, `E${ids.mpan.slice(-8)}`, "1", "2026-10-31", 12345.6, "SMART", "transfer", null, null],
      [elec.id, `E${ids.mpan.slice(-8)}`, "1", "2026-04-30", 11011, "SMART", "history", true, "VALIDATED"],
      // Production's default validation_status.
      [elec.id, `E${ids.mpan.slice(-8)}`, "1", "2026-07-31", 11790.25, "CUSTOMER", "history", false, "VALIDATED"],
      [gas.id, `G4A${ids.mprn.slice(-7)}`, "", "2026-10-31", 4321, "CUSTOMER", "transfer", null, null],
      [gas.id, `G4A${ids.mprn.slice(-7)}`, "", "2026-07-31", 4100.5, "ESTIMATE", "history", true, "VALIDATED"],
    ]);

    // Everything else (references, metadata, payments, debts, campaigns, complaints, agents,
    // EAC/AQ history, PSR, consents, ...) is kept exactly as sent, with the import record.
    expect(s.process).toMatchObject({
      status: "imported",
      externalAccountNumber: ids.external,
      operationsTeamName: "Migrations",
      errors: [],
    });
    expect(s.process.payload).toEqual(stagedPayloadOf(body));

    expect(s.events.map((e) => e.type)).toEqual([
      "account.created",
      "agreement.created",
      "agreement.created",
      "agreement.created",
      "data_import.import_process.complete",
    ]);
    expect(s.events[0].payload).toEqual({
      account_number: number,
      account_user_emails: ["ada@example.com"],
      is_imported: true,
    });
    expect(s.events.slice(1, 4).map((e) => e.payload)).toEqual(
      s.agreements.map((a) => ({
        agreement_id: a.id,
        account_number: number,
        valid_from: a.validFrom.toISOString(),
        product_code: "VAR-22-11-01",
      })),
    );
    expect(s.events[4].payload).toEqual({
      resource_type: "account",
      external_identifier: ids.external,
      identifier: number,
    });
    expect(s.events.every((e) => e.organisationId === w.org.id)).toBe(true);

    const statuses = await call(meterPointStatuses, "/x", {
      auth: w.auth,
      params: { supplier: w.supplier.code, external: ids.external },
    });
    expect(statuses.status).toBe(200);
    expect(statuses.json).toEqual([
      { mpxn: ids.mpan, status: "PRE_REGISTRATION" },
      { mpxn: ids.mprn, status: "PRE_REGISTRATION" },
    ]);
    const pub = await call(publicAccount, `/v1/accounts/${number}/`, { auth: w.auth, params: { account: number } });
    expect(pub.json.properties[0]).toMatchObject({
      address_line_1: "12 Marylebone Road",
      postcode: "NW1 5LR",
      moved_in_at: "2024-11-15T00:00:00Z",
      electricity_meter_points: [{ mpan: ids.mpan, consumption_standard: 3100, profile_class: 1, is_export: false }],
      gas_meter_points: [{ mprn: ids.mprn, consumption_standard: 12000 }],
    });
  });

  it("a BUSINESS account: structured billing address, business object, company_number, billing options, tax exemptions, two sites", async () => {
    const w = await world();
    const ids = { supplier: w.supplier.code, external: uniq("BIZ"), ...freshMeterIds() };
    const e7 = freshMeterIds().mpan;
    const body = businessAccount(ids);
    body.supply_addresses!.push(
      supplyAddress([economy7Point(e7)], {
        supply_address1: "Dock 9",
        supply_address2: undefined,
        supply_address4: "Avonmouth",
        supply_postcode: "BS11 9YA",
        customer_at_supply_address_from_date: "2025-01-01",
        customer_at_supply_address_to_date: "2026-09-30",
        property_external_identifier: `SITE2-${ids.external}`,
        supply_delivery_point_identifier: undefined,
        metadata: undefined,
      }),
    );
    const number = await replay(w, body);
    const s = await stored(number);

    expect(s.account).toMatchObject({
      accountType: "BUSINESS",
      salesChannel: "BROKER",
      billingName: "Analytical Engines Ltd",
      // street_address lines, then dependent_locality; locality is the town, administrative_area the county line.
      billingAddressLine1: "Unit 4",
      billingAddressLine2: "Harbour Estate",
      billingAddressLine3: "Temple Quay",
      billingTown: "Bristol",
      billingCounty: "England",
      billingPostcode: "BS1 6DZ",
      billingEmail: "accounts@engines.example.com",
      transferBalance: 250.75,
      openStatementPeriodStart: "2026-11-01",
    });
    expect(s.customers.map((c) => [c.givenName, c.familyName, c.email, c.psr])).toEqual([
      ["Charles", "Babbage", "charles@engines.example.com", []],
    ]);
    expect(
      s.addresses.map((a) => [
        a.addressLine1,
        a.addressLine2,
        a.town,
        a.postcode,
        a.movedInAt?.toISOString(),
        a.movedOutAt?.toISOString() ?? null,
      ]),
    ).toEqual([
      ["Unit 4", "Harbour Estate", "Bristol", "BS1 6DZ", "2025-01-01T00:00:00.000Z", null],
      ["Dock 9", null, "Avonmouth", "BS11 9YA", "2025-01-01T00:00:00.000Z", "2026-09-29T23:00:00.000Z"],
    ]);
    expect(
      s.points.map((p) => [p.supplyAddressId, p.fuel, p.mpxn, p.profileClass, p.ssc, p.consumptionStandard]),
    ).toEqual([
      [s.addresses[0].id, "electricity", ids.mpan, 3, "0393", 3100],
      [s.addresses[0].id, "gas", ids.mprn, null, null, 12000],
      // Economy 7: the day and night EACs summed, 2000.40 + 1500.30, in whole kWh.
      [s.addresses[1].id, "electricity", e7, 2, "0151", 3501],
    ]);
    expect(s.points[2].meters[0].registers).toEqual([
      { identifier: "DAY", rate: "DAY", is_settlement_register: true, number_of_digits: 6, tpr: "00043" },
      { identifier: "NIGHT", rate: "NIGHT", is_settlement_register: true, number_of_digits: 6, tpr: "00206" },
    ]);
    expect(s.agreements.filter((a) => a.meterPointId === s.points[2].id).map((a) => a.tariffCode)).toEqual([
      "E-2R-VAR-22-11-01-C",
    ]);
    expect(
      s.readings
        .filter((r) => r.meterPointId === s.points[2].id)
        .map((r) => [r.registerId, r.readingDate, r.readingValue, r.source]),
    ).toEqual([
      ["DAY", "2026-10-31", 45678.5, "transfer"],
      ["NIGHT", "2026-10-31", 23456, "transfer"],
      ["DAY", "2026-07-31", 45001, "history"],
    ]);
    // business, company_number, account_billing_options and the exemptions are kept, not mapped.
    expect(s.process.payload).toEqual(stagedPayloadOf(body));
    expect(s.process.payload).toMatchObject({
      company_number: "01234567",
      business: {
        company_name: "Analytical Engines Ltd",
        company_number: "01234567",
        details: [
          { key: "vat_number", value: "GB123456789" },
          { key: "sic_codes", value: ["62012"] },
        ],
      },
      account_billing_options: { period_length: "QUARTERLY", period_start_day: 1 },
    });
    expect(s.events.map((e) => e.type)).toEqual([
      "account.created",
      ...Array(4).fill("agreement.created"),
      "data_import.import_process.complete",
    ]);
    expect(s.events[0].payload).toMatchObject({ account_user_emails: ["charles@engines.example.com"] });
  });

  it("an account without supply addresses, and one whose only address has no meter points", async () => {
    const w = await world();
    const bare = accountWithoutSupply({ supplier: w.supplier.code, external: uniq("BAL") });
    const number = await replay(w, bare);
    const s = await stored(number);
    expect(s.account).toMatchObject({
      accountType: "DOMESTIC",
      salesChannel: "DIRECT",
      billingName: "Mary Somerville",
      billingPostcode: "EH2 3AT",
      transferBalance: 0,
      lastBilledToDate: null,
      lastStatementClosingDate: "2026-09-30",
      openStatementPeriodStart: "2026-10-01",
    });
    expect([s.addresses, s.points, s.agreements, s.readings]).toEqual([[], [], [], []]);
    expect(s.customers.map((c) => [c.givenName, c.familyName, c.title, c.psr, c.preferences])).toEqual([
      ["Mary", "Somerville", null, [], null],
    ]);
    expect(s.process.payload).toEqual(stagedPayloadOf(bare));
    expect(s.events.map((e) => e.type)).toEqual(["account.created", "data_import.import_process.complete"]);
    const none = await call(meterPointStatuses, "/x", {
      auth: w.auth,
      params: { supplier: w.supplier.code, external: bare.external_account_number! },
    });
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ error: `No meterpoints found for ${number}.` });

    const emptyAddress = accountWithoutSupply(
      { supplier: w.supplier.code, external: uniq("EMP") },
      {
        last_statement_closing_date: undefined,
        last_statement_issue_date: undefined,
        last_statement_balance: undefined,
        supply_addresses: [supplyAddress([], { customer_at_supply_address_from_date: "2026-03-01" })],
      },
    );
    const second = await stored(await replay(w, emptyAddress));
    expect(second.addresses.map((a) => [a.addressLine1, a.postcode, a.movedInAt?.toISOString()])).toEqual([
      ["12 Marylebone Road", "NW1 5LR", "2026-03-01T00:00:00.000Z"],
    ]);
    expect(second.points).toEqual([]);
    // No closed statement: the open period starts when the customer moved in.
    expect(second.account).toMatchObject({ lastStatementClosingDate: null, openStatementPeriodStart: "2026-03-01" });

    const nothing = accountWithoutSupply(
      { supplier: w.supplier.code, external: uniq("NIL") },
      { last_statement_closing_date: undefined, last_statement_issue_date: undefined },
    );
    const third = await stored(await replay(w, nothing));
    expect(third.account.openStatementPeriodStart).toBe(londonToday());
    const unknown = await call(meterPointStatuses, "/x", {
      auth: w.auth,
      params: { supplier: w.supplier.code, external: "NEVER-SEEN" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "No meterpoints found for NEVER-SEEN." });
  });

  it("restaging replaces the staged payload whole (200); the import then uses the new one", async () => {
    const w = await world();
    const ids = { supplier: w.supplier.code, external: uniq("RST"), ...freshMeterIds() };
    const first = fullDomesticAccount(ids);
    expect((await call(stage, "/s", { body: first, auth: w.auth })).status).toBe(201);
    const second = fullDomesticAccount(ids, {
      billing_name: "A. A. Lovelace",
      metadata: undefined,
      references: [{ namespace: "legacy-crm", value: "NEW" }],
    });
    delete second.metadata;
    const again = await call(stage, "/s", { body: second, auth: w.auth });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ external_account_number: ids.external, import_supplier_code: w.supplier.code });
    const [row] = await t.db
      .select()
      .from(accountImportProcesses)
      .where(
        and(
          eq(accountImportProcesses.supplierId, w.supplier.id),
          eq(accountImportProcesses.externalAccountNumber, ids.external),
        ),
      );
    expect(row.payload).toEqual(stagedPayloadOf(second));
    expect(row.payload).not.toHaveProperty("metadata");
    const done = await call(processRoute, "/p", {
      body: { import_supplier: w.supplier.code, external_account_number: ids.external },
      auth: w.auth,
    });
    expect(done.status).toBe(201);
    const s = await stored(done.json.kraken_account_number);
    expect(s.account.billingName).toBe("A. A. Lovelace");
  });

  it("embedded notes, statements and historical / current transactions are validated and kept with the staged account", async () => {
    const w = await world();
    const ids = { supplier: w.supplier.code, external: uniq("LED"), ...freshMeterIds() };
    const body = fullDomesticAccount(ids, embeddedLedger(ids.external));
    const checked = await call(validate, "/v", { body, auth: w.auth });
    expect(checked.status, JSON.stringify(checked.json)).toBe(200);
    expect(checked.json).toEqual(body);
    expect((await call(stage, "/s", { body, auth: w.auth })).status).toBe(201);
    const [row] = await t.db
      .select()
      .from(accountImportProcesses)
      .where(
        and(
          eq(accountImportProcesses.supplierId, w.supplier.id),
          eq(accountImportProcesses.externalAccountNumber, ids.external),
        ),
      );
    expect(row.payload).toEqual(stagedPayloadOf(body));
    // A current transaction inside the closed period is refused at its path.
    const early = fullDomesticAccount(ids, embeddedLedger(ids.external));
    (early.current_statement_transactions![0] as { transaction_date: string }).transaction_date = "2026-10-30";
    const refused = await call(stage, "/s", { body: early, auth: w.auth });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      expect.objectContaining({
        code: "current_statement_transaction_before_current_statement_opening_date",
        attr: "current_statement_transactions.0.transaction_date",
      }),
    ]);
  });
});
