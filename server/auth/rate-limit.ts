import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { inArray, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { authRateLimits } from "@/db/schema";
import { env } from "@/server/env.mjs";

export type Bucket = { name: string; limit: number };

/** Buckets hold digests, never credentials themselves. */
export const bucketDigest = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);

/** An address as a bucket key: an IPv4 address itself, an IPv6 address its /64. */
export function addressKey(address: string): string {
  // One subscriber line or host gets a whole /64, so counting single IPv6 addresses would let
  // an attacker rotate through 2^64 of them.
  return isIPv6(address) ? ipv6Prefix64(address) : address;
}

/**
 * Failed attempts from one address. Password guesses and bad API keys / refresh tokens are
 * counted apart, so password failures never block a key exchange from the same address.
 */
export function addressBucket(address: string, kind: "password" | "key"): Bucket {
  return {
    name: `${kind === "password" ? "ip" : "ip-key"}:${addressKey(address)}`,
    limit: AUTH_MAX_FAILURES_PER_ADDRESS(),
  };
}

/** The first four groups of an IPv6 address, expanded: "2001:db8::1" -> "2001:db8:0:0::/64". */
function ipv6Prefix64(address: string): string {
  const [head, tail] = address.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 style) fills the last two groups, never the first four.
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * One user's password attempts, shared by console sign-in and the token mutation: a small
 * bucket per (e-mail, address) slows a guesser first; the e-mail alone locks only at a much
 * higher bar (so a stranger cannot lock a known e-mail out with a few tries); the address
 * bounds one source spraying many e-mails.
 */
export function passwordBuckets(email: string, address: string): Bucket[] {
  const user = email.trim().toLowerCase();
  return [
    { name: `user-ip:${bucketDigest(`${user}\n${addressKey(address)}`)}`, limit: AUTH_MAX_FAILURES_PER_CREDENTIAL() },
    { name: `user:${bucketDigest(user)}`, limit: AUTH_MAX_FAILURES_PER_USER() },
    addressBucket(address, "password"),
  ];
}

const setting =
  (
    name: "AUTH_RATE_LIMIT_WINDOW_SECONDS" | `AUTH_RATE_LIMIT_MAX_FAILURES${"" | "_PER_USER" | "_PER_ADDRESS"}`,
    fallback: number,
  ) =>
  () => {
    const n = Number(env[name] || fallback);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
export const AUTH_WINDOW_SECONDS = setting("AUTH_RATE_LIMIT_WINDOW_SECONDS", 900);
/** Failures per (e-mail, address) pair, and per API key or refresh token. */
export const AUTH_MAX_FAILURES_PER_CREDENTIAL = setting("AUTH_RATE_LIMIT_MAX_FAILURES", 10);
/** Failures per e-mail from every address together: the account lock, deliberately high. */
export const AUTH_MAX_FAILURES_PER_USER = setting("AUTH_RATE_LIMIT_MAX_FAILURES_PER_USER", 100);
export const AUTH_MAX_FAILURES_PER_ADDRESS = setting("AUTH_RATE_LIMIT_MAX_FAILURES_PER_ADDRESS", 30);

/**
 * Counts this attempt as a failure up front, in one statement for all buckets, and reports
 * whether any bucket is over its limit. Counting before checking the credential keeps the
 * limit exact across instances even under a burst; `forgiveAttempt` undoes it on success.
 */
export async function reserveAttempt(
  db: Db,
  buckets: Bucket[],
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const window = AUTH_WINDOW_SECONDS();
  const values = sql.join(
    buckets.map((b) => sql`(${b.name}, 1, now())`),
    sql`, `,
  );
  const rows = await execRows<{ bucket: string; failures: number; retry_after: number }>(
    db,
    sql`insert into auth_rate_limits (bucket, failures, window_started_at) values ${values}
        on conflict (bucket) do update set
          failures = case when auth_rate_limits.window_started_at <= now() - make_interval(secs => ${window}) then 1 else auth_rate_limits.failures + 1 end,
          window_started_at = case when auth_rate_limits.window_started_at <= now() - make_interval(secs => ${window}) then now() else auth_rate_limits.window_started_at end
        returning bucket, failures, ceil(extract(epoch from (window_started_at + make_interval(secs => ${window}) - now())))::int as retry_after`,
  );
  const limits = new Map(buckets.map((b) => [b.name, b.limit]));
  const over = rows.filter((r) => Number(r.failures) > (limits.get(r.bucket) ?? 0));
  // A refused attempt checked nothing, so it counts nowhere: hammering one (e-mail, address)
  // that is already over its small limit never adds up to the e-mail's own lock.
  if (over.length) await forgiveAttempt(db, buckets);
  return { allowed: over.length === 0, retryAfterSeconds: Math.max(1, ...over.map((r) => Number(r.retry_after))) };
}

/** A successful attempt is not a failure: give its reservation back. */
export async function forgiveAttempt(db: Db, buckets: Bucket[]) {
  await db
    .update(authRateLimits)
    .set({ failures: sql`greatest(${authRateLimits.failures} - 1, 0)` })
    .where(
      inArray(
        authRateLimits.bucket,
        buckets.map((b) => b.name),
      ),
    );
}
