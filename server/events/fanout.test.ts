import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { eventCount, expandRow, fanoutEventId, isFanoutEventOf, parseFanoutEventId } from "./fanout";
import { parseEventPayload } from "./registry";

const shared = {
  ledger: { account: { number: "A-1234ABCD" }, number: "L-1234ABCD" },
  entry: { source_type: "data_import.transaction" },
};
const row = (fanout: boolean) => ({
  id: uuidv7(),
  seq: 4_000_000_123,
  type: "billing.ledger.entry_posted",
  version: "v2",
  occurredAt: new Date("2026-11-21T10:00:00Z"),
  accountNumber: "A-1234ABCD",
  organisationId: 7,
  payload: (fanout ? shared : { any: "payload" }) as Record<string, unknown>,
  fanoutIds: fanout ? [901, 902, 905] : null,
  fanoutKinds: fanout ? ["CHARGE", "PAYMENT", "SUPPLY_CHARGE"] : null,
});

describe("fan-out rows (ADR 0303)", () => {
  it("stand for one event per listed transaction, with the payload a row per transaction had", () => {
    const r = row(true);
    const events = expandRow(r);
    expect(eventCount(r)).toBe(3);
    expect(events.map((e) => [e.part, e.parts, e.rowId, e.seq, e.accountNumber, e.organisationId])).toEqual(
      [0, 1, 2].map((i) => [i, 3, r.id, r.seq, r.accountNumber, 7]),
    );
    expect(events[2].payload).toEqual({
      ledger: shared.ledger,
      entry: {
        id: 905,
        is_charge: true,
        is_credit: false,
        is_payment: false,
        is_repayment: false,
        is_reversal: false,
        is_reversed: false,
        source_id: 905,
        source_type: "data_import.transaction",
      },
    });
    expect(events.map((e) => (e.payload.entry as { is_payment: boolean }).is_payment)).toEqual([false, true, false]);
    for (const e of events) expect(parseEventPayload(e.type, e.version, e.payload)).toEqual(e.payload);
    expect(events[0]).not.toHaveProperty("fanoutIds");
  });

  it("leave a plain row as its one event, id and payload untouched", () => {
    const r = row(false);
    const { fanoutIds: _i, fanoutKinds: _k, ...event } = r;
    expect(expandRow(r)).toEqual([{ ...event, rowId: r.id, part: 0, parts: 1 }]);
    expect(eventCount(r)).toBe(1);
  });

  it("give each event a distinct, stable version-8 id that names its row and place", () => {
    const r = row(true);
    const ids = expandRow(r).map((e) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect(expandRow(r).map((e) => e.id)).toEqual(ids);
    for (const [part, id] of ids.entries()) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseFanoutEventId(id)).toMatchObject({ seq: r.seq, part });
      expect(isFanoutEventOf(id, r)).toBe(true);
      expect(isFanoutEventOf(id.toUpperCase(), r)).toBe(true);
    }
    // Another database's row with the same seq gives other ids (the tail is the row id's).
    const other = { ...r, id: uuidv7() };
    expect(fanoutEventId(other.id, other.seq, 0)).not.toBe(ids[0]);
    expect(isFanoutEventOf(ids[0], other)).toBe(false);
    // Stored (v7) ids are never taken for fanned-out ones.
    expect(parseFanoutEventId(r.id)).toBeNull();
    expect(parseFanoutEventId("not-a-uuid")).toBeNull();
  });

  it("refuse what an id cannot hold", () => {
    expect(() => fanoutEventId(uuidv7(), 2 ** 48, 0)).toThrow(RangeError);
    expect(() => fanoutEventId(uuidv7(), 1, 4096)).toThrow(RangeError);
    expect(() => expandRow({ ...row(true), type: "account.updated", version: "v1" })).toThrow(/cannot be fanned out/);
  });
});
