import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, setDbHandle } from "@/db/client";
import { cliIn } from "@/test/cli";
import { openTestPglite } from "@/test/db";

// An embedded database of its own, whatever DATABASE_URL says: the demo set loads into an empty one.
let db: DbHandle;
beforeAll(async () => {
  db = await openTestPglite();
  setDbHandle(db);
});
afterAll(async () => {
  await db?.close();
});

/** The CLI as an operator runs it (in this process: test/cli.ts), on that database. */
async function cli(...args: string[]) {
  return cliIn(db, ...args);
}

describe("customer-key (CLI)", () => {
  it("issues a key shown once for a customer named on the account, lists it by prefix only, revokes it; refuses other e-mails and unknown keys", async () => {
    const demo = await cli("demo", "--json");
    expect(demo.code, demo.stderr).toBe(0);
    // The demo's first imported account is Ada Lovelace's (server/services/demo/demo-accounts.ts).
    const account = JSON.parse(demo.stdout).importedAccounts[0] as string;

    const human = await cli("customer-key", "create", "--account", account, "--email", " Ada.Lovelace@Example.com ");
    expect(human.code, human.stderr).toBe(0);
    const shown = human.stdout.match(
      /Customer key (\d+) for ada\.lovelace@example\.com \(shown once, store it now\): (sk_live_\w{32,})/,
    );
    expect(shown, human.stdout).not.toBeNull();
    const [, id, key] = shown!;

    const created = await cli(
      "customer-key",
      "create",
      "--account",
      account,
      "--email",
      "ada.lovelace@example.com",
      "--json",
    );
    expect(created.code, created.stderr).toBe(0);
    const second = JSON.parse(created.stdout);
    expect(second).toMatchObject({ email: "ada.lovelace@example.com", accountNumber: account });
    expect(second.key).toMatch(/^sk_live_/);
    expect(second.key).not.toBe(key);

    const listed = await cli("customer-key", "list", "--account", account, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as {
      id: number;
      email: string;
      prefix: string;
      invalidatedAt: string | null;
    }[];
    expect(rows.map((r) => [r.id, r.email, r.prefix, r.invalidatedAt])).toEqual(
      expect.arrayContaining([
        [Number(id), "ada.lovelace@example.com", key.slice(0, 12), null],
        [second.id, "ada.lovelace@example.com", second.key.slice(0, 12), null],
      ]),
    );
    // A listing never shows a whole key again.
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).not.toContain(second.key);

    const revoked = await cli("customer-key", "revoke", "--id", id);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`Customer key ${id} revoked.`);
    const table = await cli("customer-key", "list", "--account", account);
    expect(table.code, table.stderr).toBe(0);
    const line = (n: string | number) => table.stdout.split("\n").find((l) => l.startsWith(`${n} `)) ?? "";
    const times = (n: string | number) => line(n).match(/\d{4}-\d\d-\d\dT[\d:.]+Z/g)?.length ?? 0;
    expect(times(id), table.stdout).toBe(2); // created and revoked
    expect(times(second.id), table.stdout).toBe(1); // created only

    const stranger = await cli(
      "customer-key",
      "create",
      "--account",
      account,
      "--email",
      "alan.turing@example.com",
      "--json",
    );
    expect(stranger.code).toBe(1);
    expect(JSON.parse(stranger.stderr)).toMatchObject({
      code: "customer_not_on_account",
      errors: [{ attr: "email", code: "customer_not_on_account" }],
    });

    const unknown = await cli("customer-key", "revoke", "--id", "999999", "--json");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).code).toBe("customer_key_not_found");
  }, 600_000);
});
