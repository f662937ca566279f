import type { Db } from "./client";

// drizzle builds a select's SQL text again on every call (getSQL, sqlToQuery): for the account
// lookup every data-import post makes, that was 8-11% of a transaction post's CPU on the
// server. A select whose shape never changes is built here once, with placeholders for its
// values, and each call only binds them, on whatever database or transaction it is given
// (a prepared query of drizzle's own is tied to the connection it was made on).

/** What a built select keeps: its SQL and parameters, the fields it maps rows into, its joins. */
type Built = {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
};

/** The part of drizzle's session this uses: `prepareQuery` as every builder calls it. */
type Session = {
  prepareQuery(
    query: Built["query"],
    fields: unknown,
    name: undefined,
    isResponseInArrayMode: boolean,
  ): { joinsNotNullableMap?: Record<string, boolean>; execute(values: Record<string, unknown>): Promise<unknown> };
};

type Buildable<R> = { prepare(name?: string): unknown; then: PromiseLike<R>["then"] };

/**
 * `build` is called once, on the first database it is given, with the select's values as
 * `sql.placeholder(name)`; the function returned runs it with `values` on `db` (or a
 * transaction), mapping rows exactly as the select would.
 */
export function reusableSelect<R, V extends Record<string, unknown>>(
  build: (db: Db) => Buildable<R>,
): (db: Db, values: V) => Promise<R> {
  let built: Built | undefined;
  return (db, values) => {
    if (!built) {
      // Prepared unnamed on the first database: nothing is sent, it only renders the SQL.
      const p = build(db).prepare() as {
        query: Built["query"];
        fields: unknown;
        joinsNotNullableMap?: Record<string, boolean>;
      };
      built = { query: p.query, fields: p.fields, joinsNotNullableMap: p.joinsNotNullableMap };
    }
    const session = (db as unknown as { _: { session: Session } })._.session;
    const query = session.prepareQuery(built.query, built.fields, undefined, true);
    query.joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Promise<R>;
  };
}
