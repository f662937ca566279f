import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { accounts, importSuppliers } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { reusableSelect } from "./reusable-select";

const t = useTestDb();

const byNumber = reusableSelect<
  { account: typeof accounts.$inferSelect; supplier: typeof importSuppliers.$inferSelect }[],
  { number: string }
>((db) =>
  db
    .select({ account: accounts, supplier: importSuppliers })
    .from(accounts)
    .innerJoin(importSuppliers, eq(importSuppliers.id, accounts.supplierId))
    .where(eq(accounts.number, sql.placeholder("number"))),
);

describe("reusableSelect", () => {
  it("maps rows as the select built each time does, for each value it is given", async () => {
    const org = await makeOrg(t.db, "Reusable Energy");
    const supplier = await makeSupplier(org);
    const [a, b] = [await makeImportedAccount(org, supplier.code), await makeImportedAccount(org, supplier.code)];
    for (const acc of [a, b]) {
      const built = await t.db
        .select({ account: accounts, supplier: importSuppliers })
        .from(accounts)
        .innerJoin(importSuppliers, eq(importSuppliers.id, accounts.supplierId))
        .where(eq(accounts.number, acc.accountNumber));
      const reused = await byNumber(t.db, { number: acc.accountNumber });
      expect(reused).toEqual(built);
      expect(reused[0].account.number).toBe(acc.accountNumber);
      expect(reused[0].account.createdAt).toBeInstanceOf(Date);
    }
    expect(await byNumber(t.db, { number: "A-00000000" })).toEqual([]);
  });

  it("runs on the transaction it is given: it sees that transaction's own uncommitted rows", async () => {
    const org = await makeOrg(t.db, "Reusable Energy");
    const supplier = await makeSupplier(org);
    const acc = await makeImportedAccount(org, supplier.code);
    const renamed = `${acc.externalAccountNumber}-X`;
    await t.db
      .transaction(async (tx) => {
        await tx.update(accounts).set({ externalAccountNumber: renamed }).where(eq(accounts.number, acc.accountNumber));
        const [inside] = await byNumber(tx as unknown as Db, { number: acc.accountNumber });
        expect(inside.account.externalAccountNumber).toBe(renamed);
        throw new Error("roll back");
      })
      .catch((e: Error) => expect(e.message).toBe("roll back"));
    const [after] = await byNumber(t.db, { number: acc.accountNumber });
    expect(after.account.externalAccountNumber).toBe(acc.externalAccountNumber);
  });
});
