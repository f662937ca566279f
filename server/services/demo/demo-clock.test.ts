import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, execRows } from "@/db/client";
import { useTestDb } from "@/test/db";
import { loadDemo } from "./load-demo";

const t = useTestDb();

class Rollback extends Error {}

describe("one clock for the demo's events (issue 20)", () => {
  it("orders every demo account's events the same by seq and by occurred_at, ledger events included", async () => {
    // Loaded in one transaction (as npm start does) and rolled back, so the fixed demo codes never collide on a shared server.
    await expect(
      t.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const demo = await loadDemo(tx, { documentRoot: "file:///tmp/km-demo-docs" });
        const rows = await execRows<{ account_number: string; seq: number; type: string; previous: string | null }>(
          tx,
          sql`select account_number, seq, type, lag(type) over w as previous, occurred_at < lag(occurred_at) over w as inverted
              from events where organisation_id = ${demo.organisation.id} and account_number is not null
              window w as (partition by account_number order by seq)`,
        );
        expect(rows.filter((r) => r.type === "billing.ledger.entry_posted").length).toBeGreaterThan(0);
        expect(rows.filter((r) => (r as { inverted?: boolean }).inverted)).toEqual([]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});
