import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/errors";
import { boundedByDatabase } from "./database-wait";

type Pool = { connectErrors: number; open: number; connecting: number };
/** A database whose handle reports the pool `state()` (failed attempts, connections open and opening). */
const fakeDb = (state: () => Pool) =>
  Object.defineProperty({}, Symbol.for("kraken-migrate.db-handle"), { value: { pool: state } }) as Db;
const resolveAfter = (ms: number, value = "done") => new Promise<string>((r) => setTimeout(() => r(value), ms));

describe("a request bounded while the database is away (ADR 0045)", () => {
  it("answers unavailable once it has waited DATABASE_UNAVAILABLE_WAIT_MS while connection attempts fail", async () => {
    let errors = 0;
    const timer = setInterval(() => errors++, 50);
    const t0 = performance.now();
    const err = await boundedByDatabase(
      fakeDb(() => ({ connectErrors: errors, open: 1, connecting: 0 })),
      () => resolveAfter(5000),
    ).catch((e: unknown) => e);
    clearInterval(timer);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("and while the pool has nothing open and is still connecting (an attempt the server closes at start-up)", async () => {
    const err = await boundedByDatabase(
      fakeDb(() => ({ connectErrors: 0, open: 0, connecting: 2 })),
      () => resolveAfter(5000),
    ).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("never cuts a slow request while the pool is connected", async () => {
    await expect(
      boundedByDatabase(
        fakeDb(() => ({ connectErrors: 0, open: 3, connecting: 1 })),
        () => resolveAfter(1300),
      ),
    ).resolves.toBe("done");
  });
});
