import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sparePort } from "./fault-services";
import { benchEnv } from "@/bench/env.mjs";

// A PostgreSQL 15 primary and a streaming hot standby of its own (pg_basebackup -R) under one
// temporary folder, on spare loopback ports, for bench/ha.ts. Only these two clusters are ever
// stopped or promoted (by their own data folders); the machine's shared server is never touched.

const PG_BIN = benchEnv.FAULTS_PG_BIN;

export type PostgresPair = {
  /** Both servers, primary first, with `target_session_attrs=read-write`: what the app is given. */
  url: string;
  primaryUrl: string;
  standbyUrl: string;
  /** `pg_ctl stop -m immediate` of the primary (its host dies); resolves when it is down. */
  stopPrimary(): Promise<void>;
  /** `pg_ctl promote -w` of the standby; resolves once it takes writes. */
  promote(): Promise<void>;
  stop(): void;
};

export async function startPostgresPair(root: string): Promise<PostgresPair> {
  const asPostgres = process.getuid?.() === 0;
  const cmd = (bin: string, args: string[]): [string, string[]] =>
    asPostgres
      ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, bin), ...args]]
      : [path.join(PG_BIN, bin), args];
  const run = (bin: string, args: string[]) => execFileSync(...cmd(bin, args), { stdio: "pipe" });
  const runAsync = (bin: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(...cmd(bin, args), { stdio: "ignore" });
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(" ")} failed (${code})`)),
      );
    });
  fs.mkdirSync(root, { recursive: true });
  if (asPostgres) execFileSync("chown", ["postgres", root]);
  const ports = { primary: await sparePort(), standby: await sparePort() };
  const data = { primary: path.join(root, "pg-primary"), standby: path.join(root, "pg-standby") };
  const log = { primary: path.join(root, "pg-primary.log"), standby: path.join(root, "pg-standby.log") };
  const opts = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c max_connections=60 -c wal_level=replica -c max_wal_senders=5 -c hot_standby=on -c log_min_duration_statement=500`;
  run("initdb", ["-D", data.primary, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
  run("pg_ctl", ["-D", data.primary, "-o", opts(ports.primary), "-l", log.primary, "-w", "-t", "60", "start"]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(ports.primary), "-U", "postgres", "ha"]);
  // -R writes primary_conninfo and standby.signal: the copy starts as a streaming standby.
  run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(ports.primary),
    "-U",
    "postgres",
    "-D",
    data.standby,
    "-R",
    "-X",
    "stream",
    "--no-sync",
  ]);
  run("pg_ctl", ["-D", data.standby, "-o", opts(ports.standby), "-l", log.standby, "-w", "-t", "60", "start"]);
  const down = new Set<string>();
  const stop = () => {
    for (const d of [data.primary, data.standby]) {
      if (down.has(d)) continue;
      down.add(d);
      try {
        run("pg_ctl", ["-D", d, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already down */
      }
    }
  };
  process.on("exit", stop);
  const at = (port: number) => `postgres://postgres@127.0.0.1:${port}/ha`;
  return {
    url: `postgres://postgres@127.0.0.1:${ports.primary},127.0.0.1:${ports.standby}/ha?target_session_attrs=read-write`,
    primaryUrl: at(ports.primary),
    standbyUrl: at(ports.standby),
    async stopPrimary() {
      await runAsync("pg_ctl", ["-D", data.primary, "-m", "immediate", "-w", "-t", "60", "stop"]);
      down.add(data.primary);
    },
    async promote() {
      await runAsync("pg_ctl", ["-D", data.standby, "-w", "-t", "60", "promote"]);
    },
    stop,
  };
}
