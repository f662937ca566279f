import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { useTestDb } from "@/test/db";
import { MAX_PREPARED_PARAMS } from "./prepared";

const t = useTestDb();

// PGlite runs in-process with no protocol round trips; this is about the postgres-js server path.
describe.skipIf(!process.env.DATABASE_URL)("prepared statements on PostgreSQL", () => {
  it("prepares small statements once per connection and leaves long parameter lists unnamed", async () => {
    const marker = `prep_${Date.now()}`;
    const many = Array.from({ length: MAX_PREPARED_PARAMS + 1 }, (_, i) => i);
    const prepared = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await execRows(tx, sql`select ${i}::int as n, ${marker}::text as m`);
      await execRows(tx, sql`select ${marker}::text as m2 where 1 in (${sql.join(many.map((n) => sql`${n}::int`), sql`, `)})`);
      return execRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements where statement like ${"%::text as m%"}`);
    });
    const mine = prepared.filter((p) => p.statement.includes("::text as m"));
    // The short statement, run three times on one connection, is prepared once; the long one not at all.
    expect(mine.filter((p) => p.statement.includes("as m,") || p.statement.endsWith("as m"))).toHaveLength(1);
    expect(mine.filter((p) => p.statement.includes("as m2"))).toHaveLength(0);
  });

  it("changes no result: parameters, types and errors as before", async () => {
    const [row] = await execRows<{ a: number; b: string; c: string | null }>(t.db, sql`select ${41}::int + 1 as a, ${"x'y"}::text as b, ${null}::text as c`);
    expect(row).toEqual({ a: 42, b: "x'y", c: null });
    const err = await execRows(t.db, sql`select ${"nope"}::int`).catch((e: Error) => e);
    expect(String((err as Error).cause)).toMatch(/invalid input syntax for type integer/);
  });
});
