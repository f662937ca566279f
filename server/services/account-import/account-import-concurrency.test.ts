import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { accountImportProcesses, accounts, events } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();

describe("account import under concurrency", () => {
  it("50 concurrent identical staging calls leave one staged row; 50 concurrent imports make one account", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const auth = `Token ${org.apiKey}`;
    const body = accountPayload(supplier.code);

    const staged = await Promise.all(Array.from({ length: 50 }, () => call(stage, "/s", { body, auth })));
    expect(staged.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(staged.filter((r) => r.status === 201)).toHaveLength(1);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(accountImportProcesses)
      .where(eq(accountImportProcesses.supplierId, supplier.id));
    expect(n).toBe(1);

    const ref = { import_supplier_code: supplier.code, external_account_number: body.external_account_number };
    const results = await Promise.all(Array.from({ length: 50 }, () => call(processRoute, "/p", { body: ref, auth })));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    // The others are told it is already imported (or to retry at the concurrency cap), never a 500.
    for (const r of results.filter((r) => r.status !== 201)) {
      expect([400, 429]).toContain(r.status);
      if (r.status === 400)
        expect(r.json).toMatchObject({
          code: "account_already_imported",
          kraken_account_number: created[0].json.kraken_account_number,
        });
    }
    const rows = await t.db
      .select()
      .from(accounts)
      .where(
        and(eq(accounts.supplierId, supplier.id), eq(accounts.externalAccountNumber, body.external_account_number)),
      );
    expect(rows).toHaveLength(1);
    const made = await t.db
      .select()
      .from(events)
      .where(and(eq(events.type, "account.created"), eq(events.accountNumber, rows[0].number)));
    expect(made).toHaveLength(1);
  });

  it("a failing import writes nothing but its error event", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const auth = `Token ${org.apiKey}`;
    const res = await call(processRoute, "/p", {
      body: { import_supplier_code: supplier.code, external_account_number: "NEVER-STAGED" },
      auth,
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("import_process_does_not_exist");
    const rows = await t.db.select().from(accounts).where(eq(accounts.supplierId, supplier.id));
    expect(rows).toHaveLength(0);
    const written = await t.db
      .select()
      .from(events)
      .where(and(eq(events.organisationId, org.id), eq(events.type, "data_import.import_process.error")));
    expect(written.map((e) => e.payload)).toEqual([
      expect.objectContaining({ external_identifier: "NEVER-STAGED", error_code: "import_process_does_not_exist" }),
    ]);
    expect(
      await t.db.select().from(accountImportProcesses).where(eq(accountImportProcesses.supplierId, supplier.id)),
    ).toEqual([]);
  });
});
