import { and, count, desc, eq, gte, isNotNull, isNull, like, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { events } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { deliveredVersions } from "../../events/versions";
import { likePrefix, PageDirection } from "../console/keyset";

export const DELIVERY_STATES = ["any", "pending", "published"] as const;

/** Counting stops here: the events table is large, and "1,000+" says enough. */
export const EVENT_TOTAL_CAP = 1000;

export const ListEventsInput = z.strictObject({
  typePrefix: z.string().trim().max(200).optional(),
  accountNumber: z.string().trim().toUpperCase().max(20).optional(),
  from: z.date().optional(),
  to: z.date().optional(),
  delivery: z.enum(DELIVERY_STATES).default("any"),
  /** The `seq` of the last event on the previous page: pages run newest first. */
  cursor: z.number().int().positive().nullish(),
  /** Sent by infinite queries; pages only run towards older events. */
  direction: PageDirection,
  limit: z.number().int().min(1).max(200).default(50),
  /** Also count the matching events (on the first page only), up to EVENT_TOTAL_CAP. */
  withTotal: z.boolean().default(false),
});
export type ListEventsInput = z.input<typeof ListEventsInput>;

export function eventFilters(organisationId: number, input: z.infer<typeof ListEventsInput>): SQL[] {
  const where: SQL[] = [eq(events.organisationId, organisationId)];
  if (input.typePrefix) where.push(like(events.type, likePrefix(input.typePrefix)));
  if (input.accountNumber) where.push(eq(events.accountNumber, input.accountNumber));
  if (input.from) where.push(gte(events.occurredAt, input.from));
  if (input.to) where.push(lt(events.occurredAt, input.to));
  if (input.delivery === "pending") where.push(isNull(events.publishedAt));
  if (input.delivery === "published") where.push(isNotNull(events.publishedAt));
  return where;
}

/**
 * The organisation's events, newest first, keyset-paged on the outbox sequence: one item per
 * stored event, with `derivedVersions` listing the older versions it is also delivered as.
 */
export async function listEvents(ctx: Ctx, raw: ListEventsInput) {
  const organisationId = organisationOf(ctx);
  const input = ListEventsInput.parse(raw);
  const where = eventFilters(organisationId, input);
  const counting = input.withTotal && !input.cursor;
  const total = counting ? countEvents(ctx, [...where]) : null;
  if (input.cursor) where.push(lt(events.seq, input.cursor));
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(desc(events.seq))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const n = total === null ? null : await total;
  return {
    items: page.map(({ organisationId: _o, ...e }) => ({ ...e, derivedVersions: deliveredVersions(e.type, e.version).slice(1) })),
    nextCursor: rows.length > input.limit ? page[page.length - 1].seq : null,
    /** On the first page when asked for: how many match, at most EVENT_TOTAL_CAP (then `totalCapped`). */
    total: n === null ? null : Math.min(n, EVENT_TOTAL_CAP),
    totalCapped: n !== null && n > EVENT_TOTAL_CAP,
  };
}

/** Matching events, counted no further than one past the cap. */
async function countEvents(ctx: Ctx, where: SQL[]): Promise<number> {
  const capped = ctx.db
    .select({ one: sql`1` })
    .from(events)
    .where(and(...where))
    .limit(EVENT_TOTAL_CAP + 1)
    .as("capped");
  const [{ n }] = await ctx.db.select({ n: count() }).from(capped);
  return n;
}
