import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventPending, events } from "@/db/schema";
import { uniq, useTestDb } from "@/test/db";
import { PUBLISHED_AT } from "./delivery";
import { tickEventRetention } from "./event-retention";
import { markPublished } from "./outbox";
import { pruneDeliveredEvents } from "./prune-delivered";
import { commitAccountEvents } from "@/test/relay";

const t = useTestDb();

describe("retention of delivered events (ADR 0021)", () => {
  it("deletes delivered events older than the period, keeps pending ones whatever their age and the newer ones with their delivery time", async () => {
    const account = uniq("A-RET");
    const ids = await commitAccountEvents(t.db, account, 5);
    const rows = await t.db
      .select({ id: events.id, seq: events.seq })
      .from(events)
      .where(inArray(events.id, ids))
      .orderBy(events.seq);
    const [s0, s1, s2, s3, s4] = rows.map((r) => r.seq);
    // Delivered: s0 alone, then s2 and s3; s1 and s4 still wait for the bus.
    await markPublished(t.db, uniq("S"), { seqs: [s0], lastSeq: s0 });
    await markPublished(t.db, uniq("S"), { seqs: [s2, s3], lastSeq: s3 });
    // Written 500 days ago: s0, s1 (pending) and s2; s3 and s4 are recent.
    await t.db.execute(
      sql`update events set created_at = now() - interval '500 days' where seq in (${s0}, ${s1}, ${s2})`,
    );

    // Two rows per transaction: the walk deletes s0, then s2, and stops at s3, inside the period.
    expect(await pruneDeliveredEvents(t.db, { days: 400, fromSeq: s0, batch: 2 })).toBe(2);
    const kept = await t.db
      .select({ seq: events.seq, publishedAt: PUBLISHED_AT })
      .from(events)
      .where(inArray(events.id, ids))
      .orderBy(events.seq);
    expect(kept.map((r) => r.seq)).toEqual([s1, s3, s4]);
    expect(kept.map((r) => r.publishedAt !== null)).toEqual([false, true, false]);
    expect(
      (
        await t.db
          .select()
          .from(eventPending)
          .where(inArray(eventPending.seq, [s1, s4]))
      ).length,
    ).toBe(2);
    // A second run finds nothing more to delete.
    expect(await pruneDeliveredEvents(t.db, { days: 400, fromSeq: s0, batch: 2 })).toBe(0);
  });

  it("runs once a day across instances, and not at all with EVENT_RETENTION_DAYS=0", async () => {
    // This file owns the retention queue: a rerun on the same server starts from no runs.
    await t.db.execute(sql`delete from jobs where queue = 'event-retention'`);
    expect(await tickEventRetention(t.db, "test", new Date("2026-11-25T12:00:00Z"), 0)).toEqual([]);
    expect(await tickEventRetention(t.db, "test-a", new Date("2026-11-25T12:00:00Z"), 400)).toHaveLength(1);
    expect(await tickEventRetention(t.db, "test-b", new Date("2026-11-25T18:00:00Z"), 400)).toEqual([]);
    expect(await tickEventRetention(t.db, "test-b", new Date("2026-11-26T00:10:00Z"), 400)).toHaveLength(1);
  });
});
