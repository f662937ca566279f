import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { env } from "@/server/env.mjs";

const setting = (name: "GRAPHQL_RATE_LIMIT_PER_MINUTE", fallback: number) => () => {
  const n = Number(env[name] || fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
/** GraphQL operations one key (or, without one, one address) may run per minute, across every instance. */
export const GRAPHQL_RATE_LIMIT_PER_MINUTE = setting("GRAPHQL_RATE_LIMIT_PER_MINUTE", 300);
const WINDOW_SECONDS = 60;

/**
 * Counts one request in a fixed one-minute window per bucket, in the table the token
 * limits use (auth_rate_limits), so every instance shares the count. Refused requests
 * count too: a caller over its limit stays there until the window ends.
 */
export async function countRequest(db: Db, bucket: string, limit = GRAPHQL_RATE_LIMIT_PER_MINUTE()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  // One statement, one round trip. A count lost in a crash costs nothing worth a WAL flush on
  // every read request, so this statement's own transaction commits without one.
  const [row] = await execRows<{ failures: number; retry_after: number }>(
    db,
    sql`insert into auth_rate_limits (bucket, failures, window_started_at)
        select ${bucket}, 1, now() from (select set_config('synchronous_commit', 'off', true)) as async_commit
        on conflict (bucket) do update set
          failures = case when auth_rate_limits.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}) then 1 else auth_rate_limits.failures + 1 end,
          window_started_at = case when auth_rate_limits.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}) then now() else auth_rate_limits.window_started_at end
        returning failures, ceil(extract(epoch from (window_started_at + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int as retry_after`,
  );
  return { allowed: Number(row.failures) <= limit, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}
