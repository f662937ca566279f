// @ts-check
// The kit every configuration module is built from (ADR 0501, amended by ADR 0508): the rules a
// variable's text must pass, the conversions to what code uses, and `defineConfig`, which turns a
// table of variables into a typed, frozen view of process.env with its checks. Three modules use
// it: server/env.mjs (what a deployment sets; every variable checked at start), test/env.mjs (the
// tests' settings) and bench/env.mjs (the benches'). Nothing else reads process.env
// (server/env.test.ts walks the sources). Plain JS with JSDoc: `node scripts/start.mjs` imports it
// before any build. It imports nothing but zod.

import { z } from "zod";

// Start-up rules (ADR 0010): a zod schema of the variable's text; the first issue's message says what is wrong.

/** @param {number} min @param {number} [max] */
export const wholeNumber = (min, max = Number.MAX_SAFE_INTEGER) => {
  const message =
    max === Number.MAX_SAFE_INTEGER
      ? `must be a whole number >= ${min}`
      : `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\s*\d+\s*$/, message)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, message);
};

/** The relay's settings accept any number (1.5, 1e3) at or above `min`. @param {number} min */
export const numberAtLeast = (min) =>
  z.string().refine((raw) => Number.isFinite(Number(raw)) && Number(raw) >= min, `must be a number >= ${min}`);

/** @param {[string, ...string[]]} allowed */
export const oneOf = (...allowed) => z.enum(allowed, { error: `must be one of ${allowed.join(", ")}` });

/** A PostgreSQL URL with its host list (`h1:5432,h2:5432`, libpq's several servers) cut to the first host, which `URL` parses. @param {string} raw */
export const firstHostUrl = (raw) => raw.replace(/^([a-z]+:\/\/(?:[^/?#@]*@)?)([^/?#,]*)(?:,[^/?#]*)?/i, "$1$2");

export const databaseUrl = z
  .string()
  .refine((raw) => URL.canParse(firstHostUrl(raw)), {
    error: "is not a URL; expected postgres://user:password@host:5432/database (several hosts: host1:5432,host2:5432)",
    abort: true,
  })
  .refine((raw) => ["postgres:", "postgresql:"].includes(new URL(firstHostUrl(raw)).protocol), {
    error: (i) =>
      `must start with postgres:// or postgresql:// (got ${new URL(firstHostUrl(String(i.input))).protocol}//)`,
  })
  .refine(
    (raw) =>
      [null, "read-write", "read-only", "primary", "standby", "prefer-standby"].includes(
        new URL(firstHostUrl(raw)).searchParams.get("target_session_attrs"),
      ),
    "has a target_session_attrs that is not one of read-write, read-only, primary, standby, prefer-standby",
  );

export const NATS_SCHEMES = ["nats:", "tls:", "ws:", "wss:"];

export const httpUrl = z
  .string()
  .refine(
    (raw) => URL.canParse(raw) && ["http:", "https:"].includes(new URL(raw).protocol),
    "must be an http:// or https:// URL, e.g. http://collector:4318",
  );

/** A comma-separated list of NATS servers; a bare host:port means nats://. */
export const natsUrl = z.string().superRefine((raw, ctx) => {
  for (const entry of raw.split(",").map((e) => e.trim())) {
    const full = /^[a-z]+:\/\//i.test(entry) ? entry : `nats://${entry}`;
    if (!URL.canParse(full))
      return void ctx.addIssue({
        code: "custom",
        message: `has an entry that is not a server address: "${redactUrl(entry)}" (expected nats://host:4222, comma-separated)`,
      });
    const url = new URL(full);
    if (!entry || !url.hostname)
      return void ctx.addIssue({
        code: "custom",
        message: "has an empty server address (expected nats://host:4222, comma-separated)",
      });
    if (!NATS_SCHEMES.includes(url.protocol))
      return void ctx.addIssue({
        code: "custom",
        message: `entry "${redactUrl(entry)}" must use nats://, tls://, ws:// or wss://`,
      });
  }
});

/** Any text without control characters (a pasted newline or NUL is a mistake, never a setting). */
export const printable = z
  .string()
  .regex(/^[^\p{Cc}]*$/u, "must not contain control characters (a newline, a tab, NUL)");

/** A number, any finite one (fractions and exponents allowed). */
export const finiteNumber = z.string().refine((raw) => Number.isFinite(Number(raw)), "must be a number");

// Values: how a variable's text becomes what the code uses. Each carries the rule its text must
// pass unless the variable names a stricter one: a whole number, a flag's two words, text without
// control characters. So no value becomes NaN or a surprise: a bad one is refused where the
// configuration is checked (at start for server/env.mjs, when a test or bench starts for theirs).
// An empty value counts as unset.

/**
 * @template T
 * @param {(raw: string | undefined) => T} parse
 * @param {z.ZodType} rule
 * @returns {Parser<T>}
 */
const parser = (parse, rule) => Object.assign(parse, { rule });

/**
 * @template T
 * @typedef {((raw: string | undefined) => T) & { rule: z.ZodType }} Parser
 */

/** @param {number} fallback */
export const num = (fallback) =>
  parser(
    (raw) => (raw === undefined ? fallback : Number(raw)),
    Number.isInteger(fallback) && fallback >= 0 ? wholeNumber(0) : finiteNumber,
  );
export const optNum = () => parser((raw) => (raw === undefined ? undefined : Number(raw)), wholeNumber(0));
/** @param {string} fallback */
export const text = (fallback) => parser((raw) => raw ?? fallback, printable);
export const optText = () => parser((raw) => raw, printable);
/** `true` unless the value is exactly "false". */
export const onUnlessFalse = () => parser((raw) => raw !== "false", oneOf("true", "false"));
/** `true` only for exactly "1". */
export const onIfOne = () => parser((raw) => raw === "1", oneOf("0", "1"));
/** `undefined` when unset, else whether it is exactly "true". */
export const optBool = () => parser((raw) => (raw === undefined ? undefined : raw === "true"), oneOf("true", "false"));

/**
 * @typedef {{ group: string, parse: Parser<unknown>, doc: string, rule: z.ZodType, show?: string }} Variable
 */

/**
 * One variable: its group (the README's table), conversion, meaning, and rule (the conversion's
 * own unless `more.rule` is stricter). `show` is the default as the README prints it.
 * @template T
 * @param {string} group
 * @param {Parser<T>} parse
 * @param {string} doc
 * @param {{ rule?: z.ZodType, show?: string }} [more]
 * @returns {{ group: string, parse: Parser<T>, doc: string, rule: z.ZodType, show?: string }}
 */
export const v = (group, parse, doc, more = {}) => ({ group, parse, doc, ...more, rule: more.rule ?? parse.rule });

/** @typedef {Record<string, string | undefined>} Source */

/** A variable's text; empty counts as unset. @param {Source} source @param {string} name */
const rawOf = (source, name) => {
  const raw = source[name];
  return raw === "" ? undefined : raw;
};

/** Hides passwords in a URL (or a comma-separated list of them) for messages and logs. @param {unknown} raw */
export function redactUrl(raw) {
  return String(raw).replace(/(\/\/[^:@/\s,]*:)[^@/\s,]*@/g, "$1***@");
}

/**
 * A configuration module's API over its table of variables.
 * @template {Record<string, Variable>} V
 * @param {V} variables
 */
export function defineConfig(variables) {
  /** @typedef {{ readonly [K in keyof V]: ReturnType<V[K]["parse"]> }} Config */
  const names = /** @type {(keyof V & string)[]} */ (Object.keys(variables));

  /**
   * The typed configuration over `source` (tests pass their own). Each property converts its
   * variable when read and keeps the result until the variable's text changes, so a test that
   * sets a variable (setEnv, vi.stubEnv) is seen at once while a server converts each value once.
   * @param {Source} source
   * @returns {Config}
   */
  function configFrom(source) {
    /** @type {Record<string, { raw: string | undefined, value: unknown }>} */
    const memo = {};
    const config = {};
    for (const [name, variable] of Object.entries(variables)) {
      Object.defineProperty(config, name, {
        enumerable: true,
        get() {
          const raw = rawOf(source, name);
          const seen = memo[name];
          if (seen && seen.raw === raw) return seen.value;
          const value = variable.parse(raw);
          memo[name] = { raw, value };
          return value;
        },
      });
    }
    return /** @type {Config} */ (Object.freeze(config));
  }

  /**
   * One message per invalid variable among `only` (all of them when omitted).
   * @param {Source} [source]
   * @param {readonly string[]} [only]
   * @returns {string[]}
   */
  function configErrors(source = process.env, only = names) {
    const errors = [];
    for (const name of only) {
      const raw = rawOf(source, name);
      const rule = variables[name]?.rule;
      if (raw === undefined || !rule) continue;
      const checked = rule.safeParse(raw);
      if (!checked.success) errors.push(`${name}="${redactUrl(raw)}" ${checked.error.issues[0].message}`);
    }
    return errors;
  }

  /**
   * Throws one error listing every invalid variable among `only`.
   * @param {Source} [source]
   * @param {readonly string[]} [only]
   */
  function assertConfig(source = process.env, only) {
    const errors = configErrors(source, only);
    if (errors.length)
      throw new Error(`invalid configuration:\n  ${errors.join("\n  ")}\n(see README.md, Configuration)`);
  }

  /**
   * Checks `source` once (every rule, or those of `only`) and returns a frozen snapshot of
   * every value; throws one error naming every bad variable.
   * @param {Source} [source]
   * @param {readonly (keyof V & string)[]} [only]
   * @returns {Config}
   */
  function loadConfig(source = process.env, only) {
    assertConfig(source, only);
    const live = configFrom(source);
    return /** @type {Config} */ (Object.freeze(Object.fromEntries(names.map((name) => [name, live[name]]))));
  }

  return {
    VARIABLES: variables,
    /** The process's configuration: the one typed, frozen view of process.env. */
    env: configFrom(process.env),
    configFrom,
    configErrors,
    assertConfig,
    loadConfig,
  };
}

/**
 * The process's variables with some replaced, as a source for configFrom or assertConfig.
 * @param {Source} values
 * @returns {Source}
 */
export function envWith(values) {
  return { ...process.env, ...values };
}

/** Whether a variable is set (to a non-empty value). @param {string} name */
export function isSet(name) {
  return rawOf(process.env, name) !== undefined;
}

/**
 * Sets variables (undefined removes one) for code running in this process and the processes
 * it starts; returns a function that puts the previous values back. For tests, benches and
 * the start scripts: the one place that writes process.env.
 * @param {Record<string, string | undefined>} values
 * @returns {() => void}
 */
export function setEnv(values) {
  /** @type {Record<string, string | undefined>} */
  const before = {};
  for (const [name, value] of Object.entries(values)) {
    before[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return () => void setEnv(before);
}

/**
 * The environment as it is now, and a function that puts it back as it was: variables set
 * since are removed, changed ones restored, except those `keep` names (the test runner sets its
 * own for each file). For the test runner, whose files share a process one after another (ADR 0511).
 * @param {(name: string) => boolean} keep
 * @returns {() => void}
 */
export function environmentCheckpoint(keep = () => false) {
  const saved = { ...process.env };
  return () => {
    for (const name of Object.keys(process.env)) if (!keep(name) && !(name in saved)) delete process.env[name];
    for (const [name, value] of Object.entries(saved))
      if (!keep(name) && process.env[name] !== value) process.env[name] = value;
  };
}
