import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTransactionsHandler as create } from "@/server/rest/routes/data-import";
import { accounts, events, notes, transactions } from "@/db/schema";
import { addDays, londonToday } from "@/server/lib/time";
import { useTestDb } from "@/test/db";
import { makeImportedAccount } from "@/test/factories";
import { call } from "@/test/http";
import { parseEventPayload } from "@/server/events/registry";
import { deliveredForms } from "@/server/events/versions";
import { withTransaction } from "@/server/context";
import { createTransactions } from "./create-transactions";
import { eventsFor, importedAccount } from "@/test/factories";

const t = useTestDb();
const URL = "/v1/data-import/transactions/create/";
const today = londonToday();
const periodStart = addDays(today, -20);

async function setup() {
  const base = await importedAccount(t.db);
  // Re-import with a closing date relative to today so the tests never depend on the calendar.
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

const charge = (id: string, extra: Record<string, unknown> = {}) => ({
  transaction_id: id,
  transaction_date: addDays(today, -2),
  amount: 10.5,
  type: "CHARGE",
  reason: "IMPORTED_CHARGE",
  ...extra,
});

const supplyCharge = (id: string) => ({
  transaction_id: id,
  transaction_date: addDays(today, -3),
  amount: 123.45,
  type: "SUPPLY_CHARGE",
  product_code: "VAR-22-11-01",
  line_items: [
    {
      rate_band: "CONSUMPTION_STANDARD",
      start_date: addDays(today, -33),
      end_date: addDays(today, -3),
      number_of_units: 400.5,
      net_amount: 117.57,
      price_per_unit: 0.29356,
      units: [200.25, 200.25],
    },
  ],
  tax_items: [{ amount: 5.88, tax_type: "VAT", value_taxed: 117.57, rate: 0.05, unit_type: "PROPORTION" }],
});

const allTypes = (p: string) => [
  charge(`${p}-1`),
  supplyCharge(`${p}-2`),
  {
    transaction_id: `${p}-3`,
    transaction_date: addDays(today, -1),
    amount: 20,
    type: "CREDIT",
    reason: "GOODWILL_PAYMENT",
    display_note: "Goodwill",
  },
  {
    transaction_id: `${p}-4`,
    transaction_date: addDays(today, -1),
    amount: 50.1,
    type: "PAYMENT",
    reason: "ACCOUNT_CHARGE_PAYMENT",
    payment_type: "DD_REGULAR_COLLECTION",
    reference: "DD-1",
  },
  {
    transaction_id: `${p}-5`,
    transaction_date: today,
    amount: 0.01,
    type: "REPAYMENT",
    reason: "FULL_CREDIT_REFUND",
    payment_type: "DIRECT_CREDIT",
  },
];

async function rowsOf(accountId: number) {
  return t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.id);
}

describe("POST data-import/transactions/create/", () => {
  it("adds all five types with exact decimals, a ledger event each (delivered as v2 and v1), and 201 {results}", async () => {
    const s = await setup();
    const res = await call(create, URL, { body: { ...s.ref, transactions: allTypes("A") }, auth: s.auth });
    expect(res.status).toBe(201);
    expect(res.json.results).toHaveLength(5);
    expect(res.json.results.map((r: any) => r.status)).toEqual(Array(5).fill("TRANSACTION_ADDED_TO_ACCOUNT"));
    expect(res.json.results[0].transaction_data).toMatchObject({
      transaction_id: "A-1",
      amount: "10.50",
      status: "TRANSACTION_IMPORT_SUCCESS",
    });
    expect(res.json.results[1].transaction_data.line_items[0]).toMatchObject({
      net_amount: "117.57",
      price_per_unit: "0.29356",
      units: ["200.25", "200.25"],
    });
    expect(res.json.results[1].transaction_data.tax_items[0]).toMatchObject({ amount: "5.88", rate: "0.05" });
    expect(res.json.results[4].transaction_data.amount).toBe("0.01");
    const rows = await rowsOf(s.accountId);
    expect(rows.map((r) => [r.transactionId, r.type, r.amount, r.statement])).toEqual([
      ["A-1", "CHARGE", "10.5000000000", "current"],
      ["A-2", "SUPPLY_CHARGE", "123.4500000000", "current"],
      ["A-3", "CREDIT", "20.0000000000", "current"],
      ["A-4", "PAYMENT", "50.1000000000", "current"],
      ["A-5", "REPAYMENT", "0.0100000000", "current"],
    ]);
    expect(rows[1].lineItems![0]).toMatchObject({ number_of_units: "400.5", net_amount: "117.57" });
    expect(res.json.results.map((r: any) => r.added_transaction_id)).toEqual(rows.map((r) => r.id));
    const evs = (await eventsFor(t.db, s.account.accountNumber)).filter(
      (e) => e.type === "billing.ledger.entry_posted",
    );
    expect(evs.map((e) => e.version)).toEqual(Array(5).fill("v2"));
    const v2 = evs.map((e) => e.payload as any);
    expect(v2.map((p) => p.entry.id)).toEqual(rows.map((r) => r.id));
    expect(v2.map((p) => p.entry.source_id)).toEqual(rows.map((r) => r.id));
    expect(
      v2.map((p) =>
        Object.entries(p.entry)
          .filter(([k, v]) => k.startsWith("is_") && v)
          .map(([k]) => k),
      ),
    ).toEqual([["is_charge"], ["is_charge"], ["is_credit"], ["is_payment"], ["is_repayment"]]);
    const ledger = { account: { number: s.account.accountNumber }, number: `L-${s.account.accountNumber.slice(2)}` };
    // One outbox row for the request, standing for an event per transaction (ADR 0303).
    const stored = await t.db
      .select()
      .from(events)
      .where(and(eq(events.accountNumber, s.account.accountNumber), eq(events.type, "billing.ledger.entry_posted")));
    expect(stored.map((r) => [r.fanoutIds, r.fanoutKinds])).toEqual([[rows.map((r) => r.id), rows.map((r) => r.type)]]);
    expect(new Set(evs.map((e) => e.id)).size).toBe(5);
    expect(evs.map((e) => [e.seq, e.part, e.parts])).toEqual([0, 1, 2, 3, 4].map((i) => [stored[0].seq, i, 5]));
    for (const e of evs) {
      // Built from the fan-out row, yet exactly the catalogue's shape, as emit() would have checked it.
      expect(parseEventPayload("billing.ledger.entry_posted", "v2", e.payload)).toEqual(e.payload);
      expect(e.payload).toEqual({
        ledger,
        entry: expect.objectContaining({
          source_type: "data_import.transaction",
          is_reversal: false,
          is_reversed: false,
        }),
      });
      expect(e.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(e.organisationId).toBe(s.org.id);
      expect(Math.abs(e.occurredAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(deliveredForms(e).map((f) => [f.version, f.payload])).toEqual([
        ["v2", e.payload],
        ["v1", { ledger }],
      ]);
    }
  });

  it("stores text exactly, whatever characters it holds", async () => {
    const s = await setup();
    const awkward = ['say "hi"', "back\\slash\\", "{braces,commas}", "NULL", "", "línea\nnueva ✓"];
    const items = awkward.map((text, i) =>
      charge(`W-${i}-${text}`, { display_note: text, note: text, reference: text || undefined }),
    );
    const res = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
    expect(res.status).toBe(201);
    const rows = await rowsOf(s.accountId);
    expect(rows.map((r) => r.displayNote)).toEqual(awkward);
    expect(rows.map((r) => r.transactionId)).toEqual(items.map((i) => i.transaction_id));
    expect(rows[3].note).toBe("NULL");
    expect(rows[4].reference).toBeNull();
    // Compared as stored on resend: the same text is the same transaction.
    const again = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
    expect(again.json.results.map((r: any) => r.status)).toEqual(
      Array(awkward.length).fill("TRANSACTION_ALREADY_EXISTS"),
    );
  });

  it("skips already-added transactions on resend, and refuses them with check_previously_added=false", async () => {
    const s = await setup();
    const body = { ...s.ref, transactions: [charge("B-1"), charge("B-2")] };
    expect((await call(create, URL, { body, auth: s.auth })).status).toBe(201);
    const again = await call(create, URL, {
      body: { ...body, transactions: [charge("B-1"), charge("B-3")] },
      auth: s.auth,
    });
    expect(again.status).toBe(201);
    expect(again.json.results.map((r: any) => r.status)).toEqual([
      "TRANSACTION_ALREADY_EXISTS",
      "TRANSACTION_ADDED_TO_ACCOUNT",
    ]);
    const strict = await call(create, `${URL}?check_previously_added=false`, {
      body: { ...body, transactions: [charge("B-4"), charge("B-1")] },
      auth: s.auth,
    });
    expect(strict.status).toBe(400);
    expect(strict.json).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "transaction_already_exists",
      transaction_data: { transaction_id: "B-1", amount: "10.50" },
    });
    expect((await rowsOf(s.accountId)).map((r) => r.transactionId)).toEqual(["B-1", "B-2", "B-3"]);
    // B-4 was written before B-1 turned out to exist; the refusal took it and its event back.
    expect(
      (await eventsFor(t.db, s.account.accountNumber)).filter((e) => e.type === "billing.ledger.entry_posted"),
    ).toHaveLength(3);
  });

  it("answers a resend the same way inside a caller's transaction (a savepoint takes the refused INSERT back)", async () => {
    const s = await setup();
    const flags = { check_previously_added: true, force_add_to_current_statement: true };
    const out = await withTransaction(s.org.ctx, async (_tx, ctx) => {
      await createTransactions(ctx, { ...s.ref, transactions: [charge("S-1")] }, flags);
      return createTransactions(ctx, { ...s.ref, transactions: [charge("S-1"), charge("S-2")] }, flags);
    });
    expect(out.results.map((r) => r.status)).toEqual(["TRANSACTION_ALREADY_EXISTS", "TRANSACTION_ADDED_TO_ACCOUNT"]);
    const rows = await rowsOf(s.accountId);
    expect(rows.map((r) => r.transactionId)).toEqual(["S-1", "S-2"]);
    expect(out.results.map((r) => r.added_transaction_id)).toEqual(rows.map((r) => r.id));
    expect(
      (await eventsFor(t.db, s.account.accountNumber)).filter((e) => e.type === "billing.ledger.entry_posted"),
    ).toHaveLength(2);
  });

  it("judges an already-added transaction as already added, even one that could not be added now", async () => {
    const s = await setup();
    const early = addDays(periodStart, -10);
    expect(
      (
        await call(create, URL, {
          body: { ...s.ref, transactions: [charge("F-1", { transaction_date: early })] },
          auth: s.auth,
        })
      ).status,
    ).toBe(201);
    // Resent with forcing off, beside a new one: F-1 exists (not refused for its date), F-2 is added.
    const res = await call(create, `${URL}?force_add_to_current_statement=false`, {
      body: { ...s.ref, transactions: [charge("F-1", { transaction_date: early }), charge("F-2")] },
      auth: s.auth,
    });
    expect(res.status).toBe(201);
    expect(res.json.results.map((r: any) => r.status)).toEqual([
      "TRANSACTION_ALREADY_EXISTS",
      "TRANSACTION_ADDED_TO_ACCOUNT",
    ]);
    expect((await rowsOf(s.accountId)).map((r) => r.transactionId)).toEqual(["F-1", "F-2"]);
    const evs = (await eventsFor(t.db, s.account.accountNumber)).filter(
      (e) => e.type === "billing.ledger.entry_posted",
    );
    expect(evs.map((e) => (e.payload as any).entry.id)).toEqual((await rowsOf(s.accountId)).map((r) => r.id));
  });

  it("refuses a reused transaction_id with different data", async () => {
    const s = await setup();
    await call(create, URL, { body: { ...s.ref, transactions: [charge("C-1")] }, auth: s.auth });
    const res = await call(create, URL, {
      body: { ...s.ref, transactions: [charge("C-1", { amount: 11 })] },
      auth: s.auth,
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("transaction_id_already_used");
  });

  it("tells a resend (same content, written any way) from a reused transaction_id (any sent field changed)", async () => {
    const s = await setup();
    const sent = supplyCharge("R-1");
    const payment = {
      transaction_id: "R-2",
      transaction_date: addDays(today, -1),
      amount: 50.1,
      type: "PAYMENT",
      reason: "ACCOUNT_CHARGE_PAYMENT",
      payment_type: "DD_REGULAR_COLLECTION",
      reference: "DD-1",
      note: "n",
    };
    expect((await call(create, URL, { body: { ...s.ref, transactions: [sent, payment] }, auth: s.auth })).status).toBe(
      201,
    );
    // The same content: keys in another order, numbers written with trailing zeros.
    const [line] = sent.line_items;
    const { line_items: _l, tax_items: _t, ...rest } = sent;
    const rewritten = {
      tax_items: sent.tax_items.map((x) => Object.fromEntries(Object.entries(x).reverse())),
      line_items: [Object.fromEntries(Object.entries(line).reverse())],
      ...Object.fromEntries(Object.entries(rest).reverse()),
    };
    const text = JSON.stringify({ ...s.ref, transactions: [rewritten, payment] })
      .replace('"number_of_units":400.5', '"number_of_units":400.50')
      .replace('"amount":50.1', '"amount":50.10');
    expect(text).toContain("400.50");
    const again = await call(create, URL, { rawBody: text, auth: s.auth });
    expect(again.status).toBe(201);
    expect(again.json.results.map((r: any) => r.status)).toEqual([
      "TRANSACTION_ALREADY_EXISTS",
      "TRANSACTION_ALREADY_EXISTS",
    ]);
    const changed: [string, Record<string, unknown>][] = [
      ["amount", { ...sent, amount: 123.46, tax_items: [{ ...sent.tax_items[0], amount: 5.89 }] }],
      ["transaction_date", { ...sent, transaction_date: addDays(today, -4) }],
      ["line_items net_amount", { ...sent, amount: 123.46, line_items: [{ ...line, net_amount: 117.58 }] }],
      ["line_items units", { ...sent, line_items: [{ ...line, units: [200.25, 200.26] }] }],
      ["line_items units left out", { ...sent, line_items: [{ ...line, units: undefined }] }],
      ["tax_items", { ...sent, tax_items: [{ ...sent.tax_items[0], tax_type: "CCL" }] }],
      ["tax_items params", { ...sent, tax_items: [{ ...sent.tax_items[0], params: { band: "A" } }] }],
      ["product_code", { ...sent, product_code: "OTHER-1" }],
      ["reference", { ...payment, reference: "DD-2" }],
      ["note left out", { ...payment, note: undefined }],
      ["payment_type", { ...payment, payment_type: "CHEQUE" }],
    ];
    for (const [what, item] of changed) {
      const res = await call(create, URL, {
        body: { ...s.ref, transactions: [JSON.parse(JSON.stringify(item))] },
        auth: s.auth,
      });
      expect([what, res.status, res.json.code]).toEqual([what, 400, "transaction_id_already_used"]);
    }
    expect(await rowsOf(s.accountId)).toHaveLength(2);
  });

  it("moves a date before the open period, describes it, pins a note; refuses it when forcing is off", async () => {
    const s = await setup();
    const early = addDays(periodStart, -10);
    const refused = await call(create, `${URL}?force_add_to_current_statement=false`, {
      body: { ...s.ref, transactions: [charge("D-1", { transaction_date: early })] },
      auth: s.auth,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "transaction_outside_open_statement_period",
      transaction_data: { transaction_id: "D-1", transaction_date: early },
    });
    expect(refused.json.error_detail).toContain("not within the statement's (OPEN) period");
    expect(await rowsOf(s.accountId)).toHaveLength(0);

    const res = await call(create, URL, {
      body: { ...s.ref, transactions: [charge("D-1", { transaction_date: early }), charge("D-2")] },
      auth: s.auth,
    });
    expect(res.status).toBe(201);
    expect(res.json.results[0]).toMatchObject({
      moved_to_date: periodStart,
      transaction_data: { transaction_date: early },
    });
    const [moved, kept] = await rowsOf(s.accountId);
    expect(moved).toMatchObject({
      transactionDate: periodStart,
      originalTransactionDate: early,
      statementPeriodStart: periodStart,
    });
    expect(moved.description).toContain(`moved from ${early} to ${periodStart}`);
    expect(kept.description).toBeNull();
    const pinned = await t.db
      .select()
      .from(notes)
      .where(and(eq(notes.accountId, s.accountId), eq(notes.isPinned, true)));
    expect(pinned).toHaveLength(1);
    expect(pinned[0]).toMatchObject({ source: "transaction_date_moved" });
    expect(pinned[0].body).toContain(`D-1 (${early})`);
    // Resending moves nothing again and pins no second note.
    const again = await call(create, URL, {
      body: { ...s.ref, transactions: [charge("D-1", { transaction_date: early })] },
      auth: s.auth,
    });
    expect(again.json.results[0].status).toBe("TRANSACTION_ALREADY_EXISTS");
    expect(await t.db.select().from(notes).where(eq(notes.accountId, s.accountId))).toHaveLength(1);
  });

  it("is all-or-nothing: the third of five failing writes nothing and reports that one", async () => {
    const s = await setup();
    const items: any[] = allTypes("E");
    items[2] = { ...items[2], amount: 1.23456789012 };
    const res = await call(create, URL, { body: { ...s.ref, transactions: items }, auth: s.auth });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "max_decimal_places",
      transaction_data: { transaction_id: "E-3", amount: "1.23456789012" },
    });
    expect(res.json.errors[0].attr).toBe("transactions.2.amount");
    expect(await rowsOf(s.accountId)).toHaveLength(0);
    expect((await eventsFor(t.db, s.account.accountNumber)).filter((e) => e.type.startsWith("billing."))).toHaveLength(
      0,
    );
  });

  it("reports stable codes for bad items", async () => {
    const s = await setup();
    const cases: [unknown, string, string][] = [
      [{ ...charge("F-1"), transaction_id: undefined }, "missing_transaction_id", "transactions.0.transaction_id"],
      [
        charge("F-1", { transaction_date: addDays(today, 2) }),
        "transaction_in_future",
        "transactions.0.transaction_date",
      ],
      [charge("F-1", { transaction_date: "2026-02-30" }), "invalid_date", "transactions.0.transaction_date"],
      [charge("F-1", { amount: true }), "invalid_type", "transactions.0.amount"],
      [charge("F-1", { amount: "ten" }), "invalid_number", "transactions.0.amount"],
      [charge("F-1", { amount: "1.12345678901" }), "max_decimal_places", "transactions.0.amount"],
      [charge("F-1", { amount: 12345678901 }), "max_value", "transactions.0.amount"],
      [charge("F-1", { surprise: true }), "unknown_field", "transactions.0.surprise"],
      [charge("F-1", { type: "REFUND" }), "invalid_choice", "transactions.0.type"],
      [{ ...charge("F-1"), type: undefined }, "required", "transactions.0.type"],
      [charge("F-1", { reason: undefined }), "required", "transactions.0.reason"],
      [charge("F-1", { reason: "ACCOUNT_CHARGE_PAYMENT" }), "invalid_choice", "transactions.0.reason"],
      [charge("F-1", { payment_type: "DEBIT_CARD" }), "unknown_field", "transactions.0.payment_type"],
      [{ ...supplyCharge("F-1"), reason: "IMPORTED_CHARGE" }, "unknown_field", "transactions.0.reason"],
      [{ ...supplyCharge("F-1"), line_items: undefined }, "required", "transactions.0.line_items"],
      [
        { ...supplyCharge("F-1"), line_items: [{ ...supplyCharge("x").line_items[0], end_date: addDays(today, -40) }] },
        "start_date_later_than_end_date",
        "transactions.0.line_items.0.end_date",
      ],
      [
        { ...supplyCharge("F-1"), product_code: "NO-SUCH-PRODUCT" },
        "product_code_does_not_exist",
        "transactions.0.product_code",
      ],
      [
        charge("F-1", { reason: "PREPAY_DEBT_ADJUSTMENT", to_prepay_meter_serial_number: "NOPE" }),
        "prepay_meter_not_found",
        "transactions.0.to_prepay_meter_serial_number",
      ],
      ["not an object", "invalid_type", "transactions.0"],
    ];
    for (const [item, code, attr] of cases) {
      const res = await call(create, URL, { body: { ...s.ref, transactions: [item] }, auth: s.auth });
      expect(res.status, code).toBe(400);
      expect(res.json.status).toBe("TRANSACTION_IMPORT_ERROR");
      expect(res.json.errors.map((e: any) => [e.code, e.attr])).toContainEqual([code, attr]);
    }
    const dup = await call(create, URL, {
      body: { ...s.ref, transactions: [charge("G-1"), charge("G-1")] },
      auth: s.auth,
    });
    expect(dup.json).toMatchObject({
      code: "duplicate_transaction_ids",
      errors: [{ attr: "transactions.1.transaction_id" }],
    });
    const precise = await call(create, URL, {
      rawBody: `{"import_supplier":"${s.ref.import_supplier}","external_account_number":"${s.ref.external_account_number}","transactions":[{"transaction_id":"P","transaction_date":"${today}","amount":10.000000000000000001,"type":"CHARGE","reason":"IMPORTED_CHARGE"}]}`,
      auth: s.auth,
    });
    expect(precise.status).toBe(400);
    expect(precise.json).toMatchObject({
      code: "number_precision_exceeded",
      transaction_data: { amount: "10.000000000000000001" },
    });
    expect(await rowsOf(s.accountId)).toHaveLength(0);
  });

  it("answers envelope errors with the standard shape, and 404 for an unknown or foreign account", async () => {
    const s = await setup();
    const empty = await call(create, URL, { body: { ...s.ref, transactions: [] }, auth: s.auth });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ code: "too_few_items", errors: [{ attr: "transactions" }] });
    const many = await call(create, URL, {
      body: { ...s.ref, transactions: Array.from({ length: 1001 }, (_, i) => charge(`M-${i}`)) },
      auth: s.auth,
    });
    expect(many.json).toMatchObject({ code: "too_many_items" });
    const flag = await call(create, `${URL}?check_previously_added=maybe`, {
      body: { ...s.ref, transactions: [charge("Q")] },
      auth: s.auth,
    });
    expect(flag.status).toBe(400);
    const missing = await call(create, URL, {
      body: { ...s.ref, external_account_number: "NOPE", transactions: [charge("N")] },
      auth: s.auth,
    });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("account_not_found");
    const other = await importedAccount(t.db);
    const foreign = await call(create, URL, { body: { ...s.ref, transactions: [charge("N")] }, auth: other.auth });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("account_not_found");
  });

  it("50 concurrent identical requests add each transaction exactly once", async () => {
    const s = await setup();
    const body = { ...s.ref, transactions: [charge("H-1"), supplyCharge("H-2")] };
    const all = await Promise.all(Array.from({ length: 50 }, () => call(create, URL, { body, auth: s.auth })));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(201));
    const added = all.flatMap((r) => r.json.results).filter((r: any) => r.status === "TRANSACTION_ADDED_TO_ACCOUNT");
    expect(added).toHaveLength(2);
    expect(await rowsOf(s.accountId)).toHaveLength(2);
    const evs = (await eventsFor(t.db, s.account.accountNumber)).filter(
      (e) => e.type === "billing.ledger.entry_posted",
    );
    expect(evs).toHaveLength(2);
  });
});
