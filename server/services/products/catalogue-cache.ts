import { forgetOnReset } from "@/server/process-state";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { productCatalogueState } from "@/db/schema";
import { env } from "@/server/env.mjs";

/**
 * A per-instance cache of rendered public catalogue responses, keyed on the catalogue
 * version that every load bumps in its own transaction (ADR 0202). Every request still
 * reads the version from PostgreSQL, so an instance never serves a page older than the
 * last committed load. Requests arriving in the same event-loop turn share one version
 * query, sent on the next turn: after all of them arrived, so sharing never returns a
 * version older than what a request could have read on its own.
 */

const pending = new WeakMap<Db, Promise<string>>();

async function queryVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ version: productCatalogueState.version })
    .from(productCatalogueState)
    .where(eq(productCatalogueState.id, 1));
  return String(row?.version ?? 0);
}

/**
 * How long an instance may reuse a version it read: responses already say
 * `Cache-Control: max-age=60`, so a load showing up on every instance within this window
 * (default 1 s) keeps that contract while sparing most requests a round trip. 0 = always read.
 */
const versionTtlMs = () => env.CATALOGUE_VERSION_TTL_MS;
const recent = new WeakMap<Db, { version: string; readAt: number }>();

/** The committed catalogue version: a fresh read, or one at most CATALOGUE_VERSION_TTL_MS old. */
export function catalogueVersion(db: Db): Promise<string> {
  const ttl = versionTtlMs();
  const r = recent.get(db);
  if (ttl > 0 && r && Date.now() - r.readAt < ttl) return Promise.resolve(r.version);
  let p = pending.get(db);
  if (!p) {
    p = new Promise<string>((resolve, reject) =>
      setImmediate(() => {
        pending.delete(db);
        const readAt = Date.now();
        queryVersion(db).then((version) => {
          recent.set(db, { version, readAt });
          resolve(version);
        }, reject);
      }),
    );
    pending.set(db, p);
  }
  return p;
}

export type Rendered = { body: Buffer; etag: string };
type Entry = Rendered & { version: string; expiresAt: number };

const MAX_BYTES = env.CATALOGUE_CACHE_MAX_BYTES;
const MAX_AGE_MS = 5 * 60_000;
const entries = new Map<string, Entry>();
let bytes = 0;
forgetOnReset(() => {
  entries.clear();
  bytes = 0;
});

function evict(key: string) {
  const e = entries.get(key);
  if (!e) return;
  entries.delete(key);
  bytes -= e.body.byteLength;
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * The cached rendering of `key` for the current catalogue version, or a fresh one from
 * `render`. `validUntil` bounds an entry whose content depends on the clock (e.g. "products
 * available now" changes when a product's availability starts or ends).
 */
export async function cachedRender(
  db: Db,
  key: string,
  render: () => Promise<{ body: string; validUntil?: number }>,
): Promise<Rendered> {
  if (MAX_BYTES <= 0) {
    const { body } = await render();
    return { body: Buffer.from(body), etag: etagOf(body) };
  }
  const version = await catalogueVersion(db);
  const hit = entries.get(key);
  if (hit && hit.version === version && hit.expiresAt > Date.now()) {
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const { body, validUntil } = await render();
  const buf = Buffer.from(body);
  const entry: Entry = {
    body: buf,
    etag: etagOf(buf),
    version,
    expiresAt: Math.min(validUntil ?? Infinity, Date.now() + MAX_AGE_MS),
  };
  evict(key);
  if (buf.byteLength <= MAX_BYTES / 4) {
    entries.set(key, entry);
    bytes += buf.byteLength;
    for (const oldest of entries.keys()) {
      if (bytes <= MAX_BYTES) break;
      evict(oldest);
    }
  }
  return entry;
}

/** Tests: start from an empty cache. */
export function clearCatalogueCache() {
  entries.clear();
  bytes = 0;
}
