import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { emit } from "@/server/events/emit";
import { markPublished } from "@/server/events/outbox";
import { deliveredId } from "@/server/events/versions";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount, makeStagedAccount } from "@/test/factories";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

describe("account router", () => {
  it("finds an account by platform number, external number and meter point, for our organisation only", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    for (const [query, matchedOn] of [
      [acc.accountNumber.toLowerCase(), "account_number"],
      [acc.externalAccountNumber, "external_account_number"],
      [acc.mpan!, "meter_point"],
      [acc.mprn!, "meter_point"],
    ] as const) {
      const found = await w.support.account.find({ query });
      expect(found).toEqual([
        expect.objectContaining({
          matchedOn,
          accountNumber: acc.accountNumber,
          status: "imported",
          importSupplier: w.supplier.code,
        }),
      ]);
      expect(await w.outsider.account.find({ query })).toEqual([]);
    }
    expect(await codeOf(w.support.account.find({ query: "  " }))).toBe("BAD_REQUEST");
  });

  it("finds staged accounts too and shows an imported account's details", async () => {
    const w = await consoleWorld(t.db);
    const { payload: staged } = await makeStagedAccount(w.org, w.supplier.code);
    expect(await w.support.account.find({ query: staged.external_account_number! })).toEqual([
      expect.objectContaining({ accountNumber: null, status: "staged", billingName: "Ada Lovelace" }),
    ]);
    const acc = await makeImportedAccount(w.org, w.supplier.code, {
      sales_channel: "TELESALES",
      billing_email: "ada.bills@example.com",
      transfer_balance: 15,
      customers: [
        {
          title: "Countess",
          given_name: "Ada",
          family_name: "Lovelace",
          salutation: "Dear Countess",
          psr: [{ description: "Blind", elec_industry_code: "11", effective_from: "2025-01-01" }],
          customer_preferences: { opted_into_sms: true, partner_password: "abc" },
        },
      ],
    });
    const detail = await w.support.account.get({ accountNumber: acc.accountNumber });
    expect(detail).toMatchObject({
      number: acc.accountNumber,
      accountType: "DOMESTIC",
      salesChannel: "TELESALES",
      billingEmail: "ada.bills@example.com",
      transferBalance: "15",
      lastBilledToDate: "2026-10-31",
      openStatementPeriodStart: "2026-11-01",
      importProcess: { status: "imported" },
    });
    expect(detail.supplyAddresses[0]).toMatchObject({
      lines: ["1 Analytical Row", "London", "SW1A 1AA"],
      movedInOn: "2025-01-01",
      movedOutOn: null,
    });
    expect(detail.supplyAddresses[0].meterPoints.map((m) => m.mpxn).sort()).toEqual([acc.mpan, acc.mprn].sort());
    const elec = detail.supplyAddresses[0].meterPoints.find((m) => m.fuel === "electricity")!;
    expect(elec).toMatchObject({
      mpid: "OCTO",
      shipperMpid: null,
      supplyStartDate: "2025-01-01",
      profileClass: 1,
      agreements: [{ tariffCode: "E-1R-VAR-22-11-01-C", effectiveFrom: "2025-01-01", effectiveTo: null }],
    });
    expect(elec.meters[0].registers).toEqual([{ id: "1", tpr: "00001", isSettlement: true, digits: 5 }]);
    expect(detail.supplyAddresses[0].meterPoints.find((m) => m.fuel === "gas")).toMatchObject({ shipperMpid: "OCT" });
    expect(detail.customers[0]).toMatchObject({
      name: "Countess Ada Lovelace",
      salutation: "Dear Countess",
      psr: [{ description: "Blind", elecIndustryCode: "11", gasIndustryCode: null, effectiveFrom: "2025-01-01" }],
      preferences: [
        { name: "opted_into_sms", value: true },
        { name: "partner_password", value: "abc" },
      ],
    });
    const records = await w.support.account.records({ accountNumber: acc.accountNumber });
    expect(records.readings.items).toEqual([
      expect.objectContaining({
        mpxn: acc.mpan,
        registerId: "1",
        readingDate: "2026-10-31",
        readingValue: "12345",
        readingType: "CUSTOMER",
        source: "transfer",
      }),
    ]);
    expect(await codeOf(w.outsider.account.get({ accountNumber: acc.accountNumber }))).toBe("NOT_FOUND");
    expect(await codeOf(w.support.account.get({ accountNumber: "nonsense" }))).toBe("BAD_REQUEST");
  });
});

describe("event router", () => {
  it("lists our events newest first with filters and keyset pages; another organisation sees none", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    const all = await w.support.event.list({ accountNumber: acc.accountNumber });
    expect(all.items.map((e) => e.type)).toEqual([
      "data_import.import_process.complete",
      "agreement.created",
      "agreement.created",
      "account.created",
    ]);
    expect(all.items[0].seq).toBeGreaterThan(all.items[3].seq);
    const agreements = await w.support.event.list({ typePrefix: "agreement.", accountNumber: acc.accountNumber });
    expect(agreements.items).toHaveLength(2);
    expect(
      (await w.support.event.list({ typePrefix: "agreement%", accountNumber: acc.accountNumber })).items,
    ).toHaveLength(0);
    const first = await w.support.event.list({ accountNumber: acc.accountNumber, limit: 3 });
    const rest = await w.support.event.list({ accountNumber: acc.accountNumber, limit: 3, cursor: first.nextCursor! });
    expect([...first.items, ...rest.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    expect(rest.nextCursor).toBeNull();
    expect(all.items.map((e) => e.publishedAt)).toEqual([null, null, null, null]);
    await markPublished(t.db, uniq("S"), { seqs: [all.items[3].seq], lastSeq: all.items[3].seq });
    const published = (await w.support.event.list({ accountNumber: acc.accountNumber, delivery: "published" })).items;
    expect(published.map((e) => e.id)).toEqual([all.items[3].id]);
    expect(published[0].publishedAt).toBeInstanceOf(Date);
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, delivery: "pending" })).items).toHaveLength(
      3,
    );
    const future = new Date(Date.now() + 3600_000);
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, from: future })).items).toHaveLength(0);
    expect((await w.support.event.list({ accountNumber: acc.accountNumber, to: future })).items).toHaveLength(4);
    expect((await w.outsider.event.list({ accountNumber: acc.accountNumber })).items).toHaveLength(0);
    const theirs = (await w.outsider.event.list({ limit: 200 })).items.map((e) => e.id);
    expect(theirs.filter((id) => all.items.some((e) => e.id === id))).toEqual([]);
  });

  it("shows one event with its envelope, only to its organisation", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    const [latest] = (await w.support.event.list({ accountNumber: acc.accountNumber, limit: 1 })).items;
    const one = await w.support.event.get({ id: latest.id });
    expect(one.envelopes).toEqual([
      expect.objectContaining({ id: latest.id, type: latest.type, dataversion: latest.version, data: latest.payload }),
    ]);
    expect(one.derivedVersions).toEqual([]);
    expect(await codeOf(w.outsider.event.get({ id: latest.id }))).toBe("NOT_FOUND");
  });

  it("lists a stored ledger v2 event once, with the v1 it is also delivered as, and shows both envelopes", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    const ledger = { account: { number: acc.accountNumber }, number: `L-${acc.accountNumber}` };
    const entry = {
      id: 41,
      is_charge: true,
      is_credit: false,
      is_payment: false,
      is_repayment: false,
      is_reversal: false,
      is_reversed: false,
      source_id: 41,
      source_type: "data_import.transaction",
    };
    const id = await t.db.transaction((tx) =>
      emit(
        tx as unknown as Db,
        "billing.ledger.entry_posted",
        "v2",
        { ledger, entry },
        { accountNumber: acc.accountNumber, organisationId: w.org.id },
      ),
    );
    const listed = (await w.support.event.list({ accountNumber: acc.accountNumber, typePrefix: "billing." })).items;
    expect(listed.map((e) => [e.id, e.version, e.derivedVersions])).toEqual([[id, "v2", ["v1"]]]);
    expect(
      (await w.support.event.list({ accountNumber: acc.accountNumber })).items.filter(
        (e) => e.type === "account.created",
      )[0].derivedVersions,
    ).toEqual([]);

    const one = await w.support.event.get({ id });
    expect(one).toMatchObject({ version: "v2", derivedVersions: ["v1"], payload: { ledger, entry } });
    const common = {
      specversion: "1.0",
      source: "urn:kraken-migrate",
      type: "billing.ledger.entry_posted",
      subject: acc.accountNumber,
      time: one.occurredAt.toISOString(),
    };
    expect(one.envelopes).toEqual([
      expect.objectContaining({ ...common, id, dataversion: "v2", data: { ledger, entry } }),
      expect.objectContaining({ ...common, id: deliveredId(id, "v2", "v1"), dataversion: "v1", data: { ledger } }),
    ]);
    expect(one.envelopes[1].id).not.toBe(id);
    expect(await codeOf(w.outsider.event.get({ id }))).toBe("NOT_FOUND");
  });

  it("browses and searches the catalogue with fields", async () => {
    const w = await consoleWorld(t.db);
    const all = await w.support.event.catalogue({});
    expect(all.length).toBeGreaterThan(200);
    const created = all.find((e) => e.type === "account.created" && e.version === "v1");
    expect(created?.fields.map((f) => f.path)).toContain("account_number");
    const hits = await w.support.event.catalogue({ search: "import_process" });
    expect(hits.length).toBeGreaterThan(0);
    expect(
      hits.every((e) => e.type.includes("import_process") || e.fields.some((f) => f.path.includes("import_process"))),
    ).toBe(true);
    expect(await codeOf(w.anonymous.event.catalogue({}))).toBe("UNAUTHORIZED");
  });

  it("tells both roles how many of their organisation's events wait for the bus; not the anonymous", async () => {
    const w = await consoleWorld(t.db);
    const before = await w.support.event.delivery();
    await makeImportedAccount(w.org, w.supplier.code);
    const after = await w.operator.event.delivery();
    expect(after.pending - before.pending).toBe(4); // account.created, two agreement.created, import complete
    expect(["delivering", "disconnected", "stopped"]).toContain(after.relay);
    // Another organisation's backlog is its own.
    expect((await w.outsider.event.delivery()).pending).toBeLessThan(after.pending);
    expect(await codeOf(w.anonymous.event.delivery())).toBe("UNAUTHORIZED");
  });
});
