import { afterAll, beforeAll } from "vitest";
import { type Db, type DbHandle, openDatabase, setDbHandle } from "@/db/client";
import { resetSigningKeyCache } from "@/server/auth/signing-key";

/**
 * A real database for one test file: the PostgreSQL server when DATABASE_URL is set,
 * else a fresh in-memory PGlite. Route handlers called in the file see the same one.
 */
export function useTestDb(): { readonly db: Db; readonly handle: DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    resetSigningKeyCache();
    handle = await openDatabase({ pgliteDir: "memory://" });
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
