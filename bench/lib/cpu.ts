import fs from "node:fs";

/**
 * CPU time used by each kind of process on this machine, read from /proc (Linux), so a
 * benchmark can say where its time went: this script, the app server, PostgreSQL, the rest.
 * Empty elsewhere.
 */
export type CpuSnapshot = Map<string, number>;

const TICK_SECONDS = 0.01; // USER_HZ is 100 on Linux

function kindOf(pid: number, comm: string, database?: string, serverCwd?: string): string {
  if (pid === process.pid) return "client";
  if (comm === "nats-server") return "nats";
  if (comm === "postgres") {
    // Backends serving connections ("postgres: 15/main: user db host(port) ..."), or the
    // server's own background work (checkpointer, WAL writer, autovacuum, the postmaster).
    const cmd = safeRead(`/proc/${pid}/cmdline`).replace(/\0/g, " ");
    const backend = /^postgres: [^:]+: \S+ (\S+) \S+/.exec(cmd);
    if (!backend || /autovacuum|background|checkpointer|walwriter|launcher|archiver|logger|stats/.test(cmd))
      return "pg-background";
    // On a shared server, other databases' backends are other people's work.
    return database && backend[1] !== database ? "other" : "postgres";
  }
  if (comm.startsWith("next-server") || comm === "node") {
    const cmd = safeRead(`/proc/${pid}/cmdline`).replace(/\0/g, " ");
    if (comm.startsWith("next-server") || /next(\/dist\/bin\/next)? start|scripts\/server\.mjs/.test(cmd)) {
      // On a shared machine, another checkout's server is other people's work.
      return serverCwd && safeCwd(pid) !== serverCwd ? "other" : "server";
    }
  }
  return "other";
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function safeCwd(pid: number): string | undefined {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/**
 * `database`: count only that database's backends as "postgres" (the rest as "other");
 * `serverCwd`: count only app servers running in that folder as "server".
 */
export function cpuSnapshot(opts: { database?: string; serverCwd?: string } = {}): CpuSnapshot {
  const out: CpuSnapshot = new Map();
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const p of pids) {
    const stat = safeRead(`/proc/${p}/stat`);
    const close = stat.lastIndexOf(")");
    if (close < 0) continue;
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // fields[0] is state (field 3); utime and stime are fields 14 and 15.
    const kind = kindOf(Number(p), comm, opts.database, opts.serverCwd);
    out.set(kind, (out.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) * TICK_SECONDS);
    out.set(`${kind}:sys`, (out.get(`${kind}:sys`) ?? 0) + Number(fields[12]) * TICK_SECONDS);
  }
  return out;
}

/** CPU seconds per kind (and `<kind>:sys`, the part spent in the kernel) between two snapshots (processes that exited in between are not counted). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const out = new Map<string, number>();
  for (const [kind, s] of after) out.set(kind, Math.max(0, s - (before.get(kind) ?? 0)));
  return out;
}

/** "client 12 (sys 3) · server 48 (sys 9) · postgres 61 (sys 20) · pg-background 2 (sys 1) · other 3 (sys 1) = 126 core-µs per row". */
export function perRowLine(used: Map<string, number>, rows: number, unit = "row"): string {
  const order = ["client", "server", "postgres", "pg-background", "nats", "other"];
  const us = (s: number) => ((s * 1e6) / rows).toFixed(0);
  const parts = order
    .filter((k) => used.has(k))
    .map((k) => `${k} ${us(used.get(k)!)} (sys ${us(used.get(`${k}:sys`) ?? 0)})`);
  const total = order.reduce((a, k) => a + (used.get(k) ?? 0), 0);
  return `${parts.join(" · ")} = ${((total * 1e6) / rows).toFixed(0)} core-µs per ${unit}`;
}
