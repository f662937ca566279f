import { describe, expect, it } from "vitest";
import { ServiceError } from "@/server/errors";
import { useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { findOwnAccount } from "./find-own-account";

const t = useTestDb();

async function world() {
  const org = await makeOrg(t.db, "Own Energy");
  const supplier = await makeSupplier(org);
  const other = await makeSupplier(org);
  const acc = await makeImportedAccount(org, supplier.code);
  const stranger = await makeOrg(t.db, "Stranger Energy");
  return { org, supplier, other, acc, stranger };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "found",
    (e: unknown) => (e instanceof ServiceError ? `${e.code}: ${e.message}` : String(e)),
  );

describe("findOwnAccount", () => {
  it("finds the organisation's account by number or by supplier and external number, with its supplier", async () => {
    const w = await world();
    const byNumber = await findOwnAccount(t.db, w.org.id, w.acc.accountNumber);
    expect(byNumber.account.externalAccountNumber).toBe(w.acc.externalAccountNumber);
    expect(byNumber.supplier.code).toBe(w.supplier.code);
    const byExternal = await findOwnAccount(t.db, w.org.id, {
      supplierCode: w.supplier.code,
      external: w.acc.externalAccountNumber,
    });
    expect(byExternal.account.id).toBe(byNumber.account.id);
    const byBoth = await findOwnAccount(
      t.db,
      w.org.id,
      { supplierCode: w.supplier.code, external: w.acc.externalAccountNumber, number: w.acc.accountNumber },
      { lock: true },
    );
    expect(byBoth.account.id).toBe(byNumber.account.id);
  });

  it("reads another organisation's account, another supplier's or a mismatched pair as missing, with the caller's error", async () => {
    const w = await world();
    expect(await codeOf(findOwnAccount(t.db, w.stranger.id, w.acc.accountNumber))).toBe(
      `account_not_found: No account ${w.acc.accountNumber} in your organisation.`,
    );
    expect(
      await codeOf(
        findOwnAccount(t.db, w.org.id, { supplierCode: w.other.code, external: w.acc.externalAccountNumber }),
      ),
    ).toBe(`account_not_found: No account ${w.acc.externalAccountNumber} in your organisation.`);
    expect(
      await codeOf(
        findOwnAccount(t.db, w.org.id, {
          supplierCode: w.supplier.code,
          external: w.acc.externalAccountNumber,
          number: "A-00000000",
        }),
      ),
    ).toMatch(/^account_not_found/);
    const mine = () => new ServiceError("not_found", "meter_point_not_found", "custom");
    expect(await codeOf(findOwnAccount(t.db, w.stranger.id, w.acc.accountNumber, { notFound: mine }))).toBe(
      "meter_point_not_found: custom",
    );
  });

  it("finds an account for a customer's e-mail only when one of its customers carries it", async () => {
    const w = await world();
    const found = await findOwnAccount(t.db, w.org.id, {
      number: w.acc.accountNumber,
      customerEmail: "ada@example.com",
    });
    expect(found.account.number).toBe(w.acc.accountNumber);
    expect(
      await codeOf(findOwnAccount(t.db, w.org.id, { number: w.acc.accountNumber, customerEmail: "eve@example.com" })),
    ).toMatch(/^account_not_found/);
  });
});
