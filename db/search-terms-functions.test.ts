import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { ukPhone } from "@/server/services/support/search-accounts";
import { useTestDb } from "@/test/db";
import { fullDomesticAccount } from "@/test/factories/energy-account";

const t = useTestDb();

// Migration 0018 rewrote the search-term functions for speed (ADR 0032): what they store must not change.
describe("search-term functions (migration 0018)", () => {
  it("the phone normaliser stores what the search looks for (ukPhone of the digits), for every shape of UK number", async () => {
    const phones = [
      "07700 900123",
      "+447700900123",
      "0044 7700 900123",
      "44 7700 900123",
      "4477009001",
      "447700900",
      "",
      "(020) 7946 0000",
      "+44 (0)20 7946 0000",
      "004420",
      "44",
      "0044",
      "4412345678901",
      "+1 555 0100",
    ];
    for (const phone of phones) {
      const [row] = await execRows<{ stored: string }>(t.db, sql`select account_search_phone(${phone}) as stored`);
      expect(row.stored, phone).toBe(ukPhone(phone.replace(/[^0-9]/g, "")));
    }
    const [none] = await execRows<{ stored: string }>(t.db, sql`select account_search_phone(null) as stored`);
    expect(none.stored).toBe("");
  });

  it("an account's terms: its number, external number, names, e-mails, phones, postcodes, meter points and serials", async () => {
    const payload = fullDomesticAccount({
      supplier: "S",
      external: "Ext-42",
      mpan: "1200000000011",
      mprn: "8000000001",
    });
    const rows = await execRows<{ kind: string; term: string }>(
      t.db,
      sql`select kind, term from account_search_terms_of(${JSON.stringify(payload)}::jsonb, 'A-1B2C3D4E') order by kind, term`,
    );
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of [
      "account_number",
      "external_number",
      "name",
      "billing_name",
      "email",
      "phone",
      "postcode",
      "postcode_outward",
      "mpxn",
      "meter_serial",
    ])
      expect(kinds, kind).toContain(kind);
    expect(rows).toContainEqual({ kind: "account_number", term: "A-1B2C3D4E" });
    expect(rows).toContainEqual({ kind: "external_number", term: "ext-42" });
    expect(rows).toContainEqual({ kind: "mpxn", term: "1200000000011" });
    expect(rows).toContainEqual({ kind: "mpxn", term: "8000000001" });
    // Called twice on one connection (the cached plan) it answers the same.
    const again = await execRows<{ kind: string; term: string }>(
      t.db,
      sql`select kind, term from account_search_terms_of(${JSON.stringify(payload)}::jsonb, 'A-1B2C3D4E') order by kind, term`,
    );
    expect(again).toEqual(rows);
  });
});
