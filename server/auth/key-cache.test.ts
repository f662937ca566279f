import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { publicAccountHandler as accountRoute } from "@/server/rest/routes/public";
import { type DbHandle, execRows, openDatabase } from "@/db/client";
import { env } from "@/server/env.mjs";
import { useTestDb } from "@/test/db";
import { makeApiKey, makeOrg, type OrgFixture } from "@/test/factories";
import { call } from "@/test/http";
import { invalidateApiKey } from "../services/organisations/invalidate-api-key";
import { keyCacheListening } from "./key-cache";
import { signAccessToken } from "./tokens";

// What a script sees of the key cache (ADR 0036): its key keeps working request after request,
// and stops the moment it is invalidated, by this instance, another one, or SQL by hand.
const t = useTestDb();
let org: OrgFixture;

beforeAll(async () => {
  org = await makeOrg(t.db);
});

/** 404 (no such account) means the key was accepted; 401 that it was refused. */
const ask = async (auth: string) =>
  (await call(accountRoute, "/v1/accounts/A-00000000/", { params: { account: "A-00000000" }, auth })).status;

async function tokenFor(key: { id: number }) {
  const { token } = await signAccessToken(t.db, {
    organisationId: org.id,
    organisationNumber: org.number,
    apiKeyId: key.id,
  });
  return `JWT ${token}`;
}

/** Asks until the answer is `status`, for at most `ms`; the answers seen, for the assertion's message. */
async function askUntil(auth: string, status: number, ms = 3000) {
  const seen: number[] = [];
  const until = performance.now() + ms;
  do {
    seen.push(await ask(auth));
    if (seen.at(-1) === status) return seen;
    await new Promise((r) => setTimeout(r, 20));
  } while (performance.now() < until);
  return seen;
}

async function waitForListening(db: typeof t.db, listening: boolean, ms = 5000) {
  const until = performance.now() + ms;
  while (keyCacheListening(db) !== listening && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
  return keyCacheListening(db);
}

describe("organisation keys found valid are remembered briefly, and forgotten when a key changes", () => {
  it("a key and its tokens keep working request after request", async () => {
    const key = await makeApiKey(org);
    const token = await tokenFor(key);
    for (let i = 0; i < 5; i++) {
      expect(await ask(`Token ${key.key}`)).toBe(404);
      expect(await ask(token)).toBe(404);
    }
    expect(await waitForListening(t.db, true)).toBe(true);
  });

  it("invalidated in the console: refused on the very next request", async () => {
    const key = await makeApiKey(org);
    const token = await tokenFor(key);
    // The first request starts the cache's subscription, whichever test runs first; once it
    // listens, the next requests are remembered.
    expect([await ask(`Token ${key.key}`), await ask(token)]).toEqual([404, 404]);
    expect(await waitForListening(t.db, true)).toBe(true);
    expect([await ask(`Token ${key.key}`), await ask(token)]).toEqual([404, 404]);
    await invalidateApiKey(org.ctx, { keyId: key.id });
    expect([await ask(`Token ${key.key}`), await ask(token)]).toEqual([401, 401]);
  });

  it("invalidated by SQL outside the app, or by another instance: refused as soon as the notification arrives", async () => {
    const key = await makeApiKey(org);
    const token = await tokenFor(key);
    // The first request starts the cache's subscription, whichever test runs first; once it
    // listens, the next requests are remembered.
    expect([await ask(`Token ${key.key}`), await ask(token)]).toEqual([404, 404]);
    expect(await waitForListening(t.db, true)).toBe(true);
    expect([await ask(`Token ${key.key}`), await ask(token)]).toEqual([404, 404]);
    await t.db.execute(sql`update api_keys set invalidated_at = now(), invalidated_by = 'psql' where id = ${key.id}`);
    // Within moments, not KEY_CACHE_TTL_MS: the first refusal comes well inside a second.
    expect((await askUntil(`Token ${key.key}`, 401, 1000)).at(-1)).toBe(401);
    expect((await askUntil(token, 401, 1000)).at(-1)).toBe(401);
  });

  it("a key's last use is still stamped (to the minute) while it is remembered", async () => {
    const key = await makeApiKey(org);
    expect(await ask(`Token ${key.key}`)).toBe(404);
    expect(await ask(`Token ${key.key}`)).toBe(404);
    const [row] = await execRows<{ last_used_at: Date | null }>(
      t.db,
      sql`select last_used_at from api_keys where id = ${key.id}`,
    );
    expect(row.last_used_at).not.toBeNull();
  });
});

describe.skipIf(!env.DATABASE_URL)("the subscription's connection lost (PostgreSQL)", () => {
  let other: DbHandle;
  beforeAll(async () => {
    other = await openDatabase({ url: env.DATABASE_URL, migrate: false });
    return () => other.close();
  });

  it("while its subscription is lost nothing is taken from the cache, and it listens again by itself", async () => {
    const key = await makeApiKey(org);
    expect(await ask(`Token ${key.key}`)).toBe(404);
    expect(await waitForListening(t.db, true)).toBe(true);
    expect(await ask(`Token ${key.key}`)).toBe(404);
    // The subscription's backend goes away (a failover, an idle-session killer): the
    // notification of what follows is lost with it.
    await other.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'kraken-migrate-listen' and datname = current_database()`);
    expect(await waitForListening(t.db, false, 2000)).toBe(false);
    // Accepted from the database meanwhile, but not remembered: the change that follows
    // sends a notification no one here receives.
    expect(await ask(`Token ${key.key}`)).toBe(404);
    await other.db.execute(
      sql`update api_keys set invalidated_at = now(), invalidated_by = 'psql' where id = ${key.id}`,
    );
    expect(await ask(`Token ${key.key}`)).toBe(401);
    expect(await waitForListening(t.db, true)).toBe(true);
  });
});
