import { DiscardPolicy, jetstreamManager } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { uniq } from "@/test/db";
import { emitMany, type PendingEvent, pending } from "./emit";
import { streamConfig } from "./nats";
import type { Acked, RelayMessage } from "./publish-batch";
import { getRelayStatus } from "./relay-status";
import { readStream, type StreamMessage } from "@/test/nats-server";
import { expectExactlyOnceInOrder, rowsOf, useRelayNats, useRelayTestDb, waitFor, waitPublished } from "@/test/relay";
import { deliveredId } from "./versions";

// Rows stored in a newer version and delivered in older, derived ones too (ADR 0007).
const t = useRelayTestDb();
const h = useRelayNats(t, { backoffMaxMs: 300 });
const relay = h.relay;

const posted = (account: string, n: number) =>
  pending(
    "billing.ledger.entry_posted",
    "v2",
    {
      ledger: { account: { number: account }, number: `L-${account}` },
      entry: {
        id: n,
        is_charge: true,
        is_credit: false,
        is_payment: false,
        is_repayment: false,
        is_reversal: false,
        is_reversed: false,
        source_id: n,
        source_type: "data_import.transaction",
      },
    },
    { accountNumber: account, organisationId: 1 },
  );
const updated = (account: string, n: number) =>
  pending(
    "account.updated",
    "v1",
    { account_number: account, account_user_emails: [], changes: { n } },
    { accountNumber: account, organisationId: 1 },
  );
const occupied = (account: string) =>
  pending("account.occupied", "v1", { account_number: account }, { accountNumber: account, organisationId: 1 });

/** Commits each event in a transaction of its own, in the order given. */
async function commit(...batch: PendingEvent[]): Promise<string[]> {
  const ids: string[] = [];
  for (const e of batch) ids.push(...(await t.db.transaction((tx) => emitMany(tx as unknown as Db, [e]))));
  return ids;
}

const idAndVersion = (m: StreamMessage) => `${m.headers["Nats-Msg-Id"]} ${m.headers["Event-Version"]}`;
const ofAccount = (messages: StreamMessage[], account: string) =>
  messages.filter((m) => m.headers["Event-Account"] === account);

describe("events relay: derived versions", () => {
  it("delivers a stored billing.ledger.entry_posted v2 row as v2 and then its derived v1, and stamps it once", async () => {
    const [a, b] = [uniq("A-"), uniq("A-")];
    const [before, p1, p2, after, other] = await commit(
      updated(a, 0),
      posted(a, 1),
      posted(a, 2),
      updated(a, 1),
      posted(b, 7),
    );
    const acked: Acked<RelayMessage>[] = [];
    const r = relay("DERIVED", { onPublished: (items) => acked.push(...items) }).start();
    const ids = [before, p1, p2, after, other];
    await waitPublished(t.db, ids);

    const rows = await rowsOf(t.db, ids);
    const row = (id: string) => rows.find((x) => x.id === id)!;
    const v1 = (id: string) => deliveredId(id, "v2", "v1");
    const messages = await readStream(h.nc, "DERIVED");
    expect(messages).toHaveLength(8);
    expectExactlyOnceInOrder(messages, rows);
    // Each derived message right after its stored one, on the account's chain.
    expect(ofAccount(messages, a).map(idAndVersion)).toEqual([
      `${before} v1`,
      `${p1} v2`,
      `${v1(p1)} v1`,
      `${p2} v2`,
      `${v1(p2)} v1`,
      `${after} v1`,
    ]);
    expect(ofAccount(messages, b).map(idAndVersion)).toEqual([`${other} v2`, `${v1(other)} v1`]);

    const [stored, derived] = messages.filter((m) => [p1, v1(p1)].includes(m.headers["Nats-Msg-Id"]));
    const common = {
      specversion: "1.0",
      source: "urn:kraken-migrate",
      type: "billing.ledger.entry_posted",
      time: row(p1).occurredAt.toISOString(),
      subject: a,
      datacontenttype: "application/json",
    };
    expect(stored.subject).toBe("derived.events.billing.ledger.entry_posted");
    expect(stored.headers).toMatchObject({
      "Event-Type": "billing.ledger.entry_posted",
      "Event-Version": "v2",
      "Event-Account": a,
    });
    expect(stored.body).toEqual({ ...common, id: p1, dataversion: "v2", data: row(p1).payload });
    expect(derived.subject).toBe("derived.events.billing.ledger.entry_posted");
    expect(derived.headers).toMatchObject({
      "Event-Type": "billing.ledger.entry_posted",
      "Event-Version": "v1",
      "Event-Account": a,
    });
    expect(derived.body).toEqual({
      ...common,
      id: v1(p1),
      dataversion: "v1",
      data: { ledger: { account: { number: a }, number: `L-${a}` } },
    });

    expect(rows.every((x) => x.publishedAt && x.attempts === 0)).toBe(true);
    // Stats count messages; the status counts rows.
    expect(r.stats).toMatchObject({ published: 8, duplicates: 0, failedPublishes: 0 });
    expect((await getRelayStatus(t.db, { stream: "DERIVED" })).published_total).toBe(5);
    // onPublished: one item per message, carrying the row's id and seq.
    expect(acked.map((x) => x.event.id).sort()).toEqual(messages.map((m) => m.headers["Nats-Msg-Id"]).sort());
    expect(acked.find((x) => x.event.id === v1(p1))?.event).toMatchObject({
      rowId: p1,
      seq: row(p1).seq,
      version: "v1",
    });
    expect(acked.find((x) => x.event.id === p1)?.event).toMatchObject({ rowId: p1, seq: row(p1).seq, version: "v2" });
    await r.stop();
  });

  it("leaves a row unpublished while its derived message is refused, and a retry adds no second stored copy", async () => {
    const [stuck, free] = [uniq("A-"), uniq("A-")];
    // One message per subject, new ones refused: the v2 goes in, its derived v1 (same subject) is refused.
    const r0 = relay("PARTIAL");
    const jsm = await jetstreamManager(h.nc);
    await jsm.streams.add({
      ...streamConfig(r0.config),
      max_msgs_per_subject: 1,
      discard: DiscardPolicy.New,
      discard_new_per_subject: true,
    });
    const [before, ledgerRow, after, other] = await commit(
      occupied(stuck),
      posted(stuck, 1),
      updated(stuck, 1),
      updated(free, 1),
    );
    const derivedId = deliveredId(ledgerRow, "v2", "v1");
    const r = r0.start();
    await waitPublished(t.db, [before, other]);
    await waitFor("the refusal to be recorded", async () => (await rowsOf(t.db, [ledgerRow]))[0].attempts >= 2);

    const [refused, held] = await rowsOf(t.db, [ledgerRow, after]).then((rows) => [
      rows.find((x) => x.id === ledgerRow)!,
      rows.find((x) => x.id === after)!,
    ]);
    expect(refused).toMatchObject({
      publishedAt: null,
      lastError: expect.stringMatching(/maximum messages per subject/i),
    });
    expect(held).toMatchObject({ publishedAt: null, attempts: 0 });
    const status = await getRelayStatus(t.db, { stream: "PARTIAL" });
    expect(status.oldest_unpublished).toMatchObject({
      id: ledgerRow,
      version: "v2",
      last_error: expect.stringMatching(/per subject/i),
    });
    // Every retry re-sent the v2: JetStream kept one copy and still has no v1.
    let seen = (await readStream(h.nc, "PARTIAL")).map(idAndVersion);
    expect(seen.filter((s) => s === `${ledgerRow} v2`)).toHaveLength(1);
    expect(seen).not.toContain(`${derivedId} v1`);
    expect(seen.some((s) => s.startsWith(after))).toBe(false);

    await jsm.streams.update("PARTIAL", {
      max_msgs_per_subject: -1,
      discard_new_per_subject: false,
      discard: DiscardPolicy.Old,
    });
    await waitPublished(t.db, [ledgerRow, after]);
    const messages = await readStream(h.nc, "PARTIAL");
    seen = messages.map(idAndVersion);
    expect(seen.filter((s) => s.startsWith(ledgerRow) || s.startsWith(derivedId))).toEqual([
      `${ledgerRow} v2`,
      `${derivedId} v1`,
    ]);
    expect(ofAccount(messages, stuck).map(idAndVersion)).toEqual([
      `${before} v1`,
      `${ledgerRow} v2`,
      `${derivedId} v1`,
      `${after} v1`,
    ]);
    expectExactlyOnceInOrder(messages, await rowsOf(t.db, [before, ledgerRow, after, other]));
    // The completing round re-sent the v2, which JetStream reported as a duplicate.
    expect(r.stats).toMatchObject({ published: 5, duplicates: 1 });
    expect(r.stats.failedPublishes).toBeGreaterThanOrEqual(2);
    await r.stop();
  });
});
