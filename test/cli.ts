import { format } from "node:util";
import type { Command } from "commander";
import { vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { cliProgram, runCli } from "@/server/cli/program";
import { lendCliDb } from "@/server/cli/runtime";

export type CliRun = { code: number; stdout: string; stderr: string };

/**
 * `npm run cli -- ...args` run in this process on `db` (a test file's database): main.ts's own
 * program and error handling, what it prints on stdout and stderr captured, and its exit code.
 * Spawning tsx cost seconds a command (starting, loading the app, opening a database); a
 * few tests still spawn the real thing (ADR 0503).
 */
export async function cliIn(db: DbHandle, ...args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const program = cliProgram();
  capture(program, out, err);
  const log = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(`${format(...a)}\n`));
  const error = vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(`${format(...a)}\n`));
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  try {
    lendCliDb(db);
    await runCli(program, [process.execPath, "server/cli/main.ts", ...args]);
    return { code: Number(process.exitCode ?? 0), stdout: out.join(""), stderr: err.join("") };
  } finally {
    log.mockRestore();
    error.mockRestore();
    process.exitCode = exitCode;
  }
}

/** Commander's usage errors and help into the captured streams, and thrown instead of exiting the process. */
function capture(cmd: Command, out: string[], err: string[]) {
  cmd.exitOverride().configureOutput({ writeOut: (s) => void out.push(s), writeErr: (s) => void err.push(s) });
  for (const sub of cmd.commands) capture(sub, out, err);
}
