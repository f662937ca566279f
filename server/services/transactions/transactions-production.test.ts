import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTransactionsHandler as create } from "@/server/rest/routes/data-import";
import { accounts, events, notes, transactions } from "@/db/schema";
import { withTransaction } from "@/server/context";
import { parseEventPayload } from "@/server/events/registry";
import { deliveredForms } from "@/server/events/versions";
import { addDays, londonToday } from "@/server/lib/time";
import { useTestDb } from "@/test/db";
import { makeImportedAccount } from "@/test/factories";
import { call } from "@/test/http";
import { findAccountByKey } from "../import-bodies/common";
import { createTransactions } from "./create-transactions";
import { postImportedTransactions } from "./post-transactions";
import {
  energyCharge,
  energyCredit,
  energyPayment,
  energyRepayment,
  energySupplyCharge,
} from "../import-bodies/production-bodies";
import { EnergyTransaction } from "./transaction-schemas";
import { eventsFor, importedAccount } from "@/test/factories";

const t = useTestDb();
const URL = "/v1/data-import/transactions/create/";
const today = londonToday();
const periodStart = addDays(today, -20);
const PRODUCT = "VAR-22-11-01";

async function setup() {
  const base = await importedAccount(t.db);
  const account = await makeImportedAccount(base.org, base.supplier.code, {
    last_statement_closing_date: addDays(periodStart, -1),
  });
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, account.accountNumber));
  return {
    ...base,
    account,
    accountId: row.id,
    ref: { import_supplier: base.supplier.code, external_account_number: account.externalAccountNumber },
  };
}
const rowsOf = (accountId: number) =>
  t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.id);
const ledgerEvents = async (accountNumber: string) =>
  (await eventsFor(t.db, accountNumber)).filter((e) => e.type === "billing.ledger.entry_posted");

/** One of each production type, as a migration script written for production sends them. */
const productionBatch = (p: string) => [
  energyCharge(`${p}-CHG`, addDays(today, -2)),
  energyCharge(`${p}-REV`, addDays(today, -2), {
    amount: "-42.17",
    reason: "REVERSED_ACCOUNT_CREDIT",
    tax_items: [{ amount: "-2.01", value_taxed: "-40.16", rate: "0.05", tax_type: "VAT", unit_type: "PROPORTION" }],
  }),
  energyCredit(`${p}-CRD`, addDays(today, -1)),
  energyPayment(`${p}-PAY`, addDays(today, -1)),
  energyRepayment(`${p}-RPY`, today),
  energySupplyCharge(`${p}-SUP`, addDays(today, -3), addDays(today, -33), addDays(today, -4), PRODUCT),
];

describe("transactions/create/ with production's bodies", () => {
  it("takes every production type (a SUPPLY_CHARGE without reason, string and negative amounts) and stores and posts them exactly", async () => {
    const s = await setup();
    const batch = productionBatch("P");
    const res = await call(create, URL, { body: { ...s.ref, dry_run: false, transactions: batch }, auth: s.auth });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const rows = await rowsOf(s.accountId);
    expect(res.json.results.map((r: any) => [r.status, r.added_transaction_id])).toEqual(
      rows.map((r) => ["TRANSACTION_ADDED_TO_ACCOUNT", r.id]),
    );
    expect(res.json.results.every((r: any) => Number.isInteger(r.added_transaction_id))).toBe(true);
    expect(res.json.results[1].transaction_data).toMatchObject({
      amount: "-42.17",
      tax_items: [{ amount: "-2.01", rate: "0.05" }],
      status: "TRANSACTION_IMPORT_SUCCESS",
    });
    expect(res.json.results[5].transaction_data).toEqual({ ...batch[5], status: "TRANSACTION_IMPORT_SUCCESS" });
    expect(rows.map((r) => [r.transactionId, r.type, r.reason, r.amount, r.paymentType, r.reference])).toEqual([
      ["P-CHG", "CHARGE", "BALANCE_TRANSFER", "42.1700000000", null, "REF-P-CHG"],
      ["P-REV", "CHARGE", "REVERSED_ACCOUNT_CREDIT", "-42.1700000000", null, "REF-P-REV"],
      ["P-CRD", "CREDIT", "GOODWILL_PAYMENT", "10.0000000000", null, null],
      ["P-PAY", "PAYMENT", "REGULAR_SCHEDULE", "60.0000000000", "DD_FIRST_COLLECTION", "DD-P-PAY"],
      ["P-RPY", "REPAYMENT", "PARTIAL_CREDIT_REFUND", "25.5000000000", "BACS", null],
      ["P-SUP", "SUPPLY_CHARGE", null, "128.4600000000", null, null],
    ]);
    const supply = rows[5];
    expect(supply).toMatchObject({
      productCode: PRODUCT,
      supplyPointIdentifier: "1200023456789",
      billingDocumentIdentifier: "BILL-P-SUP",
      statement: "current",
    });
    expect(supply.lineItems).toEqual([
      {
        start_date: addDays(today, -33),
        end_date: addDays(today, -4),
        number_of_units: "400.5",
        price_per_unit: "0.29356",
        net_amount: "117.5708",
        rate_band: "CONSUMPTION_STANDARD",
        units: ["12000", "12400.5"],
      },
      {
        start_date: addDays(today, -33),
        end_date: addDays(today, -4),
        number_of_units: "30",
        price_per_unit: "0.1645",
        net_amount: "4.935",
        rate_specification_code: "STANDING",
        params: { source: "legacy" },
      },
    ]);
    expect(supply.taxItems).toEqual([
      { amount: "5.9529", value_taxed: "122.5058", rate: "0.05", tax_type: "VAT", unit_type: "PROPORTION" },
    ]);
    expect(rows[1].taxItems).toEqual([
      { amount: "-2.01", value_taxed: "-40.16", rate: "0.05", tax_type: "VAT", unit_type: "PROPORTION" },
    ]);
    // One ledger event per transaction, valid against the catalogue (v2 stored, v1 derived), negative amounts included.
    const evs = await ledgerEvents(s.account.accountNumber);
    expect(evs.map((e) => (e.payload as any).entry.id)).toEqual(rows.map((r) => r.id));
    expect(
      evs.map((e) =>
        Object.entries((e.payload as any).entry)
          .filter(([k, v]) => k.startsWith("is_") && v)
          .map(([k]) => k),
      ),
    ).toEqual([["is_charge"], ["is_charge"], ["is_credit"], ["is_payment"], ["is_repayment"], ["is_charge"]]);
    for (const e of evs) {
      expect(parseEventPayload("billing.ledger.entry_posted", "v2", e.payload)).toEqual(e.payload);
      for (const f of deliveredForms(e))
        expect(parseEventPayload("billing.ledger.entry_posted", f.version as "v1" | "v2", f.payload)).toEqual(
          f.payload,
        );
    }
    // Resending the production bodies (amounts as strings, "12000.0" vs "12000") is a resend.
    const again = await call(create, URL, { body: { ...s.ref, transactions: batch }, auth: s.auth });
    expect(again.json.results.map((r: any) => [r.status, r.added_transaction_id])).toEqual(
      rows.map((r) => ["TRANSACTION_ALREADY_EXISTS", r.id]),
    );
    // A JSON number for a string amount is the same amount.
    const asNumber = await call(create, URL, {
      body: { ...s.ref, transactions: [{ ...batch[0], amount: 42.17 }] },
      auth: s.auth,
    });
    expect(asNumber.json.results[0].status).toBe("TRANSACTION_ALREADY_EXISTS");
  });

  it("accepts production's enums in full: the last CHARGE and CREDIT reasons, '' for payment reason and type (read as absent), optional ones left out", async () => {
    const s = await setup();
    const d = addDays(today, -1);
    const items = [
      energyCharge("E-1", d, { reason: "CHAPS_REFUND" }),
      energyCredit("E-2", d, { reason: "SBEXTRANEWACQ75" }),
      energyPayment("E-3", d, { reason: "", payment_type: "" }),
      energyPayment("E-4", d, { reason: undefined, payment_type: undefined, reference: undefined }),
      energyRepayment("E-5", d, { reason: "", payment_type: "" }),
    ];
    const res = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect((await rowsOf(s.accountId)).map((r) => [r.reason, r.paymentType])).toEqual([
      ["CHAPS_REFUND", null],
      ["SBEXTRANEWACQ75", null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    // The answer echoes what was sent; the events carry no empty payment type.
    expect(res.json.results[2].transaction_data).toMatchObject({ reason: "", payment_type: "" });
    const again = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
    expect(again.json.results.map((r: any) => r.status)).toEqual(items.map(() => "TRANSACTION_ALREADY_EXISTS"));
  });

  it("posts whole pence only: a sub-penny amount is refused at its attr, never rounded; amounts echo with two places; items keep their precision but must add up", async () => {
    const s = await setup();
    const d = addDays(today, -1);
    for (const amount of [10.005, "10.005", "0.001", "-3.141"]) {
      const res = await call(create, URL, {
        body: { ...s.ref, transactions: [energyCharge("W-1", d), energyCharge("W-2", d, { amount })] },
        auth: s.auth,
      });
      expect([res.status, res.json.status, res.json.code, res.json.errors[0].attr], String(amount)).toEqual([
        400,
        "TRANSACTION_IMPORT_ERROR",
        "amount_not_whole_pence",
        "transactions.1.amount",
      ]);
    }
    expect(await rowsOf(s.accountId)).toEqual([]);
    // Trailing zeros are no precision; numbers and strings echo with exactly two places.
    const supply = energySupplyCharge("W-S", d, addDays(today, -31), addDays(today, -2), PRODUCT);
    const items = {
      ...supply,
      amount: "12.35",
      line_items: [
        {
          ...supply.line_items[0],
          number_of_units: "100.1234",
          price_per_unit: "0.1123456",
          net_amount: "11.2484632",
          rate_band: undefined,
        },
      ],
      tax_items: [
        { amount: "1.1004", value_taxed: "11.24846", rate: "0.0978", tax_type: "VAT", unit_type: "PROPORTION" },
      ],
    };
    const ok = await call(create, URL, {
      body: {
        ...s.ref,
        transactions: [energyCharge("W-3", d, { amount: "10.500" }), energyCharge("W-4", d, { amount: 7 }), items],
      },
      auth: s.auth,
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(ok.json.results.map((r: any) => r.transaction_data.amount)).toEqual(["10.50", "7.00", "12.35"]);
    expect(ok.json.results[2].transaction_data.line_items[0]).toMatchObject({
      net_amount: "11.2484632",
      price_per_unit: "0.1123456",
    });
    const rows = await rowsOf(s.accountId);
    expect(rows.map((r) => r.amount)).toEqual(["10.5000000000", "7.0000000000", "12.3500000000"]);
    expect(rows[2].lineItems![0]).toMatchObject({ net_amount: "11.2484632" });
    // 11.2484632 + 1.1004 is 12.35 in pence: 12.34 is refused with production's code.
    const off = await call(create, URL, {
      body: { ...s.ref, transactions: [{ ...items, transaction_id: "W-S2", amount: "12.34" }] },
      auth: s.auth,
    });
    expect([off.status, off.json.code, off.json.errors[0].attr]).toEqual([
      400,
      "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount",
      "transactions.0.amount",
    ]);
  });

  it("finds the account by the deprecated account_number, which must belong to the supplier", async () => {
    const s = await setup();
    const byNumber = await call(create, URL, {
      body: {
        import_supplier: s.ref.import_supplier,
        account_number: s.account.accountNumber,
        transactions: [energyCredit("K-1", today)],
      },
      auth: s.auth,
    });
    expect(byNumber.status).toBe(201);
    expect((await rowsOf(s.accountId)).map((r) => r.transactionId)).toEqual(["K-1"]);
    const both = await call(create, URL, {
      body: { ...s.ref, account_number: s.account.accountNumber, transactions: [energyCredit("K-2", today)] },
      auth: s.auth,
    });
    expect(both.status).toBe(201);
    const other = await importedAccount(t.db, {});
    const otherSupplier = await call(create, URL, {
      body: {
        import_supplier: other.supplier.code,
        account_number: s.account.accountNumber,
        transactions: [energyCredit("K-3", today)],
      },
      auth: other.auth,
    });
    expect(otherSupplier.status).toBe(404);
    expect(otherSupplier.json).toMatchObject({ code: "account_not_found", errors: [{ attr: "account_number" }] });
    const mismatch = await call(create, URL, {
      body: { ...s.ref, account_number: other.account.accountNumber, transactions: [energyCredit("K-4", today)] },
      auth: s.auth,
    });
    expect(mismatch.status).toBe(404);
    const neither = await call(create, URL, {
      body: { import_supplier: s.ref.import_supplier, transactions: [energyCredit("K-5", today)] },
      auth: s.auth,
    });
    expect(neither.status).toBe(400);
    expect(neither.json).toMatchObject({
      code: "required",
      errors: [{ attr: "external_account_number", code: "required" }],
    });
    expect((await rowsOf(s.accountId)).map((r) => r.transactionId)).toEqual(["K-1", "K-2"]);
  });

  it("dry_run: runs everything and answers 200 with what it would do, storing nothing and emitting nothing", async () => {
    const s = await setup();
    expect(
      (await call(create, URL, { body: { ...s.ref, transactions: [energyCharge("D-1", today)] }, auth: s.auth }))
        .status,
    ).toBe(201);
    const [kept] = await rowsOf(s.accountId);
    const eventsBefore = (await eventsFor(t.db, s.account.accountNumber)).length;
    const early = addDays(periodStart, -5);
    const body = {
      ...s.ref,
      dry_run: true,
      transactions: [energyCharge("D-1", today), energyCredit("D-2", early), ...productionBatch("DR").slice(3)],
    };
    const res = await call(create, URL, { body, auth: s.auth });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.results[0]).toEqual({
      status: "TRANSACTION_ALREADY_EXISTS",
      added_transaction_id: kept.id,
      transaction_data: expect.objectContaining({ transaction_id: "D-1" }),
    });
    expect(res.json.results[1]).toMatchObject({
      status: "TRANSACTION_ADDED_TO_ACCOUNT",
      moved_to_date: periodStart,
      transaction_data: { status: "TRANSACTION_IMPORT_SUCCESS" },
    });
    expect(
      res.json.results
        .slice(1)
        .every((r: any) => r.status === "TRANSACTION_ADDED_TO_ACCOUNT" && !("added_transaction_id" in r)),
    ).toBe(true);
    expect((await rowsOf(s.accountId)).map((r) => r.id)).toEqual([kept.id]);
    expect((await eventsFor(t.db, s.account.accountNumber)).length).toBe(eventsBefore);
    expect(await t.db.select().from(notes).where(eq(notes.accountId, s.accountId))).toHaveLength(0);
    // Refusals are reported as the real request would, still writing nothing.
    const refused = await call(create, `${URL}?force_add_to_current_statement=false`, { body, auth: s.auth });
    expect(refused.json).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "transaction_outside_open_statement_period",
      errors: [{ attr: "transactions.1.transaction_date" }],
    });
    // Inside a caller's transaction a dry run takes back only its own part.
    await withTransaction(s.org.ctx, async (_tx, ctx) => {
      const out = await createTransactions(
        ctx,
        { ...s.ref, dry_run: true, transactions: [energyCredit("D-9", today)] },
        { check_previously_added: true, force_add_to_current_statement: true },
      );
      expect(out.results[0].status).toBe("TRANSACTION_ADDED_TO_ACCOUNT");
    });
    expect(await rowsOf(s.accountId)).toHaveLength(1);
  });

  it("refuses each of production's transaction rules with its code and attr", async () => {
    const s = await setup();
    const d = addDays(today, -3);
    const sc = (extra: Record<string, unknown> = {}) =>
      energySupplyCharge("R-1", d, addDays(today, -33), addDays(today, -4), PRODUCT, extra);
    const [line0, line1] = sc().line_items;
    const cases: [unknown, string, string][] = [
      [energyCharge("R-1", addDays(today, 1)), "transaction_in_future", "transactions.0.transaction_date"],
      [
        { ...energyCharge("R-1", d), transaction_id: undefined },
        "missing_transaction_id",
        "transactions.0.transaction_id",
      ],
      [
        sc({ line_items: [{ ...line0, start_date: addDays(today, -3), end_date: addDays(today, -4) }, line1] }),
        "start_date_later_than_end_date",
        "transactions.0.line_items.0.end_date",
      ],
      [
        sc({ amount: "128.48", line_items: [{ ...line0, net_amount: "117.59" }, line1] }),
        "incorrect_line_item_net_amount",
        "transactions.0.line_items.0.net_amount",
      ],
      [
        sc({ line_items: [line0, { ...line1, rate_band: "STANDING_CHARGE" }] }),
        "conflicting_rate_band_specification",
        "transactions.0.line_items.1.rate_specification_code",
      ],
      [
        sc({ line_items: [{ ...line0, units: ["1"] }, line1] }),
        "line_item_units_must_be_two_values",
        "transactions.0.line_items.0.units",
      ],
      [
        sc({ amount: "128.50" }),
        "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount",
        "transactions.0.amount",
      ],
      [
        sc({ supply_point_identifier: undefined }),
        "supply_point_identifier_required_for_rate_specification_code",
        "transactions.0.supply_point_identifier",
      ],
      [sc({ product_code: "NOT-A-PRODUCT" }), "product_code_does_not_exist", "transactions.0.product_code"],
      [sc({ reason: "IMPORTED_CHARGE" }), "unknown_field", "transactions.0.reason"],
      [energyCredit("R-1", d, { tax_items: [] }), "unknown_field", "transactions.0.tax_items"],
      [energyPayment("R-1", d, { payment_type: "CARD_REFUND" }), "invalid_choice", "transactions.0.payment_type"],
      [energyRepayment("R-1", d, { reason: "REGULAR_SCHEDULE" }), "invalid_choice", "transactions.0.reason"],
      [energyCharge("R-1", d, { amount: "12345678901" }), "max_value", "transactions.0.amount"],
      [energyCharge("R-1", d, { amount: `1.${"1".repeat(11)}` }), "max_decimal_places", "transactions.0.amount"],
      [
        sc({ line_items: [{ ...line0, number_of_units: "400.12345" }, line1] }),
        "max_decimal_places",
        "transactions.0.line_items.0.number_of_units",
      ],
      [
        sc({ line_items: [{ ...line0, price_per_unit: "123456789" }, line1] }),
        "max_value",
        "transactions.0.line_items.0.price_per_unit",
      ],
    ];
    for (const [item, code, attr] of cases) {
      const res = await call(create, URL, { body: { ...s.ref, transactions: [item] }, auth: s.auth });
      expect([code, res.status, res.json.status], JSON.stringify(res.json)).toEqual([
        code,
        400,
        "TRANSACTION_IMPORT_ERROR",
      ]);
      expect(res.json.errors.map((e: any) => [e.code, e.attr])).toContainEqual([code, attr]);
    }
    const dup = await call(create, URL, {
      body: { ...s.ref, transactions: [energyCharge("R-2", d), energyCredit("R-2", d)] },
      auth: s.auth,
    });
    expect(dup.json).toMatchObject({
      code: "duplicate_transaction_ids",
      errors: [{ attr: "transactions.1.transaction_id" }],
    });
    expect(await rowsOf(s.accountId)).toHaveLength(0);
  });
});

describe("postImportedTransactions (the account payload's embedded transactions)", () => {
  it("posts historical statement transactions on the closed statement, unmoved, and current ones like the route, with their events", async () => {
    const s = await setup();
    const closing = addDays(periodStart, -1);
    const historical = [energyCharge("H-1", addDays(closing, -30)), energyPayment("H-2", closing)].map((i) =>
      EnergyTransaction.parse(i),
    );
    const current = [energyCredit("C-1", addDays(periodStart, -3)), energyCharge("C-2", today)].map((i) =>
      EnergyTransaction.parse(i),
    );
    const results = await withTransaction(s.org.ctx, async (tx, ctx) => {
      const account = await findAccountByKey(tx, s.org.id, s.ref, { lock: true });
      return [
        ...(await postImportedTransactions(tx, ctx, account, historical, { statement: "historical" })),
        ...(await postImportedTransactions(tx, ctx, account, current, { statement: "current" })),
      ];
    });
    const rows = await rowsOf(s.accountId);
    expect(rows.map((r) => [r.transactionId, r.statement, r.transactionDate, r.description === null])).toEqual([
      ["H-1", "historical", addDays(closing, -30), true],
      ["H-2", "historical", closing, true],
      ["C-1", "current", periodStart, false],
      ["C-2", "current", today, true],
    ]);
    expect(results.map((r) => r.added_transaction_id)).toEqual(rows.map((r) => r.id));
    expect((await ledgerEvents(s.account.accountNumber)).map((e) => (e.payload as any).entry.id)).toEqual(
      rows.map((r) => r.id),
    );
    const stored = await t.db
      .select()
      .from(events)
      .where(and(eq(events.accountNumber, s.account.accountNumber), eq(events.type, "billing.ledger.entry_posted")));
    expect(stored).toHaveLength(2);
    // The same id sent again on the other statement is not a resend.
    const moved = await withTransaction(s.org.ctx, async (tx, ctx) =>
      postImportedTransactions(tx, ctx, await findAccountByKey(tx, s.org.id, s.ref, { lock: true }), [historical[1]], {
        statement: "current",
      }).catch((e) => e),
    );
    expect(moved.code).toBe("transaction_id_already_used");
  });

  it("refuses a historical transaction after the last statement closing date, and repeated ids, with attrs under the payload's field", async () => {
    const s = await setup();
    const run = (items: unknown[], statement: "current" | "historical") =>
      withTransaction(s.org.ctx, async (tx, ctx) =>
        postImportedTransactions(
          tx,
          ctx,
          await findAccountByKey(tx, s.org.id, s.ref, { lock: true }),
          items.map((i) => EnergyTransaction.parse(i)),
          { statement },
        ),
      ).catch((e) => e);
    const late = await run(
      [energyCharge("L-1", addDays(periodStart, -2)), energyCharge("L-2", periodStart)],
      "historical",
    );
    expect(late.body).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "historical_statement_transaction_after_last_statement_closing_date",
      errors: [{ attr: "historical_statement_transactions.1.transaction_date" }],
    });
    const dup = await run([energyCharge("L-3", today), energyCharge("L-3", today)], "current");
    expect(dup.errors).toEqual([
      expect.objectContaining({
        code: "duplicate_transaction_ids",
        attr: "current_statement_transactions.1.transaction_id",
      }),
    ]);
    expect(await rowsOf(s.accountId)).toHaveLength(0);
  });
});
