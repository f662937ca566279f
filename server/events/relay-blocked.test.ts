import { jetstreamManager } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { uniq } from "@/test/db";
import { emit } from "./emit";
import { streamConfig } from "./nats";
import { readStream } from "@/test/nats-server";
import {
  commitAccountEvents,
  commitOrgEvents,
  expectExactlyOnceInOrder,
  rowsOf,
  useRelayNats,
  useRelayTestDb,
  waitFor,
  waitPublished,
} from "@/test/relay";

// A relay takes every unpublished row of its database: this file has its own (see useRelayTestDb).
const t = useRelayTestDb();
const h = useRelayNats(t, { backoffMaxMs: 200 });

describe("events relay: a refused event with a backlog behind it", () => {
  it("holds back only its own chain even when that chain's backlog is larger than a batch", async () => {
    const [stuck, free] = [uniq("A-"), uniq("A-")];
    const r0 = h.relay("BLOCKED", { batchSize: 5 });
    const jsm = await jetstreamManager(h.nc);
    await jsm.streams.add({ ...streamConfig(r0.config), max_msg_size: 4096 });
    const emitOne = (changes: Record<string, unknown>) =>
      t.db.transaction((tx) =>
        emit(
          tx as unknown as Db,
          "account.updated",
          "v1",
          { account_number: stuck, account_user_emails: [], changes },
          { accountNumber: stuck },
        ),
      );
    const before = await emitOne({ n: 0 });
    const tooBig = await emitOne({ n: 1, blob: "x".repeat(8000) });
    // More held events of the stuck account than a batch holds, all older than the others' events.
    const held = await commitAccountEvents(t.db, stuck, 12);
    const others = [...(await commitAccountEvents(t.db, free, 7)), ...(await commitOrgEvents(t.db, 737373, 3))];
    const r = r0.start();
    // Before the fix every batch was the refused row and four of its held followers: nothing else moved.
    await waitPublished(t.db, [before, ...others], 15_000);
    await waitFor("the refusal to be recorded", async () => (await rowsOf(t.db, [tooBig]))[0].attempts >= 2);
    const seen = (await readStream(h.nc, "BLOCKED")).map((m) => m.headers["Nats-Msg-Id"]);
    expect(seen).not.toContain(tooBig);
    expect(seen.filter((id) => held.includes(id))).toEqual([]);
    expect((await rowsOf(t.db, held)).every((row) => !row.publishedAt && row.attempts === 0)).toBe(true);

    // Once the stream accepts it, the stuck account resumes in order.
    await jsm.streams.update("BLOCKED", { max_msg_size: -1 });
    const all = [before, tooBig, ...held, ...others];
    await waitPublished(t.db, all, 15_000);
    expectExactlyOnceInOrder(await readStream(h.nc, "BLOCKED"), await rowsOf(t.db, all));
    await r.stop();
  }, 60_000);
});
