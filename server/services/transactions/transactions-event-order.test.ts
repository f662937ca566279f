import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { events, transactions } from "@/db/schema";
import { emit } from "@/server/events/emit";
import { env } from "@/server/env.mjs";
import { addDays, londonToday } from "@/server/lib/time";
import { importedAccount } from "@/test/factories";
import { uniq, useTestDb } from "@/test/db";
import { backendPid, someoneWaitsFor } from "@/test/locks";
import { insertTransactionRows } from "./insert-transactions";

const t = useTestDb();

// The transactions insert takes the account's event lock inside its own statement (no
// round trip of its own for the lock): a ledger event must still wait for an open transaction that
// emitted for the same account, so the relay never sees seq order differ from commit order.
// PGlite has one connection, so its transactions never overlap; the race needs the server.
describe.skipIf(!env.DATABASE_URL)(
  "transactions insert under a concurrent emit for the same account (PostgreSQL)",
  () => {
    it("waits for the account's open transaction, and its ledger event follows that one's in seq", async () => {
      const { account, org } = await importedAccount(t.db);
      const [row] = await t.db.query.accounts.findMany({
        where: (a, { eq }) => eq(a.number, account.accountNumber),
        limit: 1,
      });
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let emitted!: () => void;
      const held = new Promise<void>((r) => (emitted = r));
      let firstId = "";
      let firstPid = 0;
      const first = t.db.transaction(async (tx) => {
        firstPid = await backendPid(tx as unknown as Db);
        firstId = await emit(
          tx as unknown as Db,
          "account.occupied",
          "v1",
          { account_number: account.accountNumber },
          { accountNumber: account.accountNumber },
        );
        emitted();
        await gate;
      });
      await held;

      const transactionId = uniq("T-");
      let insertDone = false;
      const insert = t.db
        .transaction((tx) =>
          insertTransactionRows(
            tx as unknown as Db,
            [
              {
                accountId: row.id,
                statementPeriodStart: addDays(londonToday(), -20),
                requestId: null,
                statement: "current",
                transactionId,
                type: "CHARGE",
                reason: "IMPORTED_CHARGE",
                amount: "1.00",
                transactionDate: londonToday(),
                originalTransactionDate: londonToday(),
              },
            ],
            { accountNumber: account.accountNumber, organisationId: org.id },
            { skipExisting: false },
          ),
        )
        .then((r) => ((insertDone = true), r));
      // The insert is waiting on the open transaction's lock (PostgreSQL says so), not merely slow.
      expect(await someoneWaitsFor(t.db, firstPid, () => insertDone)).toBe(true);
      expect(insertDone).toBe(false);

      release();
      await first;
      const [added] = await insert;
      expect(added.transactionId).toBe(transactionId);
      const stored = await t.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(inArray(transactions.transactionId, [transactionId]));
      expect(stored).toHaveLength(1);
      const rows = await t.db
        .select({ id: events.id, seq: events.seq, type: events.type, accountNumber: events.accountNumber })
        .from(events)
        .where(inArray(events.accountNumber, [account.accountNumber]));
      const ledger = rows.filter((r) => r.type === "billing.ledger.entry_posted");
      const occupied = rows.find((r) => r.id === firstId)!;
      expect(ledger).toHaveLength(1);
      expect(ledger[0].seq).toBeGreaterThan(occupied.seq);
    });
  },
);
