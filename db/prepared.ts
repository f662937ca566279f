import type { Sql } from "postgres";

/** Statements with more parameters than this stay unnamed (variable-length IN lists would each be prepared). */
export const MAX_PREPARED_PARAMS = 100;

/**
 * The postgres-js client as drizzle should see it: drizzle sends every `execute` and query
 * builder statement unnamed (`prepare: false`), so postgres-js first asks PostgreSQL to
 * parse and describe it (an extra round trip) and PostgreSQL plans it from scratch, on
 * every call. Here statements with up to MAX_PREPARED_PARAMS parameters are prepared:
 * postgres-js keeps them per connection by text and parameter types, so the hot statements
 * (the account lock, the import insert, the token check) are parsed once per connection.
 * `DATABASE_PREPARE=false` turns it off for poolers that do not keep session state
 * (PgBouncer in transaction mode).
 */
export function preparedStatements<T extends Sql>(client: T, enabled = process.env.DATABASE_PREPARE !== "false"): T {
  if (!enabled) return client;
  return wrap(client);
}

type Unsafe = (query: string, params?: unknown[], opts?: { prepare?: boolean }) => unknown;

function wrap<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (key === "unsafe") {
        return (query: string, params: unknown[] = [], opts: { prepare?: boolean } = {}) =>
          (value as Unsafe).call(target, query, params, params.length <= MAX_PREPARED_PARAMS ? { ...opts, prepare: true } : opts);
      }
      // A transaction's (or savepoint's) client is a new one: wrap it too.
      if (key === "begin" || key === "savepoint") {
        return (...args: unknown[]) => {
          const fn = args[args.length - 1] as (tx: object) => unknown;
          return (value as (...a: unknown[]) => unknown).call(target, ...args.slice(0, -1), (tx: object) => fn(wrap(tx)));
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
