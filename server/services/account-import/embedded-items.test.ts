import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { accountImportProcesses, accounts, events, historicalStatements, notes, transactions } from "@/db/schema";
import { uniq, useTestDb } from "@/test/db";
import { embeddedLedger, freshMeterIds, fullDomesticAccount } from "@/test/factories";
import { makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";

async function setup() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  return { supplier, auth: `Token ${org.apiKey}` };
}

describe("processing posts the payload's embedded notes, statements and transactions", () => {
  it("as their endpoints post them: rows on the new account, historical ones on the closed statement, one event each", async () => {
    const { supplier, auth } = await setup();
    const external = uniq("EMB");
    const body = fullDomesticAccount(
      { supplier: supplier.code, external, ...freshMeterIds() },
      embeddedLedger(external),
    );
    expect((await call(stage, STAGE, { body, auth })).status).toBe(201);
    const res = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: external },
      auth,
    });
    expect(res.status).toBe(201);
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.number, res.json.kraken_account_number));

    const rows = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, acc.id))
      .orderBy(asc(transactions.id));
    expect(rows.map((r) => [r.transactionId, r.statement, r.transactionDate, r.type])).toEqual([
      [`${external}-H1`, "historical", "2026-09-15", "CHARGE"],
      [`${external}-H2`, "historical", body.last_billed_to_date, "CREDIT"],
      [`${external}-C1`, "current", "2026-11-05", "CHARGE"],
    ]);
    expect(Number(rows[0].amount)).toBe(84.3);
    const [note] = await t.db.select().from(notes).where(eq(notes.accountId, acc.id));
    expect(note.body).toBe("Customer asked for paper bills from next year.");
    const [statement] = await t.db
      .select()
      .from(historicalStatements)
      .where(eq(historicalStatements.accountId, acc.id));
    expect(statement).toMatchObject({ statementId: `${external}-S1`, grossAmountPence: 8430 });

    const types = (
      await t.db.select().from(events).where(eq(events.accountNumber, acc.number)).orderBy(asc(events.seq))
    ).map((e) => e.type);
    // One outbox row stands for all the ledger events of one posting (ADR 0303): historical, then current.
    expect(types.filter((x) => x === "billing.ledger.entry_posted")).toHaveLength(2);
    expect(types.filter((x) => x === "data_import.import_process.post_import.completed")).toHaveLength(2);
    expect(types[0]).toBe("account.created");
    expect(types[types.length - 1]).toBe("data_import.import_process.complete");
  });

  it("a refused embedded item refuses the whole import at its attr in the account payload, and nothing of the account is kept", async () => {
    const { supplier, auth } = await setup();
    const external = uniq("EMB");
    const ledger = embeddedLedger(external);
    // A statement whose PDF is not in the supplier's document store: only the store can say so, at processing.
    (ledger.statements as { statement_path?: string }[])[0].statement_path = `missing/${external}.pdf`;
    const body = fullDomesticAccount({ supplier: supplier.code, external, ...freshMeterIds() }, ledger);
    expect((await call(stage, STAGE, { body, auth })).status).toBe(201);
    const res = await call(processRoute, PROCESS, {
      body: { import_supplier_code: supplier.code, external_account_number: external },
      auth,
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("account_failed_validation");
    expect(res.json.errors).toContainEqual(
      expect.objectContaining({ code: "path_does_not_exist_in_file_store", attr: "statements.0.statement_path" }),
    );
    expect(await t.db.select().from(accounts).where(eq(accounts.externalAccountNumber, external))).toHaveLength(0);
    const [process] = await t.db
      .select()
      .from(accountImportProcesses)
      .where(eq(accountImportProcesses.externalAccountNumber, external));
    expect(process.status).toBe("failed");
  });
});
