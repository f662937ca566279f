/**
 * The vitest workers' own PostgreSQL databases (ADR 0503), copied from DATABASE_URL's by
 * test/global-setup.ts before any file runs: `<name>_t<pid of the run>_w<VITEST_POOL_ID>`, so
 * two runs against one server never use each other's, and a dead run's are found and dropped.
 */
export function workerDatabaseUrl(base: string, runPid: number, poolId: number): string {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_t${runPid}_w${poolId}`;
  // PostgreSQL would cut a longer name short, and two workers could end up with one database.
  if (Buffer.byteLength(name) > 63)
    throw new Error(
      `DATABASE_URL's database name is too long for the tests' per-worker copies (${name}): use one of at most ${63 - (name.length - url.pathname.length + 1)} characters`,
    );
  url.pathname = `/${name}`;
  return url.toString();
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** The run pid in a worker database's name, when `name` is one of `base`'s. */
export function workerDatabaseRun(base: string, name: string): number | undefined {
  const prefix = `${databaseName(base)}_t`;
  if (!name.startsWith(prefix)) return undefined;
  const m = /^(\d+)_w\d+$/.exec(name.slice(prefix.length));
  return m ? Number(m[1]) : undefined;
}

/** One statement on a connection of its own (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery<T extends Record<string, unknown> = Record<string, unknown>>(
  url: string,
  statement: string,
  params: string[] = [],
): Promise<T[]> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql.unsafe(statement, params)) as unknown as T[];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function dropDatabase(adminUrl: string, name: string) {
  await adminQuery(adminUrl, `drop database if exists ${quoted(name)} with (force)`);
}

/**
 * A new database `name`, a copy of `template` (migrated, so nothing is replayed). PostgreSQL
 * refuses the copy while anyone is connected to the template (another run's set-up migrating
 * it, for a moment), so that refusal is retried.
 */
export async function copyDatabase(adminUrl: string, name: string, template: string) {
  await dropDatabase(adminUrl, name);
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${quoted(name)} template ${quoted(template)}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
