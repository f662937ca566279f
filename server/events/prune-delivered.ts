import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";

/** Event rows looked at per transaction (in `seq` order, through events_seq_unique). */
const BATCH = 10_000;

/**
 * Retention of delivered events (ADR 0021): walks the log from `fromSeq` (default: its start)
 * in `seq` order, 10,000 rows per transaction, deleting the rows written more than `days` ago
 * that the relay has delivered (no `event_pending` row). Pending rows stay whatever their age.
 * The walk ends at the first batch that reaches a row inside the retention period, so each
 * run reads only what it deletes plus one batch. Delivery records (`event_deliveries`) whose
 * seqs all lie below the lowest event kept go too. Returns the events deleted.
 */
export async function pruneDeliveredEvents(
  db: Db,
  opts: { days: number; fromSeq?: number; batch?: number },
): Promise<number> {
  const batch = opts.batch ?? BATCH;
  let after = (opts.fromSeq ?? 1) - 1;
  let total = 0;
  for (;;) {
    const [step] = await execRows<{ deleted: number; last: number | null; reached: boolean }>(
      db,
      sql`with window_rows as (
            select seq, created_at < now() - make_interval(days => ${opts.days}) as old
            from events where seq > ${after} order by seq limit ${batch}),
          gone as (
            delete from events e using window_rows w
            where e.seq = w.seq and w.old and not exists (select 1 from event_pending p where p.seq = w.seq)
            returning e.seq)
          select (select count(*)::int from gone) as deleted,
                 (select max(seq) from window_rows) as last,
                 coalesce((select bool_or(not old) from window_rows), true) as reached`,
    );
    total += Number(step.deleted);
    if (step.last === null || step.reached) break;
    after = Number(step.last);
  }
  if (total) {
    await db.execute(sql`
      delete from event_deliveries
      where upper(range_merge(seqs)) <= (select coalesce(min(seq), ${after + 1}) from events)`);
  }
  return total;
}
