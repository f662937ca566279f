import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { pgSeqRanges } from "./pg-array";
import { migrationsAround } from "@/test/migrations";

const migration = migrationsAround("event_delivery_tables");

describe("migrations event_delivery_tables and drop_events_published_at", () => {
  it("carries waiting events into event_pending and past stamps into event_deliveries, and queues rows inserted afterwards", async () => {
    const pg = new PGlite("memory://");
    try {
      await migration.before(pg);
      // The outbox as the earlier schema held it: two rows stamped together, one later, two waiting.
      await pg.exec(`insert into events (id, seq, type, version, payload, account_number, organisation_id, published_at) values
        ('00000000-0000-7000-8000-000000000001', 1, 'account.updated', 'v1', '{}', 'A-1', 1, '2026-11-20T10:00:00Z'),
        ('00000000-0000-7000-8000-000000000002', 2, 'account.updated', 'v1', '{}', 'A-2', 1, '2026-11-20T10:00:00Z'),
        ('00000000-0000-7000-8000-000000000003', 3, 'account.updated', 'v1', '{}', 'A-1', 1, null),
        ('00000000-0000-7000-8000-000000000004', 4, 'account.updated', 'v1', '{}', 'A-2', 1, '2026-11-20T10:05:00Z'),
        ('00000000-0000-7000-8000-000000000005', 5, 'api_key.organisation.created', 'v1', '{}', null, 2, null);
        select setval('events_seq_seq', 5);`);
      await migration.from(pg, 2);
      const pending = await pg.query(
        "select seq::int, account_number, organisation_id from event_pending order by seq",
      );
      expect(pending.rows).toEqual([
        { seq: 3, account_number: "A-1", organisation_id: 1 },
        { seq: 5, account_number: null, organisation_id: 2 },
      ]);
      const stamps = await pg.query("select published_at, seqs::text from event_deliveries order by published_at");
      expect(stamps.rows).toEqual([
        { published_at: new Date("2026-11-20T10:00:00Z"), seqs: "{[1,3)}" },
        { published_at: new Date("2026-11-20T10:05:00Z"), seqs: "{[4,5)}" },
      ]);
      const columns = await pg.query(
        "select column_name from information_schema.columns where table_name = 'events' and column_name = 'published_at'",
      );
      expect(columns.rows).toEqual([]);
      // Any later insert, whoever writes it, enters the outbox pending in the same statement.
      await pg.exec(`insert into events (id, type, version, payload, account_number, organisation_id) values
        ('00000000-0000-7000-8000-000000000006', 'account.updated', 'v1', '{}', 'A-3', 1),
        ('00000000-0000-7000-8000-000000000007', 'account.updated', 'v1', '{}', 'A-4', 1)`);
      expect(
        (await pg.query("select seq::int, account_number from event_pending where seq > 5 order by seq")).rows,
      ).toEqual([
        { seq: 6, account_number: "A-3" },
        { seq: 7, account_number: "A-4" },
      ]);
    } finally {
      await pg.close();
    }
  }, 120_000);

  it("writes a set of seqs as the ranges of its consecutive runs", () => {
    expect(pgSeqRanges([7, 1, 2, 3, 5, 8, 2])).toBe("{[1,4),[5,6),[7,9)}");
    expect(pgSeqRanges([42])).toBe("{[42,43)}");
    expect(pgSeqRanges([])).toBe("{}");
  });
});
