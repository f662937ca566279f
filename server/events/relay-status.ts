import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, execRows } from "@/db/client";
import { eventPending, eventRelayState, events } from "@/db/schema";
import { EVENTS_IN_ROW } from "./fanout";
import { dbNow } from "./outbox";
import { maxRelayLagSeconds } from "./relay-config";
import { env } from "@/server/env.mjs";

export const RelayStatus = z.object({
  stream: z.string(),
  relay_configured: z.boolean().describe("NATS_URL is set in the answering process."),
  healthy: z
    .boolean()
    .describe(
      "False when the oldest unpublished event is older than max_lag_seconds, the leader's heartbeat is stale, or the leader cannot reach NATS.",
    ),
  unpublished_count: z
    .int()
    .describe(
      "Events not yet published (a fan-out row counts as each event it stands for), whatever versions each is delivered as.",
    ),
  oldest_unpublished_age_seconds: z.number().nullable(),
  oldest_unpublished: z
    .object({
      id: z.string(),
      seq: z.int(),
      type: z.string(),
      version: z.string(),
      created_at: z.string(),
      attempts: z.int(),
      last_error: z.string().nullable(),
    })
    .nullable(),
  last_publish_at: z.string().nullable(),
  last_published_seq: z.int().nullable(),
  published_total: z
    .int()
    .describe(
      "Events published, counted when their outbox row is stamped: once every version of every event the row stands for is acked.",
    ),
  leader: z
    .object({
      instance: z.string(),
      since: z.string().nullable(),
      heartbeat_at: z.string().nullable(),
      heartbeat_age_seconds: z.number().nullable(),
      nats_connected: z.boolean(),
    })
    .nullable(),
  last_error: z.object({ message: z.string(), at: z.string().nullable() }).nullable(),
  max_lag_seconds: z.number(),
  checked_at: z.string(),
});
export type RelayStatus = z.infer<typeof RelayStatus>;

/**
 * What `GET /v1/events/relay-status/` shows (issue 37 item 7). Without credentials: whether the
 * relay keeps up (healthy, the log's lag, the leader's heartbeat), nothing counted or named.
 * With an organisation's key or token: its own organisation's waiting events (count and oldest,
 * in full) and the relay's totals and last error. Never another organisation's events.
 */
export const PublicRelayStatus = RelayStatus.extend({
  unpublished_count: z
    .int()
    .nullable()
    .describe("The caller's organisation's events not yet published; null without credentials."),
  oldest_unpublished: RelayStatus.shape.oldest_unpublished.describe(
    "The caller's organisation's oldest unpublished event; null without credentials or when none waits.",
  ),
  last_published_seq: z.int().nullable(),
  published_total: z
    .int()
    .nullable()
    .describe("Events published by the relay, every organisation's; null without credentials."),
  last_error: RelayStatus.shape.last_error.describe("The relay's last error; null without credentials."),
});
export type PublicRelayStatus = z.infer<typeof PublicRelayStatus>;

/** The status as `organisationId`'s caller may see it (undefined: no credentials). */
export async function publicRelayStatus(
  db: Db,
  status: RelayStatus,
  organisationId: number | undefined,
): Promise<PublicRelayStatus> {
  if (organisationId === undefined)
    return {
      ...status,
      unpublished_count: null,
      oldest_unpublished: null,
      last_published_seq: null,
      published_total: null,
      last_error: null,
    };
  const own = await ownUnpublished(db, organisationId);
  return { ...status, ...own };
}

/** One organisation's waiting events: how many (a fan-out row counts as the events it stands for) and the oldest. */
async function ownUnpublished(
  db: Db,
  organisationId: number,
): Promise<Pick<RelayStatus, "unpublished_count" | "oldest_unpublished">> {
  const rows = await execRows<{
    n: number;
    id: string | null;
    seq: number | null;
    type: string | null;
    version: string | null;
    created_at: Date | string | null;
    attempts: number | null;
    last_error: string | null;
  }>(
    db,
    sql`with mine as (select e.* from ${eventPending} p join ${events} e on e.seq = p.seq where e.organisation_id = ${organisationId})
        select (select coalesce(sum(coalesce(cardinality(m.fanout_ids), 1)), 0) from mine m)::int as n, h.id, h.seq, h.type, h.version, h.created_at, h.attempts, h.last_error
        from (select 1) one left join (select * from mine order by seq limit 1) h on true`,
  );
  const r = rows[0];
  return {
    unpublished_count: Number(r.n),
    oldest_unpublished:
      r.seq === null
        ? null
        : {
            id: String(r.id),
            seq: Number(r.seq),
            type: r.type!,
            version: r.version!,
            created_at: iso(r.created_at)!,
            attempts: Number(r.attempts),
            last_error: r.last_error,
          },
  };
}

/** A leader that has not written its heartbeat for this long is taken for dead. */
export const STALE_HEARTBEAT_SECONDS = 30;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The relay's lag as every instance sees it: read from the outbox and the state row the
 * leader keeps, with ages measured on the database clock.
 */
export async function getRelayStatus(db: Db, opts: { stream?: string } = {}): Promise<RelayStatus> {
  const stream = opts.stream ?? env.EVENTS_STREAM;
  const maxLag = maxRelayLagSeconds();
  const first = db
    .select({ seq: eventPending.seq })
    .from(eventPending)
    .orderBy(asc(eventPending.seq))
    .limit(1)
    .as("first");
  const [[{ unpublished }], [head], [state], [{ now }]] = await Promise.all([
    // Events, not rows: a fan-out row counts as the events it stands for.
    // Shaped so each pending row is looked up by key, whatever the statistics say (ADR 0304).
    execRows<{ unpublished: number }>(
      db,
      sql`select coalesce(sum((select ${EVENTS_IN_ROW} from ${events} where ${events.seq} = p.seq)), 0)::int as unpublished from ${eventPending} p`,
    ),
    db
      .select({
        id: events.id,
        seq: events.seq,
        type: events.type,
        version: events.version,
        createdAt: events.createdAt,
        attempts: events.attempts,
        lastError: events.lastError,
      })
      .from(first)
      .innerJoin(events, eq(events.seq, first.seq)),
    db.select().from(eventRelayState).where(eq(eventRelayState.stream, stream)),
    dbNow(db).then((now) => [{ now }]),
  ]);
  const clock = now;
  const ageOf = (d: Date | null | undefined) =>
    d ? Math.max(0, (clock.getTime() - new Date(d).getTime()) / 1000) : null;
  const lag = head ? ageOf(head.createdAt) : null;
  const beatAge = state?.heartbeatAt ? ageOf(state.heartbeatAt) : null;
  const configured = !!env.NATS_URL;
  // A leader that cannot reach NATS delivers nothing, however few events are waiting yet.
  const healthy =
    !configured ||
    ((lag ?? 0) <= maxLag && beatAge !== null && beatAge <= STALE_HEARTBEAT_SECONDS && state?.natsConnected === true);
  return {
    stream,
    relay_configured: configured,
    healthy,
    unpublished_count: unpublished,
    oldest_unpublished_age_seconds: lag,
    oldest_unpublished: head
      ? {
          id: head.id,
          seq: head.seq,
          type: head.type,
          version: head.version,
          created_at: iso(head.createdAt)!,
          attempts: head.attempts,
          last_error: head.lastError,
        }
      : null,
    last_publish_at: iso(state?.lastPublishedAt),
    last_published_seq: state?.lastPublishedSeq ?? null,
    published_total: state?.publishedTotal ?? 0,
    leader: state?.leader
      ? {
          instance: state.leader,
          since: iso(state.leaderSince),
          heartbeat_at: iso(state.heartbeatAt),
          heartbeat_age_seconds: beatAge,
          nats_connected: state.natsConnected,
        }
      : null,
    last_error: state?.lastError ? { message: state.lastError, at: iso(state.lastErrorAt) } : null,
    max_lag_seconds: maxLag,
    checked_at: clock.toISOString(),
  };
}
