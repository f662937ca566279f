import { afterEach, describe, expect, it, vi } from "vitest";
import { type Db, setDbHandle } from "@/db/client";
import { useTestDb } from "@/test/db";
import { GET } from "./route";

const t = useTestDb();

describe("GET /healthz/ready", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    setDbHandle(t.handle);
  });

  it("is 200 when the database answers, and says whether NATS is in use", async () => {
    vi.stubEnv("NATS_URL", "");
    const res = await GET();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: { ok: true }, nats: { configured: false } });
  });

  it("reports NATS as not connected when no relay leader has reached it", async () => {
    vi.stubEnv("NATS_URL", "nats://127.0.0.1:1");
    vi.stubEnv("EVENTS_STREAM", "NO_SUCH_STREAM");
    const body = await (await GET()).json();
    expect(body.nats).toEqual({ configured: true, connected: false, relay_leader_alive: false });
  });

  it("is 503 when the database does not answer, without saying where it is", async () => {
    const down = { execute: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")) } as unknown as Db;
    setDbHandle({
      db: down,
      kind: "postgres",
      url: "postgres://x",
      listen: () => async () => {},
      close: async () => {},
    });
    const res = await GET();
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: "unavailable", database: { ok: false } });
    expect(text).not.toContain("10.0.0.5");
  });

  it("answers 503 once 1.5 s have passed in all, though each step alone was quicker", async () => {
    vi.useFakeTimers();
    try {
      vi.stubEnv("NATS_URL", "nats://127.0.0.1:1");
      const resolveAfter = <T>(ms: number, value: T) =>
        new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
      const slow = {
        execute: () => resolveAfter(1000, []),
        select: () => ({ from: () => ({ where: () => resolveAfter(1000, []) }) }),
      } as unknown as Db;
      setDbHandle({
        db: slow,
        kind: "postgres",
        url: "postgres://x",
        listen: () => async () => {},
        close: async () => {},
      });
      let answer: Response | undefined;
      void GET().then((r) => (answer = r));
      await vi.advanceTimersByTimeAsync(1500);
      expect(answer?.status).toBe(503);
      expect(answer?.headers.get("retry-after")).toBe("5");
    } finally {
      vi.useRealTimers();
    }
  });
});
