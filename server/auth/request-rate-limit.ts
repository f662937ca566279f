import { forgetOnReset } from "@/server/process-state";
import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { env } from "@/server/env.mjs";
import type { Actor } from "../context";
import { clientAddress } from "./client-address";
import { addressKey } from "./rate-limit";

type LimitName =
  | "GRAPHQL_RATE_LIMIT_PER_MINUTE"
  | "API_RATE_LIMIT_PER_MINUTE"
  | "API_CUSTOMER_RATE_LIMIT_PER_MINUTE"
  | "API_ADDRESS_RATE_LIMIT_PER_MINUTE";
const DEFAULTS: Record<LimitName, number> = {
  GRAPHQL_RATE_LIMIT_PER_MINUTE: 300,
  API_RATE_LIMIT_PER_MINUTE: 60_000,
  API_CUSTOMER_RATE_LIMIT_PER_MINUTE: 300,
  API_ADDRESS_RATE_LIMIT_PER_MINUTE: 1_200,
};
/** A limit per minute as configured now; 0 turns it off (Infinity). */
const setting = (name: LimitName) => () => {
  const raw = env[name];
  const n = raw === undefined || (raw as unknown) === "" ? DEFAULTS[name] : Number(raw);
  if (n === 0) return Number.POSITIVE_INFINITY;
  return Number.isInteger(n) && n > 0 ? n : DEFAULTS[name];
};
/** GraphQL operations one key (or, without one, one address) may run per minute, across every instance. */
export const GRAPHQL_RATE_LIMIT_PER_MINUTE = setting("GRAPHQL_RATE_LIMIT_PER_MINUTE");
const ORGANISATION_LIMIT = setting("API_RATE_LIMIT_PER_MINUTE");
const CUSTOMER_LIMIT = setting("API_CUSTOMER_RATE_LIMIT_PER_MINUTE");
const ADDRESS_LIMIT = setting("API_ADDRESS_RATE_LIMIT_PER_MINUTE");
const WINDOW_SECONDS = 60;

/**
 * Adds `n` requests to a bucket's fixed one-minute window, in the table the token limits use
 * (auth_rate_limits), so every instance shares the count. Refused requests count too: a caller
 * over its limit stays there until the window ends.
 */
export async function countRequest(
  db: Db,
  bucket: string,
  limit = GRAPHQL_RATE_LIMIT_PER_MINUTE(),
  n = 1,
): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number }> {
  // One statement, one round trip. A count lost in a crash costs nothing worth a WAL flush on
  // every read request, so this statement's own transaction commits without one.
  const [row] = await execRows<{ failures: number; retry_after: number }>(
    db,
    sql`insert into auth_rate_limits (bucket, failures, window_started_at)
        select ${bucket}, ${n}::int, now() from (select set_config('synchronous_commit', 'off', true)) as async_commit
        on conflict (bucket) do update set
          failures = case when auth_rate_limits.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}) then ${n}::int else auth_rate_limits.failures + ${n}::int end,
          window_started_at = case when auth_rate_limits.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}) then now() else auth_rate_limits.window_started_at end
        returning failures, ceil(extract(epoch from (window_started_at + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int as retry_after`,
  );
  const count = Number(row.failures);
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Number(row.retry_after)), count };
}

/** Where one request is counted: its organisation key, console user, customer key, or (without valid credentials) its address. */
export function requestBucket(actor: Actor | null, headers: Headers): { bucket: string; limit: number } {
  if (actor?.kind === "organisation") return { bucket: `api:key:${actor.apiKeyId}`, limit: ORGANISATION_LIMIT() };
  if (actor?.kind === "user") return { bucket: `api:user:${actor.userId}`, limit: ORGANISATION_LIMIT() };
  if (actor?.kind === "customer") return { bucket: `api:customer-key:${actor.customerKeyId}`, limit: CUSTOMER_LIMIT() };
  return { bucket: `api:ip:${addressKey(clientAddress(headers))}`, limit: ADDRESS_LIMIT() };
}

/**
 * Limits at or above this many a minute are counted in batches: an instance adds its requests
 * to PostgreSQL's count every FLUSH_MS or every 1% of the limit, whichever comes first, and
 * decides from the last shared count plus its own since, so a data-import script's requests
 * cost no extra round trip. Across N instances a caller can overshoot by at most about N% of
 * the limit. Smaller limits (a customer's key, an address) are counted exactly, per request.
 */
const BATCHED_FROM = 1_000;
const FLUSH_MS = 200;
const MAX_LOCAL_BUCKETS = 10_000;

type Local = { windowEndsAt: number; shared: number; pending: number; flushing: boolean; lastFlush: number };
// Per process, and only an accumulator: what holds across instances is the table.
const locals = new Map<string, Local>();
forgetOnReset(() => locals.clear());

export type Admission = { allowed: boolean; retryAfterSeconds: number; limit: number };

/**
 * Counts one REST or GraphQL request against the caller's shared budget (issue 37 item 6): one
 * limiter for both, per key and per address, across instances. Never throws for the limiter's
 * own sake: a count that cannot be written (PostgreSQL away) lets the request through to fail
 * on its own terms.
 */
export async function admitRequest(db: Db, actor: Actor | null, headers: Headers): Promise<Admission> {
  const { bucket, limit } = requestBucket(actor, headers);
  if (limit === Number.POSITIVE_INFINITY) return { allowed: true, retryAfterSeconds: 0, limit };
  const now = Date.now();
  const local = locals.get(bucket);
  if (limit < BATCHED_FROM || !local || now >= local.windowEndsAt) {
    const counted = await countRequest(db, bucket, limit).catch(() => null);
    if (!counted) return { allowed: true, retryAfterSeconds: 0, limit };
    if (limit >= BATCHED_FROM) {
      if (locals.size >= MAX_LOCAL_BUCKETS) locals.clear();
      locals.set(bucket, {
        windowEndsAt: now + counted.retryAfterSeconds * 1000,
        shared: counted.count,
        pending: 0,
        flushing: false,
        lastFlush: now,
      });
    }
    return { allowed: counted.allowed, retryAfterSeconds: counted.retryAfterSeconds, limit };
  }
  local.pending += 1;
  const allowed = local.shared + local.pending <= limit;
  if (!local.flushing && (local.pending >= Math.max(1, Math.floor(limit / 100)) || now - local.lastFlush >= FLUSH_MS))
    flush(db, bucket, local, limit);
  return { allowed, retryAfterSeconds: Math.max(1, Math.ceil((local.windowEndsAt - now) / 1000)), limit };
}

function flush(db: Db, bucket: string, local: Local, limit: number) {
  const n = local.pending;
  local.pending = 0;
  local.flushing = true;
  countRequest(db, bucket, limit, n)
    .then(
      (counted) => {
        local.shared = counted.count;
        local.windowEndsAt = Date.now() + counted.retryAfterSeconds * 1000;
      },
      () => {
        local.pending += n;
      },
    )
    .finally(() => {
      local.flushing = false;
      local.lastFlush = Date.now();
    });
}

/** What the next requests of this process count from: forgotten (tests; a changed limit). */
export function forgetLocalCounts() {
  locals.clear();
}
