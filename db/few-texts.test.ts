import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { dataCheckColumns } from "@/server/services/account-import/account-data-errors";
import { env } from "@/server/env.mjs";
import { useTestDb } from "@/test/db";

const t = useTestDb();

// Migration 0019 (ADR 0034): unnest with an estimate no plan can see through, so the import's
// catalogue and meter-point check is planned once per connection, not on every call.
describe("few_texts (migration 0019)", () => {
  it("gives each element of the array in order, duplicates kept; none for an empty or null array", async () => {
    const rows = await execRows<{ x: string }>(
      t.db,
      sql`select x from few_texts(${sql.param(["b", "a", "b", ""])}::text[]) as x`,
    );
    expect(rows.map((r) => r.x)).toEqual(["b", "a", "b", ""]);
    expect(await execRows(t.db, sql`select x from few_texts(${sql.param([])}::text[]) as x`)).toEqual([]);
    expect(await execRows(t.db, sql`select x from few_texts(null::text[]) as x`)).toEqual([]);
  });

  it.runIf(!!env.DATABASE_URL)(
    "the catalogue and meter-point check keeps its generic plan after the first five calls on a connection (PostgreSQL)",
    async () => {
      const query = new PgDialect().sqlToQuery(
        sql`select ${dataCheckColumns({ codes: ["E-1R-NOPE-C", "G-1R-NOPE-C"], mpxns: ["1200000000011", "8000000001"] }, 1, 1, "EXT-1")}`,
      );
      const one = postgres(t.handle.url ?? env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        for (let i = 0; i < 8; i++) {
          const [row] = await one.unsafe(query.sql, query.params as never[], { prepare: true });
          expect(row.unknown).toEqual(["E-1R-NOPE-C", "G-1R-NOPE-C"]);
        }
        const [plans] =
          await one`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%from tariffs t where t.code = c%' and statement not like '%pg_prepared_statements%'`;
        // With unnest() every call was a custom plan (custom 8, generic 0): ~0.7-1 ms of planning each (ADR 0034).
        // The query below is itself a prepared statement whose text matches the filter, hence its own exclusion.
        expect(plans).toEqual({ generic: 3, custom: 5 });
      } finally {
        await one.end();
      }
    },
  );
});
