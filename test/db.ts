import { afterAll, beforeAll } from "vitest";
import { type Db, type DbHandle, openDatabase, setDbHandle } from "@/db/client";
import { env } from "@/server/env.mjs";
import { resetSigningKeyCache } from "@/server/auth/signing-key";

/**
 * The suite's forks share one PostgreSQL server with private clusters, builds and each
 * other: under that load a new backend can take over the app's 2 s connect timeout (ADR
 * 0013) to start, which failed an unrelated test with CONNECT_TIMEOUT. Tests wait longer;
 * a URL's own `connect_timeout` still wins.
 */
export const TEST_CONNECT_TIMEOUT_S = 20;

export function testDatabaseUrl(url: string | undefined = env.DATABASE_URL): string | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  if (!parsed.searchParams.has("connect_timeout")) parsed.searchParams.set("connect_timeout", String(TEST_CONNECT_TIMEOUT_S));
  return parsed.toString();
}

/**
 * A real database for one test file: the PostgreSQL server when DATABASE_URL is set,
 * else a fresh in-memory PGlite. Route handlers called in the file see the same one.
 */
export function useTestDb(): { readonly db: Db; readonly handle: DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    resetSigningKeyCache();
    handle = await openDatabase({ url: testDatabaseUrl(), pgliteDir: "memory://" });
    setDbHandle(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get db() {
      if (!handle) throw new Error("test database not open yet");
      return handle.db;
    },
    get handle() {
      if (!handle) throw new Error("test database not open yet");
      return handle;
    },
  };
}

export { uniq } from "./factories/unique";
