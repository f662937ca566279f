import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const DIR = path.join(import.meta.dirname, "..", "drizzle");

/**
 * For migration tests: the committed migrations in order, split at the named one
 * (`name` as in `0011_<name>.sql`), so a test can build the schema as it stood before it,
 * plant rows in that shape, then run it and what follows.
 */
export function migrationsAround(name: string) {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const at = files.findIndex((f) => f.endsWith(`_${name}.sql`));
  if (at < 0) throw new Error(`no migration named ${name}`);
  const run = async (pg: PGlite, file: string) => {
    for (const stmt of readFileSync(path.join(DIR, file), "utf8").split("--> statement-breakpoint"))
      if (stmt.trim()) await pg.exec(stmt);
  };
  return {
    /** Runs every migration before the named one. */
    before: async (pg: PGlite) => {
      for (const f of files.slice(0, at)) await run(pg, f);
    },
    /** Runs the named one and the `count - 1` after it. */
    from: async (pg: PGlite, count = 1) => {
      for (const f of files.slice(at, at + count)) await run(pg, f);
    },
  };
}
