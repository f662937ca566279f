import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { events } from "@/db/schema";
import { uniq, useTestDb } from "@/test/db";
import { backendPid, someoneWaitsFor } from "@/test/locks";
import { emit } from "./emit";
import { env } from "@/server/env.mjs";

const t = useTestDb();
const occupied = (tx: Db, account: string) =>
  emit(tx, "account.occupied", "v1", { account_number: account }, { accountNumber: account });

// PGlite has one connection, so its transactions never overlap; the race needs the server.
describe.skipIf(!env.DATABASE_URL)("emit under concurrent transactions (PostgreSQL)", () => {
  it("a second transaction emitting for the same account waits for the first to commit, so seq order is commit order", async () => {
    const [account, other] = [uniq("A-"), uniq("A-")];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let firstEmitted!: () => void;
    const emitted = new Promise<void>((r) => (firstEmitted = r));
    let firstId = "";
    let firstPid = 0;
    const first = t.db.transaction(async (tx) => {
      firstPid = await backendPid(tx as unknown as Db);
      firstId = await occupied(tx as unknown as Db, account);
      firstEmitted();
      await gate;
    });
    await emitted;

    let secondDone = false;
    const second = t.db
      .transaction((tx) => occupied(tx as unknown as Db, account))
      .then((id) => {
        secondDone = true;
        return id;
      });
    // Another account is not held up by the open transaction.
    const otherId = await t.db.transaction((tx) => occupied(tx as unknown as Db, other));
    // The second is waiting on the first's lock (PostgreSQL says so), not merely slow.
    expect(await someoneWaitsFor(t.db, firstPid, () => secondDone)).toBe(true);
    expect(secondDone).toBe(false);

    release();
    await first;
    const secondId = await second;
    const rows = await t.db
      .select({ id: events.id, seq: events.seq })
      .from(events)
      .where(inArray(events.id, [firstId, secondId, otherId]));
    const seq = Object.fromEntries(rows.map((r) => [r.id, r.seq]));
    expect(seq[secondId]).toBeGreaterThan(seq[firstId]);
    expect(seq[otherId]).toBeLessThan(seq[secondId]);
  });

  it("emitMany over several accounts in opposite orders does not deadlock", async () => {
    const [a, b] = [uniq("A-"), uniq("A-")];
    const { emitMany, pending } = await import("./emit");
    const both = (order: string[]) =>
      t.db.transaction((tx) =>
        emitMany(
          tx as unknown as Db,
          order.map((acc) => pending("account.occupied", "v1", { account_number: acc }, { accountNumber: acc })),
        ),
      );
    const ids = (await Promise.all(Array.from({ length: 20 }, (_, i) => both(i % 2 ? [a, b] : [b, a])))).flat();
    expect(ids).toHaveLength(40);
  });
});
