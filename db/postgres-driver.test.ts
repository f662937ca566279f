import postgres from "postgres";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeSocket, fakePostgres } from "@/test/fake-postgres";

// postgres-js 3.4.9 as patched at install (patches/postgres+3.4.9.patch, ADR 0013): a connection
// whose socket closes must reconnect and never crash the process. No database: a fake server
// behind the driver's `socket` option, so every step happens in the same order on every run.

const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);
beforeEach(() => {
  uncaught.length = 0;
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
});
afterEach(() => {
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
});

type Options = postgres.Options<Record<string, never>>;

function client(fake: ReturnType<typeof fakePostgres>, extra: Options = {}) {
  // `socket` (a function returning the socket to use) is in the driver, not in its types.
  const options = {
    socket: () => fake.newSocket(),
    max: 1,
    ssl: false,
    fetch_types: false,
    connect_timeout: 1,
    backoff: () => 0,
    onnotice: () => {},
    ...extra,
  };
  return postgres(options as Options);
}

const turns = (n: number) => new Promise<void>((r) => (n <= 0 ? r() : setImmediate(() => turns(n - 1).then(r))));

describe("postgres-js after its socket closes", () => {
  it("reconnects a connection that closed with a small write still buffered", async () => {
    const fake = fakePostgres();
    let current: FakeSocket | undefined;
    // The socket closes after the driver buffered `select 'closes-mid-write'` (a small write waits
    // for setImmediate) and before it flushed: the moment 3.4.9 kept its timer handle and chunk.
    const sql = client(fake, {
      debug: (_id: number, text: string) =>
        text.includes("closes-mid-write") && queueMicrotask(() => current!.closeNow()),
    });
    try {
      await sql`select 1`;
      current = fake.sockets[0];
      await expect(sql`select 'closes-mid-write'`).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });

      const started = Date.now();
      await expect(sql`select 'after'`).resolves.toBeDefined();
      expect(Date.now() - started, "reconnected well inside connect_timeout").toBeLessThan(500);
      expect(fake.sockets).toHaveLength(2);
      expect(fake.sockets[1].started, "the new socket got the startup message").toBe(true);
      expect(fake.sockets[1].statements).toEqual(["select 'after'"]);
      expect(uncaught).toEqual([]);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it("a transaction whose backend dies rejects with CONNECTION_CLOSED, without an uncaught TypeError, and the pool reconnects", async () => {
    const fake = fakePostgres({ onStatement: (text, socket) => text.includes("backend-dies") && socket.drop() });
    const sql = client(fake);
    try {
      // The callback's failed query makes begin() send ROLLBACK on the connection that just
      // closed: 3.4.9 buffered it, then threw from setImmediate on the null socket and kept the
      // spent timer, so the next startup message was never sent (CONNECT_TIMEOUT forever).
      await expect(
        sql.begin(async (tx) => {
          await tx`select 1`;
          await tx`select 'backend-dies'`;
        }),
      ).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
      await turns(3);
      expect(uncaught).toEqual([]);

      for (let i = 0; i < 3; i++) await expect(sql`select 'after'`).resolves.toBeDefined();
      expect(fake.sockets).toHaveLength(2);
      expect(fake.sockets[1].statements, "prepared once on the new backend; no stray ROLLBACK").toEqual([
        "select 'after'",
      ]);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it("a peer that closes every startup without a word fails the waiting query after connect_timeout, then serves once it answers", async () => {
    let away = true;
    const fake = fakePostgres({ closeAtStartup: () => away });
    const sql = client(fake, { backoff: () => 0.02 });
    try {
      const started = Date.now();
      await expect(sql`select 'while away'`).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
      const waited = Date.now() - started;
      expect(waited, "bounded by connect_timeout (1 s)").toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(2000);
      expect(fake.sockets.length, "retried with the backoff, not in a tight loop").toBeLessThan(100);
      away = false;
      await expect(sql`select 'back'`).resolves.toBeDefined();
      expect(uncaught).toEqual([]);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it("a backend terminated while the driver reads its array types at connect: the waiting query runs on the next connection", async () => {
    let killed = false;
    const fake = fakePostgres({
      onStatement: (text, socket) =>
        text.includes("pg_catalog.pg_type") && !killed && ((killed = true), socket.terminate()),
    });
    const sql = client(fake, { fetch_types: true });
    try {
      // 3.4.9 kept the dead backend's 57P01 and failed the waiting query with it after
      // reconnecting, and left the array-types read to reject with no one listening.
      await expect(sql`select 'first'`).resolves.toBeDefined();
      expect(fake.sockets).toHaveLength(2);
      expect(fake.sockets[1].statements).toContain("select 'first'");
      await turns(3);
      expect(uncaught).toEqual([]);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it("work a dead transaction's callback sends later never runs on the reconnected backend", async () => {
    const fake = fakePostgres();
    const sql = client(fake);
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let reached!: () => void;
    const atPause = new Promise<void>((r) => (reached = r));
    let sent!: (late: Promise<unknown>) => void;
    const lateQuery = new Promise<Promise<unknown>>((r) => (sent = r));
    try {
      const tx = sql.begin(async (t) => {
        await t`select 'inside'`;
        reached();
        await paused; // e.g. waiting on a payment vendor while PostgreSQL restarts
        const late = t`insert into late values (1)`.then(
          () => "ran",
          (e: { code?: string }) => e.code,
        );
        sent(late);
        await late;
      });
      await atPause;
      fake.sockets[0].drop();
      await expect(tx).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });

      // The pool reuses the same connection object (max 1) for other work, then the old callback wakes.
      await sql`select 'other request'`;
      resume();
      expect(await await lateQuery).toBe("CONNECTION_CLOSED");
      const afterReconnect = fake.sockets.slice(1).flatMap((s) => s.statements);
      expect(afterReconnect).toEqual(["select 'other request'"]);
      expect(uncaught).toEqual([]);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });
});
