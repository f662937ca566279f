import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { events } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { DEFAULT_EVENT_SOURCE, toCloudEvent } from "../../events/envelope";
import { deliveredForms } from "../../events/versions";

export const GetEventInput = z.strictObject({ id: z.uuid() });
export type GetEventInput = z.input<typeof GetEventInput>;

/**
 * One of the organisation's events with the CloudEvents envelopes the bus carries for it:
 * the stored version's first, then one per version derived from it (ADR 0007).
 */
export async function getEvent(ctx: Ctx, raw: GetEventInput) {
  const organisationId = organisationOf(ctx);
  const { id } = GetEventInput.parse(raw);
  const [row] = await ctx.db.select().from(events).where(and(eq(events.id, id), eq(events.organisationId, organisationId)));
  if (!row) throw new ServiceError("not_found", "event_not_found", "No such event in your organisation.");
  const { organisationId: _o, ...event } = row;
  const source = process.env.EVENT_SOURCE || DEFAULT_EVENT_SOURCE;
  const envelopes = deliveredForms(row).map((f) => toCloudEvent({ ...row, ...f }, source));
  return { ...event, derivedVersions: envelopes.slice(1).map((e) => e.dataversion), envelopes };
}
