import { randomUUID } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { events } from "@/db/schema";
import { codeOf, consoleWorld } from "@/test/factories";
import { markPublished } from "@/server/events/outbox";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount } from "@/test/factories";
import { EVENT_TOTAL_CAP } from "./list-events";

const t = useTestDb();

async function addEvents(accountNumber: string, organisationId: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    type: "account.note.added",
    version: "v1",
    accountNumber,
    organisationId,
    payload: { i },
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(events).values(rows.slice(i, i + 500));
}

describe("an account's events, as its Events tab pages them", () => {
  it("counts them all on the first page and pages back to account.created", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    await addEvents(acc.accountNumber, w.org.id, 202);
    const input = { accountNumber: acc.accountNumber, limit: 50, withTotal: true };
    const first = await w.support.event.list(input);
    expect(first).toMatchObject({ total: 206, totalCapped: false });
    expect(first.items).toHaveLength(50);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await w.support.event.list({ ...input, cursor });
      expect(page.total).toBeNull();
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(206);
    expect(seen[seen.length - 1].type).toBe("account.created");
    expect((await w.outsider.event.list(input)).total).toBe(0);
  });

  it("stops counting at the cap and says so", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    await addEvents(acc.accountNumber, w.org.id, EVENT_TOTAL_CAP);
    expect(await w.support.event.list({ accountNumber: acc.accountNumber, limit: 1, withTotal: true })).toMatchObject({
      total: EVENT_TOTAL_CAP,
      totalCapped: true,
    });
  });

  it("leaves the total out unless asked (the event log does not count)", async () => {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    expect(await w.support.event.list({ accountNumber: acc.accountNumber })).toMatchObject({
      total: null,
      totalCapped: false,
    });
  });
});

describe("a fan-out row's events (one outbox row per transactions request, ADR 0303)", () => {
  async function withFanout(n: number) {
    const w = await consoleWorld(t.db);
    const acc = await makeImportedAccount(w.org, w.supplier.code);
    await addEvents(acc.accountNumber, w.org.id, 2);
    const rowId = uuidv7();
    const shared = {
      ledger: { account: { number: acc.accountNumber }, number: `L-${acc.accountNumber.slice(2)}` },
      entry: { source_type: "data_import.transaction" },
    };
    const ids = Array.from({ length: n }, (_, i) => 9000 + i);
    await t.db.insert(events).values({
      id: rowId,
      type: "billing.ledger.entry_posted",
      version: "v2",
      payload: shared,
      accountNumber: acc.accountNumber,
      organisationId: w.org.id,
      fanoutIds: ids,
      fanoutKinds: ids.map((_, i) => (i % 2 ? "CREDIT" : "CHARGE")),
    });
    await addEvents(acc.accountNumber, w.org.id, 1);
    return { w, acc, ids };
  }

  it("are listed one by one, newest first, paged across the row without gaps or repeats, and counted", async () => {
    const { w, acc, ids } = await withFanout(7);
    const input = { accountNumber: acc.accountNumber, limit: 3, withTotal: true };
    const first = await w.support.event.list(input);
    expect(first.total).toBe(4 + 2 + 7 + 1); // account import events, 2 notes, 7 entries, 1 note
    const seen = [...first.items];
    for (let cursor = first.nextCursor; cursor; ) {
      const page = await w.support.event.list({ ...input, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(first.total!);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    const entries = seen.filter((e) => e.type === "billing.ledger.entry_posted");
    expect(entries.map((e) => (e.payload.entry as { id: number }).id)).toEqual([...ids].reverse());
    expect(entries.map((e) => e.part)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(entries.every((e) => e.derivedVersions.join() === "v1" && e.parts === 7)).toBe(true);
    // The type filter and the delivery filter see events too.
    const filtered = await w.support.event.list({
      typePrefix: "billing.ledger",
      delivery: "pending",
      limit: 200,
      withTotal: true,
    });
    expect([filtered.items.length, filtered.total]).toEqual([7, 7]);
  });

  it("are looked up by their own ids; a made-up id of the same shape, or another organisation, finds nothing", async () => {
    const { w, acc, ids } = await withFanout(3);
    const listed = (await w.support.event.list({ accountNumber: acc.accountNumber, typePrefix: "billing.ledger" }))
      .items;
    for (const e of listed) {
      const one = await w.support.event.get({ id: e.id });
      expect(one).toMatchObject({
        id: e.id,
        seq: e.seq,
        part: e.part,
        parts: 3,
        payload: e.payload,
        derivedVersions: ["v1"],
      });
      expect(one.envelopes.map((x) => [x.dataversion, x.data])).toEqual([
        ["v2", e.payload],
        ["v1", { ledger: e.payload.ledger }],
      ]);
      expect(one.envelopes[0].id).toBe(e.id);
    }
    expect(listed.map((e) => (e.payload.entry as { id: number }).id)).toEqual([...ids].reverse());
    const id = listed[0].id;
    const beyond = `${id.slice(0, 15)}f${id.slice(16)}`; // place 0xff.. of a 3-event row
    const otherTail = `${id.slice(0, 24)}${id.slice(24).split("").reverse().join("")}`;
    for (const forged of [beyond, otherTail])
      expect(await codeOf(w.support.event.get({ id: forged }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.event.get({ id }))).toBe("NOT_FOUND");
  });
});

describe("the event log filtered by a type prefix (each type's newest rows merged, ADR 0020)", () => {
  it("pages several interleaved types newest first, without gaps or repeats, and only the organisation's own", async () => {
    const w = await consoleWorld(t.db);
    const types = ["account.updated", "agreement.created", "account.occupied", "accountXupdated", "account.created"];
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: randomUUID(),
      type: types[i % types.length],
      version: "v1",
      accountNumber: "A-0000ABCD",
      organisationId: w.org.id,
      payload: { i },
    }));
    await t.db.insert(events).values(rows);
    await t.db.insert(events).values({
      id: randomUUID(),
      type: "account.updated",
      version: "v1",
      accountNumber: "A-0000ABCD",
      organisationId: w.other.id,
      payload: {},
    });
    const all = (await w.support.event.list({ limit: 200 })).items.filter(
      (e) => e.type.startsWith("account.") && rows.some((r) => r.id === e.id),
    );
    expect(all).toHaveLength(14); // 5 account.updated, 5 account.occupied, 4 account.created: not agreement.*, not accountXupdated
    const first = await w.support.event.list({ typePrefix: "account.", limit: 4, withTotal: true });
    const seen = [...first.items];
    for (let cursor = first.nextCursor; cursor; ) {
      const page = await w.support.event.list({ typePrefix: "account.", limit: 4, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    const ours = seen.filter((e) => rows.some((r) => r.id === e.id));
    expect(ours.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(seen.map((e) => e.seq)).toEqual([...seen.map((e) => e.seq)].sort((a, b) => b - a));
    expect(first.total).toBe(seen.length);
    expect((await w.support.event.list({ typePrefix: "account.o" })).items.map((e) => e.type)).toEqual(
      Array(5).fill("account.occupied"),
    );
    expect((await w.support.event.list({ typePrefix: "accountX" })).items.map((e) => e.type)).toEqual(
      Array(4).fill("accountXupdated"),
    );
    expect((await w.outsider.event.list({ typePrefix: "account.updated" })).items).toHaveLength(1);
  });
});

describe("the event log filtered by a time range (paged on the organisation's time index, ADR 0020)", () => {
  it("lists the range's events newest first by occurred time, back-dated ones in their place, and pages through them; a longer range lists the same", async () => {
    const w = await consoleWorld(t.db);
    const day = 86_400_000;
    const base = Date.UTC(2025, 5, 1);
    // Occurred times out of sequence order: every third event is back-dated by two days.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      type: "account.updated",
      version: "v1",
      accountNumber: "A-0000BCDE",
      organisationId: w.org.id,
      payload: { i },
      occurredAt: new Date(base + i * 3_600_000 * 6 - (i % 3 === 0 ? 2 * day : 0)),
    }));
    for (const r of rows) await t.db.insert(events).values(r);
    await t.db.insert(events).values({ ...rows[10], id: randomUUID(), organisationId: w.other.id });
    const from = new Date(base + day);
    const to = new Date(base + 5 * day);
    const expected = rows
      .map((r, i) => ({ ...r, i }))
      .filter((r) => r.occurredAt >= from && r.occurredAt < to)
      .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.i - a.i)
      .map((r) => r.id);
    expect(expected).not.toEqual(
      rows
        .filter((r) => r.occurredAt >= from && r.occurredAt < to)
        .reverse()
        .map((r) => r.id),
    );
    expect(expected.length).toBeGreaterThan(8);
    const seen: string[] = [];
    for (let cursor: string | null | undefined = undefined; ; ) {
      const page = await w.support.event.list({ from, to, limit: 4, cursor });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
    const wide = await w.support.event.list({ from: new Date(base - 60 * day), to, limit: 200 });
    expect(wide.items.filter((e) => e.occurredAt >= from).map((e) => e.id)).toEqual(expected);
    expect((await w.outsider.event.list({ from, to })).items).toHaveLength(1);
  });
});

describe("the event log's pending filter (read from event_pending, ADR 0020)", () => {
  it("lists old pending events below newer delivered ones, newest first, paged, with the type prefix too", async () => {
    const w = await consoleWorld(t.db);
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: randomUUID(),
      type: i % 2 ? "account.updated" : "agreement.created",
      version: "v1",
      accountNumber: "A-0000CDEF",
      organisationId: w.org.id,
      payload: { i },
    }));
    const seqs: number[] = [];
    for (const r of rows)
      seqs.push(Number((await t.db.insert(events).values(r).returning({ seq: events.seq }))[0].seq));
    // All but the first five delivered: the pending ones are the oldest.
    await markPublished(t.db, uniq("S"), { seqs: seqs.slice(5), lastSeq: seqs[11] });
    const seen: number[] = [];
    for (let cursor: string | null | undefined = undefined; ; ) {
      const page = await w.support.event.list({ delivery: "pending", limit: 2, cursor });
      seen.push(...page.items.filter((e) => rows.some((r) => r.id === e.id)).map((e) => e.seq));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(seqs.slice(0, 5).reverse());
    const typed = await w.support.event.list({ delivery: "pending", typePrefix: "account.", limit: 50 });
    expect(typed.items.filter((e) => rows.some((r) => r.id === e.id)).map((e) => e.seq)).toEqual([seqs[3], seqs[1]]);
    expect(
      (await w.outsider.event.list({ delivery: "pending" })).items.some((e) => rows.some((r) => r.id === e.id)),
    ).toBe(false);
  });
});
