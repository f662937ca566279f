import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/errors";
import { boundedByDatabase } from "./database-wait";

/** A database whose handle reports `errors()` failed connection attempts (what a pool without a primary shows). */
const fakeDb = (errors: () => number) => Object.defineProperty({}, Symbol.for("kraken-migrate.db-handle"), { value: { connectErrors: errors } }) as Db;
const after = (ms: number, value = "done") => new Promise<string>((r) => setTimeout(() => r(value), ms));

describe("a request bounded while the database is away (ADR 0045)", () => {
  it("answers unavailable once it has waited DATABASE_UNAVAILABLE_WAIT_MS while connection attempts fail", async () => {
    let errors = 0;
    const timer = setInterval(() => errors++, 50);
    const t0 = performance.now();
    const err = await boundedByDatabase(fakeDb(() => errors), () => after(5000)).catch((e: unknown) => e);
    clearInterval(timer);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("never cuts a slow request while the pool connects fine", async () => {
    await expect(boundedByDatabase(fakeDb(() => 0), () => after(1300))).resolves.toBe("done");
  });
});
