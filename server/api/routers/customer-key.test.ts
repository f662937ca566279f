import { describe, expect, it } from "vitest";
import { publicAccountHandler as getAccount } from "@/server/rest/routes/public";
import { useTestDb } from "@/test/db";
import { makeImportedAccount } from "@/test/factories";
import { call } from "@/test/http";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

describe("customer key router", () => {
  it("lets operators issue (shown once) and revoke a customer's key, audited; support may only look; another organisation sees nothing", async () => {
    const w = await consoleWorld(t.db);
    const account = await makeImportedAccount(w.org, w.supplier.code);
    const email = (await w.support.account.get({ accountNumber: account.accountNumber })).customers[0].email!;

    expect(await codeOf(w.support.customerKey.issue({ accountNumber: account.accountNumber, email }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(w.outsider.customerKey.issue({ accountNumber: account.accountNumber, email }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await codeOf(
        w.operator.customerKey.issue({ accountNumber: account.accountNumber, email: "someone.else@example.com" }),
      ),
    ).toBe("BAD_REQUEST");

    const issued = await w.operator.customerKey.issue({
      accountNumber: account.accountNumber,
      email: ` ${email.toUpperCase()} `,
    });
    expect(issued.key).toMatch(/^sk_live_/);
    const read = await call(getAccount, `/v1/accounts/${account.accountNumber}/`, {
      auth: `Token ${issued.key}`,
      params: { account: account.accountNumber },
    });
    expect(read.status).toBe(200);

    const listed = await w.support.customerKey.list({ accountNumber: account.accountNumber });
    expect(listed).toEqual([
      expect.objectContaining({ id: issued.id, email: email.toLowerCase(), invalidatedAt: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(issued.key);
    expect(await w.outsider.customerKey.list({ accountNumber: account.accountNumber })).toEqual([]);

    expect(await codeOf(w.support.customerKey.revoke({ keyId: issued.id }))).toBe("FORBIDDEN");
    expect(await codeOf(w.outsider.customerKey.revoke({ keyId: issued.id }))).toBe("NOT_FOUND");
    await w.operator.customerKey.revoke({ keyId: issued.id, accountNumber: account.accountNumber });
    expect(
      (
        await call(getAccount, `/v1/accounts/${account.accountNumber}/`, {
          auth: `Token ${issued.key}`,
          params: { account: account.accountNumber },
        })
      ).status,
    ).toBe(401);
    const audit = await w.support.audit.list({ entityType: "account" });
    expect(audit.items.filter((a) => a.entityId === account.accountNumber).map((a) => a.action)).toEqual(
      expect.arrayContaining(["customer_key.created", "customer_key.revoked"]),
    );
  });
});
