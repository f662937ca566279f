import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHistoricalStatementsHandler as statements } from "@/server/rest/routes/data-import";
import { createNotesHandler as notesRoute } from "@/server/rest/routes/data-import";
import { sendRegistrationFlowsHandler as flows } from "@/server/rest/routes/data-import";
import { createTransactionsHandler as txRoute } from "@/server/rest/routes/data-import";
import { openAccountDocument } from "@/server/services/documents/open-document";
import { londonToday, addDays } from "@/server/lib/time";
import { useTestDb } from "@/test/db";
import { makeImportedAccount, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

describe("account records (the account page's tabs)", () => {
  it("shows notes pinned first, transactions with moved dates, statements, registrations; to our organisation only", async () => {
    const w = await consoleWorld(t.db);
    const docs = fs.mkdtempSync(path.join(os.tmpdir(), "km-console-docs-"));
    fs.writeFileSync(path.join(docs, "s1.pdf"), "%PDF-1.4 test");
    const supplier = await makeSupplier(w.org, { documentRoot: `file://${docs}` });
    const closing = addDays(londonToday(), -20);
    const acc = await makeImportedAccount(w.org, supplier.code, { last_statement_closing_date: closing });
    const auth = `Token ${w.org.apiKey}`;
    const ref = { import_supplier: supplier.code, external_account_number: acc.externalAccountNumber };
    const n = await call(notesRoute, "/v1/data-import/notes/create/", {
      auth,
      body: {
        ...ref,
        notes: [
          { body: "older", created_at: "2026-01-01T10:00:00Z" },
          { body: "<b>pinned</b>", is_pinned: true, created_at: "2025-06-01T10:00:00Z" },
        ],
      },
    });
    expect(n.status).toBe(201);
    const tx = await call(txRoute, "/v1/data-import/transactions/create/", {
      auth,
      body: {
        ...ref,
        transactions: [
          {
            transaction_id: "T-IN",
            transaction_date: addDays(londonToday(), -2),
            amount: 12.3,
            type: "CHARGE",
            reason: "IMPORTED_CHARGE",
          },
          {
            transaction_id: "T-OLD",
            transaction_date: addDays(londonToday(), -60),
            amount: 1000.5,
            type: "CREDIT",
            reason: "IMPORTED_CREDIT",
          },
        ],
      },
    });
    expect(tx.status).toBe(201);
    const st = await call(statements, "/v1/data-import/historical-statements/create/", {
      auth,
      body: {
        ...ref,
        statements: [
          {
            statement_id: "S1",
            bill_period_from_date: "2025-01-01",
            bill_period_to_date: "2025-01-31",
            issued_date: "2025-02-02",
            number: "1",
            gross_amount: 9999,
            statement_path: "s1.pdf",
          },
        ],
      },
    });
    expect([200, 201]).toContain(st.status);
    const fl = await call(flows, "/x", {
      auth,
      method: "POST",
      params: { import_supplier_code: supplier.code, external_account_number: acc.externalAccountNumber },
    });
    expect(fl.status).toBe(200);

    const r = await w.support.account.records({ accountNumber: acc.accountNumber });
    const notePage = await w.support.account.notes({ accountNumber: acc.accountNumber });
    // The script's pinned note and the note pinned for the moved transaction date come first.
    expect(notePage.items.map((x) => x.isPinned)).toEqual([true, true, false]);
    expect(notePage.items.map((x) => x.body)).toContain("<b>pinned</b>");
    expect(notePage.items[2].body).toBe("older");
    const txPage = await w.support.account.transactions({ accountNumber: acc.accountNumber });
    expect(txPage.total).toBe(txPage.items.length);
    const byId = Object.fromEntries(txPage.items.map((x) => [x.transactionId, x]));
    expect(byId["T-IN"]).toMatchObject({ amount: "12.30", type: "CHARGE", dateMoved: false });
    expect(byId["T-OLD"]).toMatchObject({
      amount: "1000.50",
      dateMoved: true,
      originalTransactionDate: addDays(londonToday(), -60),
    });
    expect(r.statements.items[0]).toMatchObject({ statementId: "S1", grossAmount: "99.99", hasDocument: true });
    expect(r.registrations.map((x) => x.mpxn).sort()).toEqual([acc.mpan, acc.mprn].sort());
    expect(r.registrations.every((x) => ["requested", "sent", "failed"].includes(x.status))).toBe(true);

    const doc = await openAccountDocument(
      {
        db: t.db,
        requestId: "t",
        actor: { kind: "user", organisationId: w.org.id, userId: 1, role: "support", email: "s@x" },
      },
      { accountNumber: acc.accountNumber, kind: "statement", id: r.statements.items[0].id },
    );
    expect(doc.contentType).toBe("application/pdf");
    expect(await new Response(doc.body).text()).toBe("%PDF-1.4 test");
    await expect(
      openAccountDocument(
        {
          db: t.db,
          requestId: "t",
          actor: { kind: "user", organisationId: w.other.id, userId: 1, role: "operator", email: "o@x" },
        },
        { accountNumber: acc.accountNumber, kind: "statement", id: r.statements.items[0].id },
      ),
    ).rejects.toMatchObject({ code: "account_not_found" });

    expect(await codeOf(w.outsider.account.records({ accountNumber: acc.accountNumber }))).toBe("NOT_FOUND");
  });
});

describe("product router", () => {
  it("lists products with tariffs for any signed-in user, and nothing to the signed-out", async () => {
    const w = await consoleWorld(t.db);
    const page = await w.support.product.list({ limit: 5 });
    expect(Array.isArray(page.items)).toBe(true);
    expect(await codeOf(w.anonymous.product.list({}))).toBe("UNAUTHORIZED");
  });

  it("lists tariffs without rates, and opens one tariff's rates in force on demand", async () => {
    const w = await consoleWorld(t.db);
    const page = await w.support.product.list({ search: "VAR-22-11-01" });
    const tariff = page.items[0].tariffs.find((x) => x.code === "E-1R-VAR-22-11-01-C")!;
    expect(tariff).toMatchObject({ region: "C", fuel: "electricity", registers: 1 });
    expect(tariff).not.toHaveProperty("rates");
    const { rates } = await w.support.product.rates({ tariffCode: "e-1r-var-22-11-01-c" });
    expect(rates.map((r) => r.type).sort()).toEqual(expect.arrayContaining(["standard_unit_rate", "standing_charge"]));
    expect(rates.every((r) => /^\d+(\.\d+)?$/.test(r.incVat) && r.validFrom <= new Date())).toBe(true);
    expect(await codeOf(w.support.product.rates({ tariffCode: "E-1R-NOPE-C" }))).toBe("NOT_FOUND");
    expect(await codeOf(w.anonymous.product.rates({ tariffCode: tariff.code }))).toBe("UNAUTHORIZED");
  });

  it("pages an account's transactions on the server, newest first, with no gaps or repeats", async () => {
    const w = await consoleWorld(t.db);
    const supplier = await makeSupplier(w.org);
    const acc = await makeImportedAccount(w.org, supplier.code, {
      last_statement_closing_date: addDays(londonToday(), -100),
    });
    const transactions = Array.from({ length: 250 }, (_, i) => ({
      transaction_id: `P-${i}`,
      transaction_date: addDays(londonToday(), -(i % 40)),
      amount: 1 + i,
      type: "CHARGE",
      reason: "IMPORTED_CHARGE",
    }));
    const res = await call(txRoute, "/x", {
      auth: `Token ${w.org.apiKey}`,
      body: { import_supplier: supplier.code, external_account_number: acc.externalAccountNumber, transactions },
    });
    expect(res.status).toBe(201);
    const seen: string[] = [];
    const dates: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await w.support.account.transactions({
        accountNumber: acc.accountNumber,
        cursor,
        limit: 100,
        direction: "forward",
      }); // as the browser's infinite query sends it
      expect(page.total).toBe(250);
      seen.push(...page.items.map((x) => x.transactionId));
      dates.push(...page.items.map((x) => x.transactionDate));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);

    const notes = Array.from({ length: 60 }, (_, i) => ({
      body: `note ${i}`,
      created_at: `2026-01-01T10:${String(i).padStart(2, "0")}:00Z`,
    }));
    const posted = await call(notesRoute, "/x", {
      auth: `Token ${w.org.apiKey}`,
      body: { import_supplier: supplier.code, external_account_number: acc.externalAccountNumber, notes },
    });
    expect(posted.status).toBe(201);
    const first = await w.support.account.notes({ accountNumber: acc.accountNumber, limit: 50, direction: "forward" });
    const second = await w.support.account.notes({
      accountNumber: acc.accountNumber,
      limit: 50,
      cursor: first.nextCursor,
    });
    expect([first.total, first.items.length, second.items.length, second.nextCursor]).toEqual([60, 50, 10, null]);
    expect(new Set([...first.items, ...second.items].map((n) => n.body)).size).toBe(60);
    expect(new Set(seen).size).toBe(250);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await codeOf(w.outsider.account.transactions({ accountNumber: acc.accountNumber }))).toBe("NOT_FOUND");
  });
});
