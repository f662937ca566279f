import { type Db, handleOf } from "@/db/client";
import { env } from "../env.mjs";

/**
 * Runs a request's work, but answers "database unavailable" once it has waited
 * DATABASE_UNAVAILABLE_WAIT_MS while the pool's connection attempts kept failing, or while it had
 * no connection open and was still opening one (ADR 0045).
 * postgres-js keeps a query queued while it tries host after host: with a multi-host URL and
 * no primary (between a primary's loss and its standby's promotion) it would wait for as long
 * as the failover takes, and an attempt that the server closes during start-up is retried for
 * connect_timeout (2 s) before it counts as failed. A request waiting on a lock or a slow statement, with the pool
 * connected, is never cut. The abandoned work may still run once a primary is back; every
 * data-import call is safe to resend, and the 503 tells the client to.
 */
export function boundedByDatabase<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const pool = handleOf(db)?.pool;
  if (!pool) return work();
  const before = pool().connectErrors;
  const away = () => {
    const p = pool();
    return p.connectErrors > before || (p.open === 0 && p.connecting > 0);
  };
  const running = work();
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (away()) {
        running.catch(() => {});
        reject(
          Object.assign(new Error("no database server accepted a connection in time"), { code: "CONNECT_TIMEOUT" }),
        );
      } else timer = setTimeout(check, 100);
    };
    timer = setTimeout(check, env.DATABASE_UNAVAILABLE_WAIT_MS);
    running.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err) => (clearTimeout(timer), reject(err)),
    );
  });
}
