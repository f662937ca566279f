import { type DbHandle, RECONNECT } from "@/db/client";
import { postgresTarget } from "@/db/postgres-url";

/** Key namespace of the relay's leader lock (the second key is hashtext(stream)). */
export const RELAY_LEADER_LOCK = 727_274_302;

/** What a relay instance needs from the database beyond queries: a leader lock that dies with the instance. */
export type RelaySession = {
  tryLead(): Promise<boolean>;
  /** False once the lock's connection has gone (the lock went with it). */
  stillLeading(): Promise<boolean>;
  close(): Promise<void>;
};

export async function openRelaySession(handle: DbHandle, stream: string, instanceId: string): Promise<RelaySession> {
  return handle.kind === "postgres"
    ? openPostgresSession(handle, stream)
    : openPgliteSession(handle, stream, instanceId);
}

/**
 * PostgreSQL: a session-level advisory lock on a dedicated connection. If this process
 * dies or its connection drops, PostgreSQL releases the lock and a standby takes over.
 */
async function openPostgresSession(handle: DbHandle, stream: string): Promise<RelaySession> {
  if (!handle.url) throw new Error("postgres handle without url");
  const { default: postgres } = await import("postgres");
  // One connection that never recycles itself: a recycled connection would silently drop the lock.
  const target = postgresTarget(handle.url);
  const sql = postgres(target.url, {
    ...target.options,
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    onnotice: () => {},
    connection: { application_name: "kraken-migrate-events-relay" },
    ...RECONNECT,
  });
  return {
    async tryLead() {
      const [row] = await sql`select pg_try_advisory_lock(${RELAY_LEADER_LOCK}, hashtext(${stream})) as ok`;
      return row.ok === true;
    },
    async stillLeading() {
      try {
        const [row] = await sql`
          select exists(select 1 from pg_locks where locktype = 'advisory' and granted and pid = pg_backend_pid()
            and classid = ${RELAY_LEADER_LOCK}::int4::oid and objid = hashtext(${stream})::oid and objsubid = 2) as held`;
        return row.held === true;
      } catch {
        return false;
      }
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

type Global = typeof globalThis & { __relayLeaders?: WeakMap<object, Map<string, string>> };

/**
 * PGlite lives inside one process, so every relay on it shares that process: the
 * leader lock is a per-database map (an advisory lock would be re-entrant on its single session).
 */
async function openPgliteSession(handle: DbHandle, stream: string, instanceId: string): Promise<RelaySession> {
  const client = (handle.db as unknown as { $client: object }).$client;
  const g = globalThis as Global;
  g.__relayLeaders ??= new WeakMap();
  let leaders = g.__relayLeaders.get(client);
  if (!leaders) {
    leaders = new Map();
    g.__relayLeaders.set(client, leaders);
  }
  const held = leaders;
  return {
    async tryLead() {
      if (!held.has(stream)) held.set(stream, instanceId);
      return held.get(stream) === instanceId;
    },
    async stillLeading() {
      return held.get(stream) === instanceId;
    },
    async close() {
      if (held.get(stream) === instanceId) held.delete(stream);
    },
  };
}
