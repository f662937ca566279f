import { and, desc, eq, gte, isNotNull, isNull, like, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { events } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { deliveredVersions } from "../../events/versions";
import { likePrefix, PageDirection } from "../console/keyset";

export const DELIVERY_STATES = ["any", "pending", "published"] as const;

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
  if (input.cursor) where.push(lt(events.seq, input.cursor));
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(desc(events.seq))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(({ organisationId: _o, ...e }) => ({ ...e, derivedVersions: deliveredVersions(e.type, e.version).slice(1) })),
    nextCursor: rows.length > input.limit ? page[page.length - 1].seq : null,
  };
}
