import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { type Db, type DbHandle, openDatabase, type PgliteBuild, setDbHandle } from "@/db/client";
import { env } from "@/server/env.mjs";
import { resetSigningKeyCache } from "@/server/auth/signing-key";

/**
 * DATABASE_URL with a 20 s connect timeout unless it sets its own: the suite's forks share one
 * PostgreSQL server with private clusters, builds and each other, and under that load a new
 * backend can take over the app's 2 s (ADR 0013) to start, which failed an unrelated test with
 * CONNECT_TIMEOUT. The app reads a URL's own `connect_timeout` before its default.
 */
function testDatabaseUrl(): string | undefined {
  if (!env.DATABASE_URL) return undefined;
  const url = new URL(env.DATABASE_URL);
  if (!url.searchParams.has("connect_timeout")) url.searchParams.set("connect_timeout", "20");
  return url.toString();
}

/**
 * A database for a test file: `url` (by default DATABASE_URL's, this worker's own), else a
 * fresh in-memory PGlite loaded from the run's migrated template (test/global-setup.ts).
 */
export function openTestDatabase(url = testDatabaseUrl()): Promise<DbHandle> {
  return url ? openDatabase({ url }) : openTestPglite();
}

/**
 * What every in-memory PGlite of this process starts from, read and compiled once: the run's
 * migrated template, PGlite's WebAssembly module and its file bundle. A worker runs many files
 * (ADR 0511), and each opens a database.
 */
type Start = { template: Blob; build: PgliteBuild };
let start: Promise<Start> | undefined;
function pgliteStart(): Promise<Start> {
  start ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const wasmModule = await WebAssembly.compile(readFileSync(path.join(dist, "pglite.wasm")));
    const fsBundle = new Blob([readFileSync(path.join(dist, "pglite.data"))]);
    return { template: new Blob([readFileSync(inject("pgliteTemplate"))]), build: { wasmModule, fsBundle } };
  })();
  return start;
}

/** An in-memory PGlite from the run's migrated template, whatever DATABASE_URL says. */
export async function openTestPglite(): Promise<DbHandle> {
  const { template, build } = await pgliteStart();
  // An empty URL counts as unset (server/env.mjs).
  return openDatabase({ url: "", pgliteDir: "memory://", pgliteFrom: template, pgliteBuild: build });
}

/**
 * A real database for one test file: the PostgreSQL server when DATABASE_URL is set,
 * else a fresh in-memory PGlite. Route handlers called in the file see the same one.
 */
export function useTestDb(): { readonly db: Db; readonly handle: DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    resetSigningKeyCache();
    handle = await openTestDatabase();
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
