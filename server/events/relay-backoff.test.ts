import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { relayConfigFromEnv } from "./relay-config";
import { nextBackoffMs } from "./relay";

/** The waits (before jitter) after `n` failures in a row, each with `err`. */
function waits(err: unknown, n: number) {
  const config = relayConfigFromEnv({ natsUrl: "nats://127.0.0.1:4222" });
  const out: number[] = [];
  for (let i = 0, ms = 0; i < n; i++) out.push((ms = nextBackoffMs(ms, err, config)));
  return out;
}

describe("the relay's wait between retries", () => {
  it("stays at 1 s at most while PostgreSQL is unreachable, so the relay is back within a second of it", async () => {
    // What the driver really throws when nothing listens on the port.
    const sql = postgres("postgres://postgres@127.0.0.1:1/none", { max: 1, connect_timeout: 2, onnotice: () => {} });
    const refused = await sql`select 1`.then(
      () => null,
      (err: unknown) => err,
    );
    await sql.end({ timeout: 1 });
    expect(refused).toMatchObject({ code: "ECONNREFUSED" });
    // As drizzle hands it on: wrapped in a query error.
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: refused });
    expect(waits(wrapped, 10)).toEqual([100, 200, 400, 800, 1000, 1000, 1000, 1000, 1000, 1000]);
    expect(waits(Object.assign(new Error("the database system is starting up"), { code: "57P03" }), 6).at(-1)).toBe(
      1000,
    );
  });

  it("keeps doubling up to 30 s for anything else (NATS refusing or timing out publishes)", () => {
    expect(waits(new Error("TimeoutError: timeout"), 12)).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000, 30_000,
    ]);
    expect(waits(undefined, 3)).toEqual([100, 200, 400]);
  });
});
