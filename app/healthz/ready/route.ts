import { eq, sql } from "drizzle-orm";
import { type Db, getDb } from "@/db/client";
import { eventRelayState } from "@/db/schema";
import { STALE_HEARTBEAT_SECONDS } from "@/server/events/relay-status";
import { logger } from "@/server/logger";
import { env } from "@/server/env.mjs";

export const dynamic = "force-dynamic";

/**
 * Below a load balancer's usual 2 s probe timeout. A query through the pool answers in
 * milliseconds when the database is there; a pool that cannot connect fails fast (refused)
 * or after its 2 s connect timeout, which this cuts short (ADR 0013).
 */
const TIMEOUT_MS = 1500;

/** `work`, or a rejection once TIMEOUT_MS have passed, whichever comes first. */
function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** NATS as the relay leader last saw it; informational, since the outbox keeps events while NATS is away. */
async function natsState(db: Db) {
  if (!env.NATS_URL) return { configured: false as const };
  const [state] = await db
    .select({
      connected: eventRelayState.natsConnected,
      heartbeatAge: sql<number | null>`extract(epoch from now() - ${eventRelayState.heartbeatAt})::float8`,
    })
    .from(eventRelayState)
    .where(eq(eventRelayState.stream, env.EVENTS_STREAM));
  const fresh =
    state?.heartbeatAge !== null && state?.heartbeatAge !== undefined && state.heartbeatAge <= STALE_HEARTBEAT_SECONDS;
  return { configured: true as const, connected: Boolean(state?.connected && fresh), relay_leader_alive: fresh };
}

/**
 * Readiness: 200 when a query through this instance's pool (the one requests use) and the
 * relay state's read answer within TIMEOUT_MS in all, 503 with Retry-After when they do not. NATS is reported but does not
 * fail it: writes keep working and queue in the outbox; GET /v1/events/relay-status/ is the
 * alarm for events not reaching the bus.
 */
export async function GET(): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  // One deadline for the whole check, not one per step: steps each under 1.5 s answered 200
  // after 2.4 s under load, past the load balancer's 2 s probe timeout (bench:faults, ADR 0030).
  try {
    const nats = await withinTimeout(
      (async () => {
        const db = await getDb();
        await db.execute(sql`select 1`);
        return natsState(db);
      })(),
    );
    return Response.json({ status: "ok", database: { ok: true }, nats }, { headers });
  } catch (err) {
    // The body is public: the reason goes to the log, where host names and addresses may appear.
    logger.warn("readiness: database unavailable", {
      err: (err as Error).message,
      cause: ((err as Error).cause as Error | undefined)?.message,
    });
    return Response.json(
      { status: "unavailable", database: { ok: false } },
      { status: 503, headers: { ...headers, "retry-after": "5" } },
    );
  }
}
