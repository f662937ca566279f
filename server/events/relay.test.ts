import { type ChildProcess, spawn } from "node:child_process";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { relayStatusHandler as relayStatus } from "@/server/rest/routes/events";
import { type Db, execRows } from "@/db/client";
import { events } from "@/db/schema";
import { call } from "@/test/http";
import { uniq } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { emit } from "./emit";
import { ensureStream, publishEvent, streamConfig } from "./nats";
import { fetchUnpublished } from "./outbox";
import { publishBatch } from "./publish-batch";
import { RELAY_LEADER_LOCK } from "./relay-session";
import { getRelayStatus } from "./relay-status";
import { readStream } from "@/test/nats-server";
import {
  commitAccountEvents,
  commitOrgEvents,
  expectExactlyOnceInOrder,
  rowsOf,
  unpublishedAmong,
  useRelayNats,
  useRelayTestDb,
  waitFor,
  waitPublished,
} from "@/test/relay";
import { env } from "@/server/env.mjs";
import { testEnv } from "@/test/env.mjs";

// A relay publishes every unpublished row of its database: these tests get a database of
// their own (see useRelayTestDb) and run one after another, each on its own stream.
const t = useRelayTestDb();
// EVENTS_TEST_OUTAGE_SECONDS=180 replays the outage test with NATS down for minutes.
const OUTAGE_MS = testEnv.EVENTS_TEST_OUTAGE_SECONDS * 1000;
const h = useRelayNats(t);
const relay = h.relay;

describe("events relay to JetStream", () => {
  it("delivers every committed event exactly once as a CloudEvent, in order per account", async () => {
    const accounts = Array.from({ length: 12 }, () => uniq("A-"));
    // A backlog committed before the relay runs ...
    const before = (await Promise.all(accounts.map((a) => commitAccountEvents(t.db, a, 5, 2)))).flat();
    const r = relay("EVENTS").start();
    // ... and events committed while it runs, interleaved across accounts and organisations.
    const during = (
      await Promise.all([...accounts.map((a) => commitAccountEvents(t.db, a, 5, 1)), commitOrgEvents(t.db, 424242, 6)])
    ).flat();
    const ids = [...before, ...during];
    await waitPublished(t.db, ids, 20_000);

    const rows = await rowsOf(t.db, ids);
    const messages = await readStream(h.nc, "EVENTS");
    expectExactlyOnceInOrder(messages, rows);
    expect(rows.every((row) => row.publishedAt)).toBe(true);
    expect(r.stats).toMatchObject({ leader: true, duplicates: 0 });

    const row = rows.find((x) => x.accountNumber === accounts[0])!;
    const msg = messages.find((m) => m.headers["Nats-Msg-Id"] === row.id)!;
    expect(msg.subject).toBe("events.account.updated");
    expect(msg.headers).toMatchObject({
      "Event-Type": "account.updated",
      "Event-Version": "v1",
      "Event-Account": accounts[0],
      "Content-Type": "application/cloudevents+json; charset=utf-8",
    });
    expect(msg.body).toEqual({
      specversion: "1.0",
      id: row.id,
      source: "urn:kraken-migrate",
      type: "account.updated",
      time: row.occurredAt.toISOString(),
      subject: accounts[0],
      datacontenttype: "application/json",
      dataversion: "v1",
      data: row.payload,
    });
    const orgMsg = messages.find((m) => m.headers["Nats-Msg-Id"] === during.at(-1))!;
    expect(orgMsg.subject).toBe("events.api_key.organisation.created");
    expect(orgMsg.body).not.toHaveProperty("subject");
    // Payload order within an account matches the order they were written in.
    const ns = messages
      .filter((m) => m.headers["Event-Account"] === accounts[3])
      .map((m) => (m.body.data as { changes: { n: number } }).changes.n);
    expect(ns).toEqual([...Array.from({ length: 10 }, (_, i) => i), ...Array.from({ length: 5 }, (_, i) => i)]);
    await r.stop();
  });

  it("never publishes the events of a rolled-back transaction", async () => {
    const account = uniq("A-");
    let rolledBack = "";
    await expect(
      t.db.transaction(async (tx) => {
        rolledBack = await emit(
          tx as unknown as Db,
          "account.occupied",
          "v1",
          { account_number: account },
          { accountNumber: account },
        );
        throw new Error("business rule failed after emitting");
      }),
    ).rejects.toThrow("business rule failed");
    let invalidTx = "";
    await expect(
      t.db.transaction(async (tx) => {
        invalidTx = await emit(
          tx as unknown as Db,
          "account.occupied",
          "v1",
          { account_number: account },
          { accountNumber: account },
        );
        await emit(tx as unknown as Db, "account.occupied", "v1", { account_number: 7 } as never, {
          accountNumber: account,
        });
      }),
    ).rejects.toThrow(/Invalid payload/);
    const committed = await commitAccountEvents(t.db, account, 2);
    const r = relay("ROLLBACK").start();
    await waitPublished(t.db, committed);
    const messages = await readStream(h.nc, "ROLLBACK");
    const seen = messages.map((m) => m.headers["Nats-Msg-Id"]);
    expect(seen).toEqual(expect.arrayContaining(committed));
    expect(seen).not.toContain(rolledBack);
    expect(seen).not.toContain(invalidTx);
    expect(await rowsOf(t.db, [rolledBack, invalidTx])).toEqual([]);
    await r.stop();
  });

  it(
    "keeps 1,000 events exactly once and in order when NATS dies mid-run and comes back",
    async () => {
      const accounts = Array.from({ length: 40 }, () => uniq("A-"));
      const r = relay("OUTAGE").start();
      const ids: string[] = [];
      let producing = true;
      let natsGone = () => {};
      const gone = new Promise<void>((res) => (natsGone = res));
      // 40 accounts x 25 events, 5 per transaction, trickling in while NATS goes away; the
      // last round waits until the relay has seen it go, so a backlog is left however fast
      // the relay drained the earlier rounds.
      const producer = (async () => {
        for (let round = 0; round < 5; round++) {
          if (round === 4) await gone;
          for (const a of accounts) ids.push(...(await commitAccountEvents(t.db, a, 1, 5)));
          await new Promise((res) => setTimeout(res, 150));
        }
        producing = false;
      })();
      await waitFor("some events to be published", async () => r.stats.published >= 200, 20_000, 5);
      await h.nats.kill();
      await waitFor("the relay to notice NATS is gone", async () => !r.stats.natsConnected, 10_000);
      natsGone();
      await new Promise((res) => setTimeout(res, OUTAGE_MS));
      await producer;
      expect(producing).toBe(false);
      const backlog = await unpublishedAmong(t.db, ids);
      expect(backlog).toBeGreaterThan(0);
      const down = await getRelayStatus(t.db, { stream: "OUTAGE" });
      expect(down.unpublished_count).toBeGreaterThanOrEqual(backlog);
      expect(down.oldest_unpublished_age_seconds).toBeGreaterThan(1);

      await h.nats.start();
      await waitPublished(t.db, ids, 30_000 + OUTAGE_MS);
      expect(ids).toHaveLength(1000);
      expectExactlyOnceInOrder(await readStream(h.nc, "OUTAGE"), await rowsOf(t.db, ids));
      await r.stop();
    },
    90_000 + OUTAGE_MS,
  );

  it("a crash between the ack and marking published gives consumers no second copy", async () => {
    const accounts = Array.from({ length: 5 }, () => uniq("A-"));
    const ids = (await Promise.all(accounts.map((a) => commitAccountEvents(t.db, a, 20)))).flat();
    // The crashed relay: it published everything and died before stamping a single row.
    const crashed = relay("CRASH");
    await ensureStream(h.nc, crashed.config);
    const unmarked = (await fetchUnpublished(t.db, { limit: 10_000, source: crashed.config.source })).filter((e) =>
      ids.includes(e.id),
    );
    const first = await publishBatch(unmarked, (e) => publishEvent(jetstream(h.nc), crashed.config, e));
    expect(first.acked.filter((a) => !a.ack.duplicate)).toHaveLength(100);
    expect(await unpublishedAmong(t.db, ids)).toBe(100);

    const restarted = relay("CRASH").start();
    await waitPublished(t.db, ids);
    expect(restarted.stats.duplicates).toBeGreaterThanOrEqual(100);
    expectExactlyOnceInOrder(await readStream(h.nc, "CRASH"), await rowsOf(t.db, ids));
    await restarted.stop();
  });

  it("two relay instances at once: one leads, the other takes over when it stops", async () => {
    const accounts = Array.from({ length: 20 }, () => uniq("A-"));
    const a = relay("PAIR").start();
    const b = relay("PAIR").start();
    await waitFor("a leader", async () => a.stats.leader || b.stats.leader);
    const ids: string[] = [];
    let leaderStopped = () => {};
    const stopped = new Promise<void>((res) => (leaderStopped = res));
    // The last two rounds wait for the leader to stop, so the standby has events to take
    // over however fast the leader drained the earlier ones.
    const producer = (async () => {
      for (let round = 0; round < 10; round++) {
        if (round === 8) await stopped;
        ids.push(...(await Promise.all(accounts.map((acc) => commitAccountEvents(t.db, acc, 1, 2)))).flat());
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    await waitFor("half to be published", async () => a.stats.published + b.stats.published >= 150, 20_000, 5);
    expect(a.stats.leader && b.stats.leader).toBe(false);
    const [leader, standby] = a.stats.leader ? [a, b] : [b, a];
    expect(standby.stats.published).toBe(0);
    await leader.stop();
    leaderStopped();
    await producer;
    await waitPublished(t.db, ids);
    expect(standby.stats.leader).toBe(true);
    expect(standby.stats.published).toBeGreaterThan(0);
    expectExactlyOnceInOrder(await readStream(h.nc, "PAIR"), await rowsOf(t.db, ids));
    await standby.stop();
  });

  it("stays exactly-once and in order even with two instances publishing at the same time", async () => {
    // Without the leader lock both relays publish the same rows concurrently: the per-account
    // chain plus Nats-Msg-Id dedup must still hold the contract.
    const accounts = Array.from({ length: 10 }, () => uniq("A-"));
    const a = relay("RACE", { leaderElection: false, batchSize: 50 }).start();
    const b = relay("RACE", { leaderElection: false, batchSize: 70 }).start();
    const ids = (await Promise.all(accounts.map((acc) => commitAccountEvents(t.db, acc, 30)))).flat();
    await waitPublished(t.db, ids);
    expect(a.stats.published).toBeGreaterThan(0);
    expect(b.stats.published).toBeGreaterThan(0);
    expectExactlyOnceInOrder(await readStream(h.nc, "RACE"), await rowsOf(t.db, ids));
    await Promise.all([a.stop(), b.stop()]);
  });

  it("reports its lag: GET /v1/events/relay-status/ answers 503 while behind and 200 once caught up", async () => {
    const account = uniq("A-");
    const [mine, theirs] = [await makeOrg(t.db), await makeOrg(t.db)];
    const ids = await commitAccountEvents(t.db, account, 3, 1, mine.id);
    const others = await commitAccountEvents(t.db, uniq("A-"), 2, 1, theirs.id);
    // Backdated, with the organisations' own creation events (earlier in the log).
    await t.db
      .update(events)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(inArray(events.organisationId, [mine.id, theirs.id]));
    vi.stubEnv("NATS_URL", h.nats.url);
    vi.stubEnv("EVENTS_STREAM", "STATUS");
    try {
      // Without credentials: whether the relay keeps up, nothing counted or named (issue 37 item 7).
      const behind = await call(relayStatus, "/v1/events/relay-status/");
      expect(behind.status).toBe(503);
      expect(behind.json).toMatchObject({
        stream: "STATUS",
        relay_configured: true,
        healthy: false,
        max_lag_seconds: 60,
      });
      expect(behind.json.oldest_unpublished_age_seconds).toBeGreaterThanOrEqual(299);
      expect(behind.json).toMatchObject({
        unpublished_count: null,
        oldest_unpublished: null,
        published_total: null,
        last_error: null,
      });
      expect(JSON.stringify(behind.json)).not.toContain(account);
      // With an organisation's key: its own waiting events, in full, and none of another's.
      const own = await call(relayStatus, "/v1/events/relay-status/", { auth: `Token ${mine.apiKey}` });
      expect(own.status).toBe(503);
      const created = async (org: { id: number }) =>
        (
          await t.db
            .select({ id: events.id })
            .from(events)
            .where(inArray(events.organisationId, [org.id]))
        ).length;
      const [mineCount, theirsCount] = [await created(mine), await created(theirs)];
      expect(own.json.unpublished_count).toBe(mineCount);
      expect(own.json.oldest_unpublished).toMatchObject({ attempts: 0 });
      expect(own.json.oldest_unpublished.id).not.toBe(others[0]);
      expect(
        (await call(relayStatus, "/v1/events/relay-status/", { auth: `Token ${theirs.apiKey}` })).json
          .unpublished_count,
      ).toBe(theirsCount);
      expect(theirsCount).toBeGreaterThanOrEqual(2);
      // A key sent and refused is a 401, not an anonymous answer.
      expect((await call(relayStatus, "/v1/events/relay-status/", { auth: "Token sk_live_not-a-key" })).status).toBe(
        401,
      );

      const r = relay("STATUS").start();
      await waitPublished(t.db, [...ids, ...others]);
      await waitFor(
        "the organisations' own events published",
        async () =>
          (await call(relayStatus, "/v1/events/relay-status/", { auth: `Token ${mine.apiKey}` })).json
            .unpublished_count === 0,
      );
      const caughtUp = await waitFor("a healthy status", async () => {
        const res = await call(relayStatus, "/v1/events/relay-status/", { auth: `Token ${mine.apiKey}` });
        return res.status === 200 && res;
      });
      expect(caughtUp.json).toMatchObject({
        healthy: true,
        unpublished_count: 0,
        oldest_unpublished: null,
        leader: { instance: r.config.instanceId, nats_connected: true },
      });
      expect(caughtUp.json.published_total).toBeGreaterThanOrEqual(5);
      expect(Date.parse(caughtUp.json.last_publish_at)).toBeGreaterThan(Date.now() - 60_000);
      await r.stop();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("an event JetStream refuses holds back only the later events of its own account", async () => {
    const [stuck, free] = [uniq("A-"), uniq("A-")];
    const r0 = relay("POISON");
    const jsm = await jetstreamManager(h.nc);
    await jsm.streams.add({ ...streamConfig(r0.config), max_msg_size: 4096 });
    const emitOne = (account: string, changes: Record<string, unknown>) =>
      t.db.transaction((tx) =>
        emit(
          tx as unknown as Db,
          "account.updated",
          "v1",
          { account_number: account, account_user_emails: [], changes },
          { accountNumber: account },
        ),
      );
    const before = await emitOne(stuck, { n: 0 });
    const tooBig = await emitOne(stuck, { n: 1, blob: "x".repeat(8000) });
    const after = await emitOne(stuck, { n: 2 });
    const others = await commitAccountEvents(t.db, free, 3);
    const r = r0.start();
    await waitPublished(t.db, [before, ...others]);
    await waitFor("the refusal to be recorded", async () => (await rowsOf(t.db, [tooBig]))[0].attempts >= 2);
    let seen = (await readStream(h.nc, "POISON")).map((m) => m.headers["Nats-Msg-Id"]);
    expect(seen).toEqual(expect.arrayContaining([before, ...others]));
    expect(seen).not.toContain(tooBig);
    expect(seen).not.toContain(after);
    const [refused, held] = await rowsOf(t.db, [tooBig, after]).then((rows) => [
      rows.find((x) => x.id === tooBig)!,
      rows.find((x) => x.id === after)!,
    ]);
    expect(refused).toMatchObject({ publishedAt: null, lastError: expect.stringMatching(/size/i) });
    expect(held).toMatchObject({ publishedAt: null, attempts: 0 });

    // Once the stream accepts it, the account resumes in order.
    await jsm.streams.update("POISON", { max_msg_size: -1 });
    await waitPublished(t.db, [tooBig, after]);
    seen = (await readStream(h.nc, "POISON")).map((m) => m.headers["Nats-Msg-Id"]);
    expect(seen.filter((id) => [before, tooBig, after].includes(id))).toEqual([before, tooBig, after]);
    await r.stop();
  });

  it.skipIf(!env.DATABASE_URL)(
    "`npm run relay` killed with SIGKILL again and again still yields every event once, in order",
    async () => {
      const accounts = Array.from({ length: 25 }, () => uniq("A-"));
      const env = {
        ...process.env,
        DATABASE_URL: t.url,
        NATS_URL: h.nats.url,
        EVENTS_STREAM: "KILLED",
        EVENTS_SUBJECT_PREFIX: "killed.events",
        LOG_LEVEL: "silent",
        EVENTS_RELAY_BATCH_SIZE: "50",
      };
      const children = new Set<ChildProcess>();
      const spawnRelay = () => {
        const child = spawn(process.execPath, ["--import", "tsx", "server/events/relay-main.ts"], {
          env,
          stdio: "ignore",
        });
        children.add(child);
        child.once("exit", () => children.delete(child));
        return child;
      };
      const ids: string[] = [];
      let produced = false;
      const producer = (async () => {
        for (let round = 0; round < 20; round++) {
          ids.push(...(await Promise.all(accounts.map((a) => commitAccountEvents(t.db, a, 1, 2)))).flat());
          await new Promise((res) => setTimeout(res, 150));
        }
        produced = true;
      })();
      const published = async () => ids.length - (await unpublishedAmong(t.db, ids));
      try {
        for (let kill = 0; kill < 4; kill++) {
          const child = spawnRelay();
          const from = await published();
          // Kill it mid-stream: once it has published a few more, after a varying pause.
          // (A relay may drain everything before the producer is done: then there is no more to wait for.)
          await waitFor(
            "the relay process to make progress",
            async () => (await published()) >= (produced ? Math.min(from + 30, ids.length) : from + 30),
            60_000,
            10,
          );
          await new Promise((res) => setTimeout(res, 20 + kill * 37));
          const exited = new Promise((res) => child.once("exit", res));
          child.kill("SIGKILL");
          await exited;
        }
        await producer;
        spawnRelay();
        await waitPublished(t.db, ids, 60_000);
      } finally {
        // Never leave a relay process behind, whatever failed above.
        for (const child of children) child.kill("SIGKILL");
      }
      expect(ids).toHaveLength(1000);
      expectExactlyOnceInOrder(await readStream(h.nc, "KILLED"), await rowsOf(t.db, ids));
    },
    300_000,
  );

  it.skipIf(!env.DATABASE_URL)(
    "the lead lives in PostgreSQL: terminating the leader's session hands it over without loss",
    async () => {
      const accounts = Array.from({ length: 10 }, () => uniq("A-"));
      const a = relay("HANDOVER").start();
      const b = relay("HANDOVER").start();
      await waitFor("a leader", async () => a.stats.leader || b.stats.leader);
      const first = (await Promise.all(accounts.map((acc) => commitAccountEvents(t.db, acc, 5)))).flat();
      await waitPublished(t.db, first);
      const holder = () =>
        execRows<{ pid: number }>(
          t.db,
          sql`select pid from pg_locks where locktype = 'advisory' and granted and classid = ${RELAY_LEADER_LOCK}::int4::oid and objid = hashtext('HANDOVER')::oid`,
        );
      const [before] = await holder();
      expect(before).toBeDefined();
      await execRows(t.db, sql`select pg_terminate_backend(${before.pid})`);
      const second = (await Promise.all(accounts.map((acc) => commitAccountEvents(t.db, acc, 5)))).flat();
      await waitPublished(t.db, second);
      const [after] = await waitFor("a new lock holder", async () => {
        const rows = await holder();
        return rows.length === 1 && rows[0].pid !== before.pid && rows;
      });
      expect(after.pid).not.toBe(before.pid);
      await waitFor("exactly one leader", async () => a.stats.leader !== b.stats.leader);
      expectExactlyOnceInOrder(await readStream(h.nc, "HANDOVER"), await rowsOf(t.db, [...first, ...second]));
      await Promise.all([a.stop(), b.stop()]);
    },
  );
});
