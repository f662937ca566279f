// Start-up checks of the environment variables an operator sets (README "Configuration").
// Plain JS (with zod, as every contract here) so that `npm start` can refuse a bad value
// before it spends minutes building;
// the app, the CLI and the relay import the same rules. Empty counts as unset.

import { z } from "zod";

const wholeNumber = (min, max = Number.MAX_SAFE_INTEGER) => {
  const message = max === Number.MAX_SAFE_INTEGER ? `must be a whole number >= ${min}` : `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\s*\d+\s*$/, message)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, message);
};

const oneOf = (...allowed) => z.enum(allowed, { error: `must be one of ${allowed.join(", ")}` });

const databaseUrl = z
  .string()
  .refine((raw) => URL.canParse(raw), { error: "is not a URL; expected postgres://user:password@host:5432/database", abort: true })
  .refine((raw) => ["postgres:", "postgresql:"].includes(new URL(raw).protocol), { error: (i) => `must start with postgres:// or postgresql:// (got ${new URL(String(i.input)).protocol}//)` });

const NATS_SCHEMES = ["nats:", "tls:", "ws:", "wss:"];

/** A comma-separated list of NATS servers; a bare host:port means nats://. */
const natsUrl = z.string().superRefine((raw, ctx) => {
  for (const entry of raw.split(",").map((e) => e.trim())) {
    const full = /^[a-z]+:\/\//i.test(entry) ? entry : `nats://${entry}`;
    if (!URL.canParse(full)) return void ctx.addIssue({ code: "custom", message: `has an entry that is not a server address: "${redactUrl(entry)}" (expected nats://host:4222, comma-separated)` });
    const url = new URL(full);
    if (!entry || !url.hostname) return void ctx.addIssue({ code: "custom", message: "has an empty server address (expected nats://host:4222, comma-separated)" });
    if (!NATS_SCHEMES.includes(url.protocol)) return void ctx.addIssue({ code: "custom", message: `entry "${redactUrl(entry)}" must use nats://, tls://, ws:// or wss://` });
  }
});

/** Each variable's rule (a zod schema of its text); the first issue's message says what is wrong. */
export const CONFIG_RULES = {
  PORT: wholeNumber(1, 65535),
  KEEP_ALIVE_TIMEOUT: wholeNumber(1),
  REQUEST_TIMEOUT: wholeNumber(1, 3600),
  HEADERS_TIMEOUT: wholeNumber(1, 3600),
  TRUST_PROXY_HOPS: wholeNumber(0),
  MAX_BODY_BYTES: wholeNumber(1),
  IMPORT_CONCURRENCY: wholeNumber(1),
  IMPORT_JOB_ROW_RETENTION_DAYS: wholeNumber(0),
  EVENT_RETENTION_DAYS: wholeNumber(0),
  ACCOUNT_IMPORT_WORKERS: wholeNumber(0),
  ACCOUNT_IMPORT_WORKER_POLL_MS: wholeNumber(1),
  CATALOGUE_VERSION_TTL_MS: wholeNumber(0),
  CONSOLE_SESSION_MAX_AGE: wholeNumber(1),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: wholeNumber(1),
  NATS_URL: natsUrl,
  RUN_RELAY: oneOf("true", "false"),
  RUN_WORKERS: oneOf("true", "false"),
  LOG_LEVEL: oneOf("info", "warn", "error", "silent"),
};

/** The variables the database connection reads (the CLI and the relay need only these). */
export const DATABASE_VARS = ["DATABASE_URL", "DATABASE_POOL_SIZE"];

/** Hides passwords in a URL (or a comma-separated list of them) for messages and logs. */
export function redactUrl(raw) {
  return String(raw).replace(/(\/\/[^:@/\s,]*:)[^@/\s,]*@/g, "$1***@");
}

/** One message per invalid variable among `names` (all rules when omitted). */
export function configErrors(env = process.env, names = Object.keys(CONFIG_RULES)) {
  const errors = [];
  for (const name of names) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const checked = CONFIG_RULES[name].safeParse(raw);
    if (!checked.success) errors.push(`${name}="${redactUrl(raw)}" ${checked.error.issues[0].message}`);
  }
  return errors;
}

/** Throws one error listing every invalid variable among `names`. */
export function assertConfig(env = process.env, names) {
  const errors = configErrors(env, names);
  if (errors.length) throw new Error(`invalid configuration:\n  ${errors.join("\n  ")}\n(see README.md, Configuration)`);
}
