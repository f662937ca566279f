import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { benchEnv } from "@/bench/env.mjs";

// Private services for bench/faults.ts: a PostgreSQL 15 cluster and a NATS server of its own
// under one temporary folder, on spare loopback ports, so restarting them touches nothing
// shared. Only processes started here are ever stopped (by their own pid or data folder).

const PG_BIN = benchEnv.FAULTS_PG_BIN;
const NATS_BIN = benchEnv.FAULTS_NATS_BIN;

/** A loopback port nothing listens on now. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type PrivatePostgres = {
  url: string;
  port: number;
  /**
   * `pg_ctl restart -m <mode>`, or with `downMs` a `stop -m <mode>`, that long down, then `start`;
   * resolves once it accepts connections again, with the time it took.
   */
  restart(mode: "fast" | "immediate", downMs?: number): Promise<number>;
  stop(): void;
};

/** `settings`: more `-c name=value` server settings (bench/profile-statements.ts loads pg_stat_statements). */
export async function startPostgres(root: string, more: { settings?: string[] } = {}): Promise<PrivatePostgres> {
  const port = await sparePort();
  const data = path.join(root, "pg");
  const log = path.join(root, "pg.log");
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user when we are root.
  const asPostgres = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) => {
    const cmd = path.join(PG_BIN, bin);
    return asPostgres
      ? execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "pipe" })
      : execFileSync(cmd, args, { stdio: "pipe" });
  };
  fs.mkdirSync(root, { recursive: true });
  if (asPostgres) execFileSync("chown", ["postgres", root]);
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c max_connections=50 -c log_min_duration_statement=100 -c log_checkpoints=on${(more.settings ?? []).map((x) => ` -c ${x}`).join("")}`;
  run("pg_ctl", ["-D", data, "-o", opts, "-l", log, "-w", "-t", "60", "start"]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "faults"]);
  const started = { stopped: false };
  const stop = () => {
    if (started.stopped) return;
    started.stopped = true;
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      /* already down */
    }
  };
  process.on("exit", stop);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/faults`,
    port,
    async restart(mode, downMs) {
      const t0 = performance.now();
      const pgCtl = (args: string[]) =>
        new Promise<void>((resolve, reject) => {
          const child = asPostgres
            ? spawn("runuser", ["-u", "postgres", "--", path.join(PG_BIN, "pg_ctl"), ...args], { stdio: "ignore" })
            : spawn(path.join(PG_BIN, "pg_ctl"), args, { stdio: "ignore" });
          child.on("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(" ")} failed (${code}); see ${log}`)),
          );
        });
      if (downMs === undefined) await pgCtl(["-D", data, "-m", mode, "-l", log, "-w", "-t", "60", "restart"]);
      else {
        await pgCtl(["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
        await new Promise((r) => setTimeout(r, downMs));
        await pgCtl(["-D", data, "-o", opts, "-l", log, "-w", "-t", "60", "start"]);
      }
      return performance.now() - t0;
    },
    stop,
  };
}

export type PrivateNats = {
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store; resolves once it listens. */
  start(): Promise<void>;
};

export async function startNats(root: string): Promise<PrivateNats> {
  const port = await sparePort();
  const store = path.join(root, "nats");
  fs.mkdirSync(store, { recursive: true });
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const kill = () => {
    if (child && child.exitCode === null && child.signalCode === null && child.pid) child.kill("SIGTERM");
  };
  const stop = () => (kill(), exited);
  process.on("exit", kill);
  const start = async () => {
    const c = spawn(NATS_BIN, ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", store], {
      stdio: ["ignore", "ignore", fs.openSync(path.join(root, "nats.log"), "a")],
    });
    child = c;
    exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, "127.0.0.1", () => (s.destroy(), resolve(true)));
        s.on("error", () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    await stop();
    throw new Error("nats-server did not start");
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, stop, start };
}
