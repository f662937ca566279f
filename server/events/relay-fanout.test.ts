import { describe, expect, it } from "vitest";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "@/db/client";
import { events } from "@/db/schema";
import { uniq } from "@/test/db";
import { emitMany, pending } from "./emit";
import { fanoutEventId } from "./fanout";
import type { Acked, RelayMessage } from "./publish-batch";
import { getRelayStatus } from "./relay-status";
import { readStream, type StreamMessage } from "@/test/nats-server";
import { rowsOf, useRelayNats, useRelayTestDb, waitPublished } from "@/test/relay";
import { deliveredId } from "./versions";

// One outbox row standing for an event per imported transaction (ADR 0303).
const t = useRelayTestDb();
const h = useRelayNats(t, { backoffMaxMs: 300 });

const updated = (account: string, n: number) =>
  pending(
    "account.updated",
    "v1",
    { account_number: account, account_user_emails: [], changes: { n } },
    { accountNumber: account, organisationId: 1 },
  );

async function commitUpdated(account: string, n: number) {
  return (await t.db.transaction((tx) => emitMany(tx as unknown as Db, [updated(account, n)])))[0];
}

/** A fan-out row as the transactions route writes it. */
async function commitFanout(account: string, ids: number[], kinds: string[]) {
  const id = uuidv7();
  const shared = {
    ledger: { account: { number: account }, number: `L-${account}` },
    entry: { source_type: "data_import.transaction" },
  };
  await t.db.insert(events).values({
    id,
    type: "billing.ledger.entry_posted",
    version: "v2",
    payload: shared,
    accountNumber: account,
    organisationId: 1,
    fanoutIds: ids,
    fanoutKinds: kinds,
  });
  return id;
}

const idAndVersion = (m: StreamMessage) => `${m.headers["Nats-Msg-Id"]} ${m.headers["Event-Version"]}`;

describe("events relay: fan-out rows", () => {
  it("publishes each event a row stands for, as v2 then v1, in order, and stamps the row once all are acked", async () => {
    const a = uniq("A-");
    const before = await commitUpdated(a, 0);
    const fan = await commitFanout(a, [501, 502, 507], ["CHARGE", "PAYMENT", "SUPPLY_CHARGE"]);
    const after = await commitUpdated(a, 1);
    expect((await getRelayStatus(t.db, { stream: "FANOUT" })).unpublished_count).toBe(5);
    const acked: Acked<RelayMessage>[] = [];
    // A batch smaller than the row's events still takes the whole row (at least one row a batch).
    const r = h.relay("FANOUT", { batchSize: 2, onPublished: (items) => acked.push(...items) }).start();
    await waitPublished(t.db, [before, fan, after]);

    const [row] = await rowsOf(t.db, [fan]);
    const ids = [0, 1, 2].map((part) => fanoutEventId(fan, row.seq, part));
    const messages = (await readStream(h.nc, "FANOUT")).filter((m) => m.headers["Event-Account"] === a);
    expect(messages.map(idAndVersion)).toEqual([
      `${before} v1`,
      ...ids.flatMap((id) => [`${id} v2`, `${deliveredId(id, "v2", "v1")} v1`]),
      `${after} v1`,
    ]);
    const v2 = messages.filter((m) => m.headers["Event-Version"] === "v2");
    expect(v2.map((m) => m.body.data)).toEqual(
      [501, 502, 507].map((id, i) => ({
        ledger: { account: { number: a }, number: `L-${a}` },
        entry: {
          id,
          is_charge: i !== 1,
          is_credit: false,
          is_payment: i === 1,
          is_repayment: false,
          is_reversal: false,
          is_reversed: false,
          source_id: id,
          source_type: "data_import.transaction",
        },
      })),
    );
    expect(v2.every((m) => m.body.time === row.occurredAt.toISOString() && m.body.subject === a)).toBe(true);
    expect(row.publishedAt).not.toBeNull();
    // Acks carry the row they came from; the status counts events.
    expect(
      acked
        .filter((x) => x.event.rowId === fan)
        .map((x) => x.event.id)
        .sort(),
    ).toEqual(
      messages
        .slice(1, 7)
        .map((m) => m.headers["Nats-Msg-Id"])
        .sort(),
    );
    const status = await getRelayStatus(t.db, { stream: "FANOUT" });
    expect(status.published_total).toBe(5);
    expect(status.unpublished_count).toBe(0);
    await r.stop();
  });
});
