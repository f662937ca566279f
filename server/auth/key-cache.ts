import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { type Db, handleOf } from "@/db/client";
import { apiKeys, refreshTokens } from "@/db/schema";

/**
 * Organisation API keys found valid, kept by each process for a few seconds so a script's
 * stream of requests does not look its key up again on every one (ADR 0036). What keeps it
 * right across instances is PostgreSQL: a trigger on api_keys notifies KEYS_CHANNEL when a key
 * is invalidated, changed or deleted, and every instance listening forgets every key it holds.
 * The cache is used only while this process is listening: from the moment the subscription's
 * connection is lost until it listens again, every request reads its key from the database,
 * as it does with no cache at all. A lookup that overlapped a notification is not kept.
 */
const KEYS_CHANNEL = "api_keys_changed";
/** Bounds a key's life in the cache if a notification were ever missed unnoticed (a half-open connection). */
const KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

export type CachedKey = { id: number; organisationId: number; prefix: string; lastUsedAt: Date | null };

class KeyCache {
  private listening = false;
  /** Bumped by every notification and every change of the subscription's state. */
  private generation = 0;
  private readonly entries = new Map<string, { key: unknown; at: number }>();

  forget() {
    this.generation += 1;
    this.entries.clear();
  }

  get isListening() {
    return this.listening;
  }

  setListening(listening: boolean) {
    this.listening = listening;
    this.forget();
  }

  get<T = CachedKey>(name: string): T | undefined {
    if (!this.listening) return undefined;
    const hit = this.entries.get(name);
    if (!hit) return undefined;
    if (performance.now() - hit.at > KEY_CACHE_TTL_MS) {
      this.entries.delete(name);
      return undefined;
    }
    return hit.key as T;
  }

  /** A lookup begins: `keep` stores its answer only if nothing changed meanwhile. */
  begin<T = CachedKey>(name: string): { keep: (key: T) => void } {
    const generation = this.generation;
    return {
      keep: (key) => {
        if (!this.listening || generation !== this.generation) return;
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(name, { key, at: performance.now() });
      },
    };
  }
}

// Kept on the database object and globalThis, not in this module: Next bundles a copy of it
// into each route's chunk, and the process must have one cache (one subscription) per database.
const CACHE = Symbol.for("kraken-migrate.key-cache");
const LIVE = Symbol.for("kraken-migrate.key-caches");
type WithCache = Db & { [CACHE]?: KeyCache };
const live: Set<WeakRef<KeyCache>> = ((globalThis as { [LIVE]?: Set<WeakRef<KeyCache>> })[LIVE] ??= new Set());

/** The cache of a database handle (subscribed on first use); undefined inside a transaction. */
function cacheOf(db: Db): KeyCache | undefined {
  const known = (db as WithCache)[CACHE];
  if (known) return known;
  const handle = handleOf(db);
  if (!handle) return undefined;
  const cache = new KeyCache();
  Object.defineProperty(db, CACHE, { value: cache });
  live.add(new WeakRef(cache));
  handle.listen(
    KEYS_CHANNEL,
    () => cache.forget(),
    (listening) => cache.setListening(listening),
  );
  return cache;
}

/**
 * The organisation key with this hash (a key sent as it is) or id (a token's), if it is valid:
 * from the cache, else from the database. No valid key is an answer never kept.
 */
export async function validOrganisationKey(
  db: Db,
  by: { hash: string } | { id: number },
): Promise<CachedKey | undefined> {
  const name = "hash" in by ? `hash:${by.hash}` : `id:${by.id}`;
  const cache = cacheOf(db);
  const hit = cache?.get(name);
  if (hit) return hit;
  const lookup = cache?.begin(name);
  const [key] = await db
    .select({
      id: apiKeys.id,
      organisationId: apiKeys.organisationId,
      prefix: apiKeys.prefix,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and("hash" in by ? eq(apiKeys.keyHash, by.hash) : eq(apiKeys.id, by.id), isNull(apiKeys.invalidatedAt)));
  if (key) lookup?.keep(key);
  return key;
}

/**
 * Whether a refresh token family is still live (not revoked for any reason but rotation), so
 * the access tokens issued with it still work (issue 37 item 4). A live answer is cached like a
 * key: revoking a family notifies the same channel (migration 0022), and every instance forgets.
 */
export async function liveRefreshFamily(db: Db, familyId: string): Promise<boolean> {
  const name = `family:${familyId}`;
  const cache = cacheOf(db);
  if (cache?.get<true>(name)) return true;
  const lookup = cache?.begin<true>(name);
  const revoked = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNotNull(refreshTokens.revokedAt),
        ne(refreshTokens.revokedReason, "rotated"),
      ),
    )
    .limit(1);
  if (revoked.length) return false;
  lookup?.keep(true);
  return true;
}

/**
 * This process changed a key: forget every cached key at once, not a moment later when the
 * notification arrives. Called inside the changing transaction, so a request that reads the
 * key after it commits reads the database.
 */
export function keysChangedHere() {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.forget();
    else live.delete(ref);
  }
}

/** Whether `db`'s cache is in use (its subscription live); undefined before its first key. For tests. */
export const keyCacheListening = (db: Db): boolean | undefined => (db as WithCache)[CACHE]?.isListening;
