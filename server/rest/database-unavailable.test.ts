import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, setDbHandle } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/errors";
import { productListHandler as products } from "@/server/rest/routes/public";
import { relayStatusHandler as relayStatus } from "@/server/rest/routes/events";
import { GET as ready } from "@/app/healthz/ready/route";
import { GET as live } from "@/app/healthz/route";
import { useTestDb } from "@/test/db";

const t = useTestDb();

describe("while the database cannot be reached", () => {
  afterEach(() => setDbHandle(t.handle));

  it("REST routes answer 503 service_unavailable with Retry-After, not a 500", async () => {
    // A real postgres-js pool pointed at a port nothing listens on: the driver's own error, through drizzle.
    const down = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", migrate: false });
    setDbHandle(down);
    try {
      for (const [route, path] of [
        [products, "/v1/products/"],
        [relayStatus, "/v1/events/relay-status/"],
      ] as const) {
        const res = await route(new Request(`http://localhost${path}`));
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        const body = await res.json();
        expect(body).toEqual({
          detail: expect.stringContaining("Send the same request again shortly"),
          code: "service_unavailable",
          errors: [],
        });
        expect(JSON.stringify(body)).not.toContain("127.0.0.1");
      }
    } finally {
      await down.close();
    }
  });

  it("readiness answers 503 with Retry-After at once, and liveness stays 200", async () => {
    const down = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", migrate: false });
    setDbHandle(down);
    try {
      const started = Date.now();
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toEqual({ status: "unavailable", database: { ok: false } });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(live().status).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe("isDatabaseUnavailable", () => {
  it("tells a database that is away from a statement that failed", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection"), { code: "57P01" })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("connection failure"), { code: "08006" })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("too many clients"), { code: "53300" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("syntax error"), { code: "42601" })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
