#!/usr/bin/env node
// Runs a command with the production server's V8 flags in NODE_OPTIONS (server-options.mjs),
// so a process started on its own (`npm run relay`) runs as the relay inside `npm start` does,
// and a benchmark measures what ships. SIGINT and SIGTERM are passed on; exits as the command does.
import { spawn } from "node:child_process";
import { env } from "../server/env.mjs";
import { serverNodeOptions } from "./server-options.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-server-flags.mjs <command> [args...]");
  process.exit(2);
}
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, NODE_OPTIONS: serverNodeOptions(env.NODE_OPTIONS) },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("error", (err) => {
  console.error(`${command}: ${err.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
