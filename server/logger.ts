import { env } from "@/server/env.mjs";
import { forgetOnReset } from "@/server/process-state";
type Fields = Record<string, unknown>;
type Level = "info" | "warn" | "error";

const RANK: Record<string, number> = { info: 0, warn: 1, error: 2, silent: 3 };

function serialise(fields: Fields) {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) out[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  return out;
}

let allToStderr = false;
forgetOnReset(() => {
  allToStderr = false;
});

/** The CLI keeps stdout for its output (`--json` must parse), so its logs all go to stderr. */
export function logToStderr() {
  allToStderr = true;
}

/** Whether LOG_LEVEL (info, warn, error or silent; default info) lets `level` through. */
export function logLevelAllows(level: Level, setting = env.LOG_LEVEL): boolean {
  return RANK[level] >= (RANK[setting || "info"] ?? 0);
}

function write(level: Level, msg: string, fields: Fields = {}) {
  if (!logLevelAllows(level)) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...serialise(fields) });
  (level === "error" || allToStderr ? console.error : console.log)(line);
}

/** JSON lines on stdout (errors on stderr): what a log shipper expects. */
export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
