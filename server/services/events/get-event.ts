import { and, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { events } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { DEFAULT_EVENT_SOURCE, toCloudEvent } from "../../events/envelope";
import { PUBLISHED_AT } from "../../events/delivery";
import { expandRow, isFanout, isFanoutEventOf, parseFanoutEventId } from "../../events/fanout";
import { deliveredForms } from "../../events/versions";
import { env } from "@/server/env.mjs";

export const GetEventInput = z.strictObject({ id: z.uuid() });
export type GetEventInput = z.input<typeof GetEventInput>;

/**
 * One of the organisation's events with the CloudEvents envelopes the bus carries for it:
 * the stored version's first, then one per version derived from it (ADR 0007).
 */
export async function getEvent(ctx: Ctx, raw: GetEventInput) {
  const organisationId = organisationOf(ctx);
  const { id } = GetEventInput.parse(raw);
  // A fan-out row's event is found through the row's seq, which its id holds (fanout.ts).
  const fanned = parseFanoutEventId(id);
  const [row] = await ctx.db
    .select({ ...getTableColumns(events), publishedAt: PUBLISHED_AT })
    .from(events)
    .where(and(fanned ? eq(events.seq, fanned.seq) : eq(events.id, id), eq(events.organisationId, organisationId)));
  const found =
    row && (fanned ? isFanout(row) && isFanoutEventOf(id, row) && expandRow(row)[fanned.part] : expandRow(row)[0]);
  if (!found) throw new ServiceError("not_found", "event_not_found", "No such event in your organisation.");
  const { organisationId: _o, ...event } = found;
  const source = env.EVENT_SOURCE || DEFAULT_EVENT_SOURCE;
  const envelopes = deliveredForms(found).map((f) => toCloudEvent({ ...found, ...f }, source));
  return { ...event, derivedVersions: envelopes.slice(1).map((e) => e.dataversion), envelopes };
}
