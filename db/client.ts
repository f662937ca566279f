import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { assertConfig, DATABASE_VARS, env, envWith } from "@/server/env.mjs";
import { metrics, onScrape } from "@/server/lib/metrics.mjs";
import { tracingEnabled } from "@/server/lib/tracing.mjs";
import { traceStatements } from "./trace-statements";
import * as schema from "./schema";
import { postgresTarget, urlParams } from "./postgres-url";

export type Schema = typeof schema;
/** A database handle or an open transaction: both accept every query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Notifications on `channel` (LISTEN/NOTIFY) for as long as the handle is open. `onState` says
 * whether the subscription is live: false from the moment its connection is lost (notifications
 * sent meanwhile are missed) until it is listening again. Returns a function that stops it.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
) => () => Promise<void>;

/**
 * `pool` (postgres-js only): failed connection attempts so far, connections open (busy or idle)
 * and being opened. A count of failures that grows, or a pool with nothing open while it keeps
 * connecting, says the database is away (ADR 0045).
 */
export type DbHandle = {
  db: Db;
  kind: "postgres" | "pglite";
  url?: string;
  listen: Listen;
  close: () => Promise<void>;
  pool?: () => { connectErrors: number; open: number; connecting: number };
};

/**
 * On the database object itself, not in a module's map: Next bundles this module into each
 * route's chunk, so a map here would be one per route while the database is one per process.
 */
const HANDLE = Symbol.for("kraken-migrate.db-handle");

/** The handle a database (not a transaction) was opened as; undefined for a transaction. */
export const handleOf = (db: Db): DbHandle | undefined => (db as Db & { [HANDLE]?: DbHandle })[HANDLE];

const MIGRATIONS = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

/**
 * postgres-js when DATABASE_URL is set, else embedded PGlite in PGLITE_DIR
 * (default ./.data/pglite; "memory://" for throwaway test databases). `pgliteFrom`: a
 * `dumpDataDir()` tarball a new in-memory PGlite starts from (the tests' migrated template);
 * `pgliteBuild`: PGlite's WebAssembly module, compiled, and its file bundle, for a process that
 * opens many (the tests: compiling it again cost each a fifth of a second).
 */
export async function openDatabase(
  opts: { url?: string; pgliteDir?: string; pgliteFrom?: Blob; pgliteBuild?: PgliteBuild; migrate?: boolean } = {},
): Promise<DbHandle> {
  const url = opts.url ?? env.DATABASE_URL;
  // A pool of 0 or "abc" would otherwise hang or fail with an unrelated message.
  assertConfig(envWith({ DATABASE_URL: url }), DATABASE_VARS);
  const handle = url
    ? await openPostgres(url)
    : await openPglite(opts.pgliteDir ?? env.PGLITE_DIR ?? defaultPgliteDir(), opts.pgliteFrom, opts.pgliteBuild);
  Object.defineProperty(handle.db, HANDLE, { value: handle });
  if (opts.migrate !== false) await migrateDatabase(handle);
  return handle;
}

export function defaultPgliteDir() {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), ".data", "pglite");
}

/**
 * Statements with at most this many parameters run as named prepared statements (ADR 0011).
 * Larger ones (a bulk VALUES list) stay unnamed: each distinct text would stay cached on the
 * connection, on both sides, until the connection is recycled.
 */
export const PREPARE_MAX_PARAMS = 100;

/**
 * drizzle's postgres-js session runs every query unnamed unless given a name, and postgres-js
 * then describes an unnamed statement before binding it: two round trips, and a fresh parse
 * and plan in PostgreSQL, for each query. Named (prepared) statements are described once per
 * connection, and PostgreSQL keeps their plan. Applied once per process, to the session class
 * every drizzle database and transaction uses.
 */
function prepareSmallStatements(Session: { prototype: { prepareQuery: (...args: never[]) => unknown } }) {
  const proto = Session.prototype as {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: unknown,
      name: string | undefined,
      ...rest: unknown[]
    ) => unknown;
    [PREPARED]?: true;
  };
  if (proto[PREPARED]) return;
  const original = proto.prepareQuery;
  proto.prepareQuery = function (this: unknown, query, fields, name, ...rest) {
    return original.call(
      this,
      query,
      fields,
      name ?? (query.params.length <= PREPARE_MAX_PARAMS ? "" : undefined),
      ...rest,
    );
  };
  proto[PREPARED] = true;
}
const PREPARED = Symbol.for("kraken-migrate.prepared-statements");

/**
 * How the pool reconnects (ADR 0013). A connection attempt gives up after 2 s (postgres-js
 * waits 30 s), and a failed one is retried after at most 0.5 s (postgres-js backs off to
 * 10-20 s): while PostgreSQL is away a request gets its 503 within about 2 s, and once it is
 * back no request waits out a long backoff. Refused connections cost PostgreSQL nothing, and
 * the pool has at most DATABASE_POOL_SIZE attempts in flight.
 */
export const RECONNECT = {
  connect_timeout: 2,
  backoff: (retries: number) => Math.min(0.5, 0.05 * 2 ** retries) * (0.5 + Math.random() / 2),
};

async function openPostgres(url: string): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle, PostgresJsSession, PostgresJsPreparedQuery } = await import("drizzle-orm/postgres-js");
  prepareSmallStatements(PostgresJsSession as never);
  if (tracingEnabled()) traceStatements(PostgresJsPreparedQuery, PostgresJsSession, "postgresql");
  const target = postgresTarget(url);
  const client = postgres(target.url, {
    ...target.options,
    max: env.DATABASE_POOL_SIZE,
    onnotice: () => {},
    connection: { application_name: "kraken-migrate" },
    backoff: RECONNECT.backoff,
    // The URL's own `?connect_timeout=` (seconds) wins over ours.
    ...(urlParams(url).has("connect_timeout") ? {} : { connect_timeout: RECONNECT.connect_timeout }),
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  observePool(client as unknown as { poolStats: () => PoolStats });
  const listeners = new Set<() => Promise<void>>();
  const listen: Listen = (channel, onNotify, onState) => {
    const stop = listenPostgres(postgres, url, channel, onNotify, onState);
    const stopOnce = async () => {
      if (listeners.delete(stopOnce)) await stop();
    };
    listeners.add(stopOnce);
    return stopOnce;
  };
  return {
    db,
    kind: "postgres",
    url,
    listen,
    pool: () => {
      const p = (client as unknown as { poolStats: () => PoolStats }).poolStats();
      return { connectErrors: p.connectErrors, open: p.busy + p.idle, connecting: p.connecting };
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await client.end({ timeout: 5 });
    },
  };
}

/** What postgres-js's pool holds right now (`poolStats`, added by patches/postgres+3.4.9.patch). */
type PoolStats = {
  max: number;
  idle: number;
  busy: number;
  connecting: number;
  waiting: number;
  connectErrors: number;
};

/** The pool's connections, queued queries and failed connection attempts, read on each metrics scrape (the process's latest pool). */
function observePool(client: { poolStats: () => PoolStats }) {
  const m = metrics();
  let counted = 0;
  onScrape("db-pool", async () => {
    const s = client.poolStats();
    m.dbPoolMax.set(s.max);
    m.dbPoolConnections.set({ state: "busy" }, s.busy);
    m.dbPoolConnections.set({ state: "idle" }, s.idle);
    m.dbPoolConnections.set({ state: "connecting" }, s.connecting);
    m.dbPoolWaiting.set(s.waiting);
    if (s.connectErrors > counted) m.dbPoolConnectErrors.inc(s.connectErrors - counted);
    counted = s.connectErrors;
  });
}

/** How soon a lost LISTEN connection is opened again (and retried while PostgreSQL is away). */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries): opened
 * at once, and again RELISTEN_MS after it is lost, for as long as the handle is open.
 */
function listenPostgres(
  postgres: typeof import("postgres"),
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
) {
  const target = postgresTarget(url);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // onnotify is an option postgres-js reads (its own listen() passes it) but does not declare.
  const client = postgres(target.url, {
    ...target.options,
    max: 1,
    // The connection is the subscription: never closed for being idle or old.
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "kraken-migrate-listen" },
    backoff: RECONNECT.backoff,
    ...(urlParams(url).has("connect_timeout") ? {} : { connect_timeout: RECONNECT.connect_timeout }),
    onnotify: (from: string, payload: string) => {
      if (from === channel) onNotify(payload);
    },
    onclose: () => {
      onState(false);
      retry();
    },
  } as Parameters<typeof postgres>[1]);
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(subscribe, RELISTEN_MS);
    timer.unref();
  };
  const subscribe = async () => {
    timer = undefined;
    if (stopped) return;
    try {
      await client.unsafe(`listen "${channel.replaceAll('"', '""')}"`);
      if (!stopped) onState(true);
    } catch {
      onState(false);
      retry();
    }
  };
  void subscribe();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    onState(false);
    await client.end({ timeout: 1 });
  };
}

export type PgliteBuild = { wasmModule: WebAssembly.Module; fsBundle: Blob };

async function openPglite(dir: string, from?: Blob, build?: PgliteBuild): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle, PgliteSession, PglitePreparedQuery } = await import("drizzle-orm/pglite");
  if (tracingEnabled()) traceStatements(PglitePreparedQuery, PgliteSession, "postgresql");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const release = dir.startsWith("memory://") ? () => {} : await lockDataDir(dir);
  // pg_trgm: the console's account search (ADR 0407); PostgreSQL servers ship it in contrib.
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(from ? { loadDataDir: from } : {}),
    ...(build ? { pgliteWasmModule: build.wasmModule, fsBundle: build.fsBundle } : {}),
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  // One process holds the database: its notifications are never lost while it is open.
  const listen: Listen = (channel, onNotify, onState) => {
    const subscribed = client.listen(channel, onNotify).then(
      (unlisten) => {
        onState(true);
        return unlisten;
      },
      () => undefined, // closed before it listened: nothing to stop
    );
    const stop = async () => {
      if (!listeners.delete(stop)) return;
      onState(false);
      const unlisten = await subscribed;
      if (!client.closed) await unlisten?.().catch(() => {});
    };
    listeners.add(stop);
    return stop;
  };
  return {
    db,
    kind: "pglite",
    listen,
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await client.close();
      release();
    },
  };
}

/**
 * Embedded PostgreSQL is single-process: a second process opening the same folder would
 * corrupt it. A pid lock file makes the second one fail with a clear message instead.
 */
async function lockDataDir(dir: string): Promise<() => void> {
  const fs = await import("node:fs");
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      const release = () => fs.rmSync(lock, { force: true });
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lock, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${pid} (probably the running app). ` +
            "Stop it first, or set DATABASE_URL to use a PostgreSQL server that many processes can share.",
        );
      }
      fs.rmSync(lock, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function migrateDatabase(handle: DbHandle) {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  if (!handle.url) throw new Error("postgres handle without url");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  // Several instances may start at once: one migrates while the others wait on the
  // lock. max: 1 keeps the session lock and the migration on the same connection.
  const target = postgresTarget(handle.url);
  const client = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(727274001)`;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    await client`select pg_advisory_unlock(727274001)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

type Global = typeof globalThis & { __dbHandle?: Promise<DbHandle> };

/** The process-wide database (kept on globalThis so dev reloads reuse one PGlite). */
export function getDb(): Promise<Db> {
  const g = globalThis as Global;
  g.__dbHandle ??= openDatabase();
  return g.__dbHandle.then((h) => h.db);
}

export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as Global;
  g.__dbHandle ??= openDatabase();
  return g.__dbHandle;
}

/** Tests and the CLI install their own handle. */
export function setDbHandle(handle: DbHandle) {
  (globalThis as Global).__dbHandle = Promise.resolve(handle);
}

/** Rows of a raw `db.execute(sql...)`: postgres-js returns an array, PGlite `{ rows }`. */
export async function execRows<T extends Record<string, unknown>>(
  db: Db,
  query: Parameters<Db["execute"]>[0],
): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(res) ? res : res.rows;
}
