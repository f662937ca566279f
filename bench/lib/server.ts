import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serverNodeOptions } from "../../scripts/server-options.mjs";
import { env as config } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, log: string, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(log, "w");
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", out, out] });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (${code}); see ${log}`)),
    );
  });
}

export type RunningServer = { base: string; stop: () => void; pid?: number; kill?: (signal: NodeJS.Signals) => void };

/**
 * A production server for a benchmark: BENCH_URL reuses a running one; otherwise `next build`
 * (skip with BENCH_SKIP_BUILD=1) and the server `npm start` runs (scripts/server.mjs) on
 * `port`, stopped on exit.
 * `probe` is a path that answers 2xx once the app is up.
 */
export async function startProductionServer(opts: {
  name: string;
  port: number;
  env?: Record<string, string>;
  probe: string;
  skipBuild?: boolean;
}): Promise<RunningServer> {
  if (benchEnv.BENCH_URL) return { base: benchEnv.BENCH_URL.replace(/\/+$/, ""), stop: () => {} };
  const env: NodeJS.ProcessEnv = {
    // A bench floods public routes from one address, which the per-address limit exists to stop.
    API_ADDRESS_RATE_LIMIT_PER_MINUTE: "0",
    ...process.env,
    ...opts.env,
    NODE_ENV: "production",
    NODE_OPTIONS: serverNodeOptions(config.NODE_OPTIONS),
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: config.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  };
  const next = path.join(ROOT, "node_modules", ".bin", "next");
  if (!benchEnv.BENCH_SKIP_BUILD && !opts.skipBuild) {
    console.log(`next build (log: /tmp/km-bench-${opts.name}-build.log)...`);
    await run(next, ["build"], env, `/tmp/km-bench-${opts.name}-build.log`);
  }
  const logFile = `/tmp/km-bench-${opts.name}-server.log`;
  const log = fs.openSync(logFile, "w");
  // The server `npm start` runs (scripts/server.mjs: Next's handler behind a Node server), not `next start`.
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts", "server.mjs")], {
    cwd: ROOT,
    env: { ...env, PORT: String(opts.port) },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const stop = () => kill("SIGTERM");
  process.on("exit", stop);
  const base = `http://127.0.0.1:${opts.port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited; see ${logFile}`);
    if (
      await fetch(base + opts.probe).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, stop, pid: child.pid, kill };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`server did not answer ${opts.probe} within 60 s; see ${logFile}`);
}
