import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountImportProcesses, accounts, apiKeys, historicalStatements, notes, transactions } from "@/db/schema";
import { useTestDb } from "@/test/db";
import {
  commitAccountEvents,
  eventsFor,
  makeApiKey,
  makeImportedAccount,
  makeJob,
  makeNotes,
  makeOrg,
  makeStagedAccount,
  makeStatements,
  makeSupplier,
  makeTransactions,
  makeUser,
} from "@/test/factories";

const t = useTestDb();

describe("the record factories", () => {
  it("make an organisation with keys, a supplier, users, a staged and an imported account and its ledger through the services", async () => {
    const org = await makeOrg(t.db, { name: "Factory Energy" });
    const extra = await makeApiKey(org);
    expect(extra.key).toMatch(/^sk_live_/);
    expect(
      (await t.db.select().from(apiKeys).where(eq(apiKeys.organisationId, org.id))).map((k) => k.id).sort(),
    ).toEqual([org.apiKeyId, extra.id].sort());

    const supplier = await makeSupplier(org, { name: "Factory book" });
    expect(supplier).toMatchObject({ status: "Ongoing", name: "Factory book" });
    const user = await makeUser(org, "support", { name: "Sam" });
    expect(user).toMatchObject({ role: "support", name: "Sam", organisationId: org.id });

    const staged = await makeStagedAccount(org, supplier.code);
    expect(staged.staged.created).toBe(true);
    const [process] = await t.db
      .select()
      .from(accountImportProcesses)
      .where(eq(accountImportProcesses.externalAccountNumber, staged.externalAccountNumber));
    expect(process).toBeDefined();

    const account = await makeImportedAccount(org, supplier.code);
    expect(account.accountNumber).toMatch(/^A-/);
    expect(account.mpan).toMatch(/^\d{13}$/);

    const posted = await makeTransactions(org, account);
    expect(posted.results.map((r) => r.status)).toEqual(["TRANSACTION_ADDED_TO_ACCOUNT"]);
    const added = await makeNotes(org, account);
    expect(added).toHaveLength(1);
    await makeStatements(org, account);

    const [{ id: accountId }] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.number, account.accountNumber!));
    const count = async (table: typeof transactions | typeof notes | typeof historicalStatements) =>
      (await t.db.select().from(table).where(eq(table.accountId, accountId))).length;
    // accountPayload carries no ledger of its own: these rows are the factories'.
    expect(await count(transactions)).toBe(1);
    expect(await count(notes)).toBe(1);
    expect(await count(historicalStatements)).toBe(1);
    expect((await eventsFor(t.db, account.accountNumber!)).map((e) => e.type)).toContain("account.created");
  });

  it("make events and jobs", async () => {
    const ids = await commitAccountEvents(t.db, "A-FACTORY1", 2);
    expect(ids).toHaveLength(2);
    const job = await makeJob(t.db, { payload: { n: 1 } });
    expect(job).toMatchObject({ status: "queued", attempts: 0, maxAttempts: 5, payload: { n: 1 } });
  });
});
