import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";

/** The backend an open transaction runs on (PostgreSQL). */
export async function backendPid(tx: Db): Promise<number> {
  const [row] = await execRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
  return Number(row.pid);
}

/**
 * Whether some backend is waiting for a lock that backend `holder` holds, as PostgreSQL sees it
 * (pg_blocking_pids): true as soon as one is, false once `finished()` says the work that should
 * be waiting is done (it never waited), or after `timeoutMs`. What a test used to guess from a
 * fixed pause ("after 300 ms it is still not done"), asked of the server instead.
 */
export async function someoneWaitsFor(
  db: Db,
  holder: number,
  finished: () => boolean,
  timeoutMs = 20_000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!finished() && Date.now() < until) {
    const [row] = await execRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity where ${holder}::int = any(pg_blocking_pids(pid))`,
    );
    if (row.n > 0) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}
