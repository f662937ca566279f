import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { createHistoricalStatementsHandler as statementsRoute } from "@/server/rest/routes/data-import";
import { createNotesHandler as notesRoute } from "@/server/rest/routes/data-import";
import { createPaymentInstructionHandler as paymentRoute } from "@/server/rest/routes/data-import";
import { createTransactionsHandler as transactionsRoute } from "@/server/rest/routes/data-import";
import { validateAccountHandler as validate } from "@/server/rest/routes/account-import";
import { execRows } from "@/db/client";
import { accounts, transactions } from "@/db/schema";
import { setEnv } from "@/server/env.mjs";
import { systemCtx } from "@/server/context";
import { loadProducts } from "@/server/services/products/load-products";
import { uniq, useTestDb } from "@/test/db";
import {
  EXAMPLE,
  exampleAccount,
  exampleCatalogue,
  exampleNotes,
  examplePaymentInstruction,
  exampleStatements,
  exampleTransactions,
  makeOrg,
  makeSupplier,
  writeExampleDocuments,
} from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const STAGE = "/v1/data-import/account-import-process/create-or-update/";

// A card processor standing in for Stripe: every payment method it is asked about is a live card.
let stripe: Server;
beforeAll(async () => {
  stripe = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const id = decodeURIComponent(req.url!.split("/").pop()!);
    res.end(
      JSON.stringify({
        id,
        object: "payment_method",
        type: "card",
        customer: "cus_1",
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2099 },
      }),
    );
  });
  await new Promise<void>((r) => stripe.listen(0, "127.0.0.1", r));
  setEnv({
    PAYMENT_VENDOR_STRIPE_URL: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`,
    PAYMENT_VENDOR_STRIPE_TOKEN: "sk_test_fake",
  });
});
afterAll(() => new Promise<void>((r) => stripe.close(() => r())));

/** An organisation with production's example supplier (TENTACLE_ENERGY), its documents and catalogue. */
async function setup() {
  const org = await makeOrg(t.db);
  const docs = path.join("/tmp", uniq("km-example-docs"));
  mkdirSync(docs, { recursive: true });
  writeExampleDocuments(docs);
  const supplier = await makeSupplier(org, { code: EXAMPLE.supplier, documentRoot: `file://${docs}` });
  await loadProducts(systemCtx(t.db, "example catalogue"), exampleCatalogue());
  return { org, supplier, auth: `Token ${org.apiKey}` };
}

const effectSql = sql.raw(`case when type in ('PAYMENT', 'CREDIT') then amount else -amount end`);
async function balanceOf(accountNumber: string) {
  const [row] = await execRows<{ balance: string }>(
    t.db,
    sql`select (coalesce(a.transfer_balance, 0) + coalesce((select sum(${effectSql}) from transactions where account_id = a.id), 0))::numeric(20, 2)::text as balance from accounts a where a.number = ${accountNumber}`,
  );
  return row.balance;
}

describe("production's published example account", () => {
  it("validates, stages and imports, its ledgers[] acted on as the flat fields are; then the post-import examples follow on it", async () => {
    const { auth } = await setup();
    const account = exampleAccount();
    expect(account.ledgers[0].current_statement_transactions[0].payment_type).toBe("");

    const checked = await call(validate, "/v1/data-import/validate-account/", { body: account, auth });
    expect(checked.status, JSON.stringify(checked.json)).toBe(200);
    const staged = await call(stage, STAGE, { body: account, auth });
    expect(staged.status, JSON.stringify(staged.json)).toBe(201);
    const imported = await call(processRoute, "/x", {
      body: { import_supplier_code: EXAMPLE.supplier, external_account_number: EXAMPLE.external },
      auth,
    });
    expect(imported.status, JSON.stringify(imported.json)).toBe(201);
    const number = imported.json.kraken_account_number as string;

    // The ledger's closing date opens the statement period; its transactions are posted on the right statements.
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, number));
    expect(acc).toMatchObject({
      lastStatementClosingDate: "2019-07-31",
      openStatementPeriodStart: "2019-08-01",
      transferBalance: "0.0000000000",
    });
    const rows = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, acc.id))
      .orderBy(transactions.id);
    expect(rows.map((r) => [r.transactionId, r.statement, r.type, r.amount, r.paymentType])).toEqual([
      ["3", "historical", "PAYMENT", "10.0000000000", null],
      ["4", "historical", "CREDIT", "10.0000000000", null],
      ["1", "current", "REPAYMENT", "10.0000000000", null],
      ["2", "current", "PAYMENT", "20.0000000000", null],
    ]);
    // ledger_balance is the balance after them (20 + 10), and the account shows it.
    expect(await balanceOf(number)).toBe("30.00");

    const notes = await call(notesRoute, "/x", { body: exampleNotes(), auth });
    expect(notes.status, JSON.stringify(notes.json)).toBe(201);
    expect(notes.json.map((n: { status: string }) => n.status)).toEqual([
      "NOTE_CREATION_SUCCESS",
      "NOTE_CREATION_SUCCESS",
    ]);

    // The transactions example reuses ids 1 to 4, which the account example's ledger gave to
    // other transactions: a transaction_id with different data is refused, never dropped.
    const reused = await call(transactionsRoute, "/v1/data-import/transactions/create/", {
      body: exampleTransactions(),
      auth,
    });
    expect([reused.status, reused.json.code, reused.json.errors[0].attr]).toEqual([
      400,
      "transaction_id_already_used",
      "transactions.0.transaction_id",
    ]);
    const body = exampleTransactions();
    body.transactions.forEach(
      (tr: { transaction_id: string }) => (tr.transaction_id = String(Number(tr.transaction_id) + 6)),
    );
    const txs = await call(transactionsRoute, "/v1/data-import/transactions/create/", { body, auth });
    expect(txs.status, JSON.stringify(txs.json)).toBe(201);
    expect(txs.json.results.map((r: any) => [r.status, r.transaction_data.type, r.transaction_data.amount])).toEqual([
      ["TRANSACTION_ADDED_TO_ACCOUNT", "CHARGE", "10.00"],
      ["TRANSACTION_ADDED_TO_ACCOUNT", "CHARGE", "10.00"],
      ["TRANSACTION_ADDED_TO_ACCOUNT", "CREDIT", "10.00"],
      ["TRANSACTION_ADDED_TO_ACCOUNT", "PAYMENT", "10.00"],
      ["TRANSACTION_ADDED_TO_ACCOUNT", "REPAYMENT", "10.00"],
      ["TRANSACTION_ADDED_TO_ACCOUNT", "SUPPLY_CHARGE", "53.24"],
    ]);
    // 30 - 10 - 10 + 10 + 10 - 10 - 53.24
    expect(await balanceOf(number)).toBe("-33.24");

    const statements = await call(statementsRoute, "/x", { body: exampleStatements(), auth });
    expect(statements.status, JSON.stringify(statements.json)).toBe(201);
    expect(statements.json.statements[0]).toMatchObject({ statement_id: "1", gross_amount: 100 });

    // The reference is the example's, made unique per run: a PostgreSQL test database keeps earlier runs' instructions.
    const instruction = { ...examplePaymentInstruction(), reference: `THIS-IS-A-FAKE-REFERENCE-${uniq("R")}` };
    const payment = await call(paymentRoute, "/x", { body: instruction, auth });
    expect(payment.status, JSON.stringify(payment.json)).toBe(201);
    expect(payment.json).toMatchObject({ kraken_account_number: number, reference: instruction.reference });
  });

  it("reports each problem of ledgers[] at its own attr, with production's codes, at staging and at processing", async () => {
    const { auth, supplier } = await setup();
    const subPenny = exampleAccount();
    subPenny.ledgers[0].historical_statement_transactions[1].amount = "10.005";
    const refused = await call(validate, "/v1/data-import/validate-account/", { body: subPenny, auth });
    expect([refused.status, refused.json.code]).toEqual([400, "account_failed_validation"]);
    expect(refused.json.errors.map((e: { code: string; attr: string }) => [e.code, e.attr])).toContainEqual([
      "amount_not_whole_pence",
      "ledgers.0.historical_statement_transactions.1.amount",
    ]);

    const both = { ...exampleAccount(), last_statement_closing_date: "2019-07-31" };
    const twice = await call(stage, STAGE, { body: both, auth });
    expect(twice.json.errors.map((e: { code: string; attr: string }) => [e.code, e.attr])).toEqual([
      ["ledgers_and_deprecated_ledger_fields_provided", "last_statement_closing_date"],
    ]);

    const wrongBalance = exampleAccount();
    wrongBalance.ledgers[0].ledger_balance = "25.00";
    const mismatch = await call(stage, STAGE, { body: wrongBalance, auth });
    expect(mismatch.json.errors.map((e: { code: string; attr: string }) => [e.code, e.attr])).toEqual([
      ["ledger_balances_not_equal_to_transfer_balance", "transfer_balance"],
      ["balance_mismatch_on_transfer_balance", "ledgers.0.ledger_balance"],
    ]);

    // What only processing finds (the catalogue) is reported at the ledger's attr too, and nothing is kept.
    const unknownProduct = exampleAccount();
    unknownProduct.ledgers[0].current_statement_transactions[1] = {
      ...exampleTransactions().transactions[5],
      transaction_id: "2",
      transaction_date: "2019-08-05",
      amount: "-20.00",
      product_code: "NO-SUCH-PRODUCT",
      line_items: [{ start_date: "2019-08-01", end_date: "2019-08-05", number_of_units: 4, net_amount: -20 }],
      tax_items: undefined,
    };
    expect((await call(stage, STAGE, { body: unknownProduct, auth })).status).toBe(201);
    const failed = await call(processRoute, "/x", {
      body: { import_supplier_code: EXAMPLE.supplier, external_account_number: EXAMPLE.external },
      auth,
    });
    expect([failed.status, failed.json.code]).toEqual([400, "account_failed_validation"]);
    expect(failed.json.errors.map((e: { code: string; attr: string }) => [e.code, e.attr])).toEqual([
      ["product_code_does_not_exist", "ledgers.0.current_statement_transactions.1.product_code"],
    ]);
    expect(await t.db.select().from(accounts).where(eq(accounts.supplierId, supplier.id))).toEqual([]);
  });
});
