import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { events } from "@/db/schema";
import { consoleWorld } from "@/server/api/test/callers";
import { useTestDb } from "@/test/db";
import { makeImportedAccount } from "@/test/fixtures";
import { EVENT_TOTAL_CAP } from "./list-events";

const t = useTestDb();

async function addEvents(accountNumber: string, organisationId: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), type: "account.note.added", version: "v1", accountNumber, organisationId, payload: { i } }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(events).values(rows.slice(i, i + 500));
}

describe("an account's events, as its Events tab pages them", () => {
  it("counts them all on the first page and pages back to account.created", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    await addEvents(acc.accountNumber, w.org.id, 202);
    const input = { accountNumber: acc.accountNumber, limit: 50, withTotal: true };
    const first = await w.support.event.list(input);
    expect(first).toMatchObject({ total: 206, totalCapped: false });
    expect(first.items).toHaveLength(50);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await w.support.event.list({ ...input, cursor });
      expect(page.total).toBeNull();
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(206);
    expect(seen[seen.length - 1].type).toBe("account.created");
    expect((await w.outsider.event.list(input)).total).toBe(0);
  });

  it("stops counting at the cap and says so", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    await addEvents(acc.accountNumber, w.org.id, EVENT_TOTAL_CAP);
    expect(await w.support.event.list({ accountNumber: acc.accountNumber, limit: 1, withTotal: true })).toMatchObject({ total: EVENT_TOTAL_CAP, totalCapped: true });
  });

  it("leaves the total out unless asked (the event log does not count)", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    expect(await w.support.event.list({ accountNumber: acc.accountNumber })).toMatchObject({ total: null, totalCapped: false });
  });
});
