import { and, desc, eq, getTableColumns, gte, inArray, lt, lte, not, type SQL, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { z } from "zod";
import { events } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { IS_PENDING, PUBLISHED_AT } from "../../events/delivery";
import { EVENTS_IN_ROW, expandRow } from "../../events/fanout";
import { deliveredVersions } from "../../events/versions";
import { likePrefix, PageDirection } from "../../lib/keyset";

export const DELIVERY_STATES = ["any", "pending", "published"] as const;

/** Counting stops here: the events table is large, and "1,000+" says enough. */
export const EVENT_TOTAL_CAP = 1000;

export const ListEventsInput = z.strictObject({
  typePrefix: z.string().trim().max(200).optional(),
  accountNumber: z.string().trim().toUpperCase().max(20).optional(),
  from: z.date().optional(),
  to: z.date().optional(),
  delivery: z.enum(DELIVERY_STATES).default("any"),
  /**
   * Where the previous page ended (its `nextCursor`): `<seq>` or `<seq>.<part>` of its last
   * event, for a fan-out row's events share its `seq`. Pages run newest first.
   */
  cursor: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,4})?$/, "A cursor is <seq> or <seq>.<part>.")
    .nullish(),
  /** Sent by infinite queries; pages only run towards older events. */
  direction: PageDirection,
  limit: z.number().int().min(1).max(200).default(50),
  /** Also count the matching events (on the first page only), up to EVENT_TOTAL_CAP. */
  withTotal: z.boolean().default(false),
});
export type ListEventsInput = z.input<typeof ListEventsInput>;

/** Types compared bytewise ("C"), as the (organisation_id, type, seq) index orders them: one prefix's types are then adjacent. */
const TYPE_C = sql`(${events.type} collate "C")`;

export function eventFilters(organisationId: number, input: z.infer<typeof ListEventsInput>): SQL[] {
  const where = otherFilters(organisationId, input);
  if (input.typePrefix) where.push(sql`${TYPE_C} like ${likePrefix(input.typePrefix)}`);
  return where;
}

/** Every filter but the type prefix. */
function otherFilters(organisationId: number, input: z.infer<typeof ListEventsInput>): SQL[] {
  const where: SQL[] = [eq(events.organisationId, organisationId)];
  if (input.accountNumber) where.push(eq(events.accountNumber, input.accountNumber));
  if (input.from) where.push(gte(events.occurredAt, input.from));
  if (input.to) where.push(lt(events.occurredAt, input.to));
  if (input.delivery === "pending") where.push(IS_PENDING);
  if (input.delivery === "published") where.push(not(IS_PENDING));
  return where;
}

/**
 * The organisation's events, newest first, keyset-paged on (outbox sequence, part), or on
 * (occurred at, sequence, part) when filtered by time alone: one item
 * per event (a fan-out row's events share its `seq`, told apart by `part`), with
 * `derivedVersions` listing the older versions it is also delivered as.
 */
export async function listEvents(ctx: Ctx, raw: ListEventsInput) {
  const organisationId = organisationOf(ctx);
  const input = ListEventsInput.parse(raw);
  const counting = input.withTotal && !input.cursor;
  const total = counting ? countEvents(ctx, eventFilters(organisationId, input)) : null;
  const where = otherFilters(organisationId, input);
  const cursor = input.cursor ? parseCursor(input.cursor) : null;
  // A time-filtered log (without a type or account, which have their own indexes) pages by
  // (occurred_at, seq): the organisation's time index then finds any range's newest at once (ADR 0020).
  const byTime = !input.typePrefix && !input.accountNumber && Boolean(input.from || input.to);
  // A cursor inside a fan-out row (part > 0) reads that row again for its earlier parts.
  if (cursor && byTime) {
    const at = sql`(select e.occurred_at from events e where e.seq = ${cursor.seq})`;
    where.push(
      cursor.part > 0
        ? sql`(${events.occurredAt}, ${events.seq}) <= (${at}, ${cursor.seq})`
        : sql`(${events.occurredAt}, ${events.seq}) < (${at}, ${cursor.seq})`,
    );
  } else if (cursor) where.push(cursor.part > 0 ? lte(events.seq, cursor.seq) : lt(events.seq, cursor.seq));
  // Each row is at least one event: limit + 1 rows always hold limit + 1 events when there are that many.
  const n = input.limit + 1;
  if (input.delivery === "pending" && !byTime) {
    const typed = input.typePrefix ? [...where, sql`${TYPE_C} like ${likePrefix(input.typePrefix)}`] : where;
    const seqs = await pendingSeqs(ctx, organisationId, typed, n);
    where.push(seqs.length ? inArray(events.seq, seqs) : sql`false`);
  } else if (input.typePrefix) {
    const seqs = await seqsByTypePrefix(ctx, organisationId, input.typePrefix, where, n);
    where.push(seqs.length ? inArray(events.seq, seqs) : sql`false`);
  }
  const rows = await ctx.db
    .select({ ...getTableColumns(events), publishedAt: PUBLISHED_AT })
    .from(events)
    .where(and(...where))
    .orderBy(...(byTime ? [desc(events.occurredAt), desc(events.seq)] : [desc(events.seq)]))
    .limit(n);
  const logged = rows.flatMap((row) => {
    const all = expandRow(row).reverse();
    return row.seq === cursor?.seq ? all.filter((e) => e.part < cursor.part) : all;
  });
  const page = logged.slice(0, input.limit);
  const last = page[page.length - 1];
  const counted = total === null ? null : await total;
  return {
    items: page.map(({ organisationId: _o, ...e }) => ({
      ...e,
      derivedVersions: deliveredVersions(e.type, e.version).slice(1),
    })),
    nextCursor: logged.length > input.limit ? (last.part > 0 ? `${last.seq}.${last.part}` : String(last.seq)) : null,
    /** On the first page when asked for: how many match, at most EVENT_TOTAL_CAP (then `totalCapped`). */
    total: counted === null ? null : Math.min(counted, EVENT_TOTAL_CAP),
    totalCapped: counted !== null && counted > EVENT_TOTAL_CAP,
  };
}

/**
 * The page's `seq`s among the organisation's pending rows: read from event_pending (only what
 * waits) newest first, each event looked up by key, so the newer delivered events above an
 * old pending one are never stepped over (ADR 0020). The filters apply as the rows are found.
 */
async function pendingSeqs(ctx: Ctx, organisationId: number, where: SQL[], n: number): Promise<number[]> {
  const rows = await execRows<{ seq: number }>(
    ctx.db,
    sql`select page.seq from (select p.seq from event_pending p where p.organisation_id = ${organisationId} order by p.seq desc) waiting
        cross join lateral (select ${events.seq} as seq from ${events} where ${events.seq} = waiting.seq and ${and(...where)}) page
        limit ${n}`,
  );
  return rows.map((r) => Number(r.seq));
}

/**
 * The page's `seq`s under a type prefix: the organisation's types with that prefix found one
 * index probe each (a loose index scan of events (organisation_id, type, seq)), then each
 * type's newest `n` rows by that index, merged. Scanning by seq for a rare type would read
 * most of the organisation's events (ADR 0020).
 */
async function seqsByTypePrefix(
  ctx: Ctx,
  organisationId: number,
  prefix: string,
  where: SQL[],
  n: number,
): Promise<number[]> {
  const rows = await execRows<{ seq: number }>(
    ctx.db,
    sql`with recursive types(t) as (
          (select ${events.type} from ${events} where ${events.organisationId} = ${organisationId} and ${TYPE_C} >= ${prefix} order by ${TYPE_C} limit 1)
          union all
          select (select ${events.type} from ${events} where ${events.organisationId} = ${organisationId} and ${TYPE_C} > (types.t collate "C") order by ${TYPE_C} limit 1)
          from types where starts_with(types.t, ${prefix})
        )
        select page.seq from types cross join lateral (
          select ${events.seq} as seq from ${events} where ${and(...where, sql`${TYPE_C} = (types.t collate "C")`)} order by ${events.seq} desc limit ${n}
        ) page
        where starts_with(types.t, ${prefix})
        order by page.seq desc limit ${n}`,
  );
  return rows.map((r) => Number(r.seq));
}

/** `<seq>` or `<seq>.<part>` (a fan-out row's events share its seq). */
function parseCursor(cursor: string) {
  const [seq, part = "0"] = cursor.split(".");
  return { seq: Number(seq), part: Number(part) };
}

/** Matching events (a fan-out row counts as its events), counted no further than past the cap. */
async function countEvents(ctx: Ctx, where: SQL[]): Promise<number> {
  const capped = ctx.db
    .select({ n: EVENTS_IN_ROW.as("n") })
    .from(events)
    .where(and(...where))
    .limit(EVENT_TOTAL_CAP + 1)
    .as("capped");
  const [{ n }] = await ctx.db.select({ n: sql<number>`coalesce(sum(${capped.n}), 0)::int` }).from(capped);
  return Number(n);
}
