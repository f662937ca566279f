import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { useTestDb } from "@/test/db";
import { emit, emitMany } from "./emit";
import { EventPayloadError } from "./registry";
import { deliveredForms, deliveredId, deliveredVersions, isDerivedVersion, storedVersionOf } from "./versions";

const t = useTestDb();
const ledger = { account: { number: "A-1234ABCD" }, number: "L-1234ABCD" };
const entry = {
  id: 7,
  is_charge: true,
  is_credit: false,
  is_payment: false,
  is_repayment: false,
  is_reversal: false,
  is_reversed: false,
  source_id: 7,
  source_type: "data_import.transaction",
};

describe("derived event versions", () => {
  it("stores entry_posted as v2 and delivers it as v2 and v1", () => {
    expect(storedVersionOf("billing.ledger.entry_posted")).toBe("v2");
    expect(isDerivedVersion("billing.ledger.entry_posted", "v1")).toBe(true);
    expect(isDerivedVersion("billing.ledger.entry_posted", "v2")).toBe(false);
    expect(deliveredVersions("billing.ledger.entry_posted", "v2")).toEqual(["v2", "v1"]);
    expect(deliveredVersions("account.created", "v1")).toEqual(["v1"]);
    const id = "01a1fe2b-bb00-77c3-960b-c827436abf0f";
    const forms = deliveredForms({
      id,
      type: "billing.ledger.entry_posted",
      version: "v2",
      payload: { ledger, entry },
    });
    expect(forms).toEqual([
      { version: "v2", id, payload: { ledger, entry } },
      { version: "v1", id: deliveredId(id, "v2", "v1"), payload: { ledger } },
    ]);
    // Stable across re-publishes (the bus drops the second copy), distinct from the stored id.
    expect(deliveredId(id, "v2", "v1")).toBe(deliveredId(id, "v2", "v1"));
    expect(deliveredId(id, "v2", "v1")).not.toBe(id);
    expect(deliveredId(id, "v2", "v1")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("refuses to write a derived version itself, and writes nothing", async () => {
    const before = await count();
    await expect(t.db.transaction((tx) => emit(tx, "billing.ledger.entry_posted", "v1", { ledger }))).rejects.toThrow(
      EventPayloadError,
    );
    await expect(
      t.db.transaction((tx) =>
        emitMany(tx, [
          { type: "billing.ledger.entry_posted", version: "v2", payload: { ledger, entry } },
          { type: "billing.ledger.entry_posted", version: "v1", payload: { ledger } },
        ]),
      ),
    ).rejects.toThrow(/derived from version "v2"/);
    expect(await count()).toBe(before);
  });

  it("makes version 7 UUIDs in PostgreSQL for outbox rows written by INSERT ... SELECT", async () => {
    const rows = await execRows<{ id: string }>(t.db, sql`select uuid_v7()::text as id from generate_series(1, 50)`);
    expect(new Set(rows.map((r) => r.id)).size).toBe(50);
    for (const { id } of rows) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = parseInt(id.replace(/-/g, "").slice(0, 12), 16);
      expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
    }
  });
});

async function count() {
  const [r] = await execRows<{ n: number }>(t.db, sql`select count(*)::int as n from events`);
  return Number(r.n);
}
