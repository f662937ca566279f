type Fields = Record<string, unknown>;

function serialise(fields: Fields) {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) out[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  return out;
}

function write(level: "info" | "warn" | "error", msg: string, fields: Fields = {}) {
  if (process.env.LOG_LEVEL === "silent" || (level === "info" && process.env.LOG_LEVEL === "warn")) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...serialise(fields) });
  (level === "error" ? console.error : console.log)(line);
}

/** JSON lines on stdout/stderr: what a log shipper expects. */
export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
