import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import { VARIABLES as BENCH_VARIABLES } from "@/bench/env.mjs";
import { ALL_VARIABLES, README, renderConfigTables, withConfigTables } from "@/scripts/config-docs.mjs";
import { VARIABLES as TEST_VARIABLES } from "@/test/env.mjs";
import { configErrors, configFrom, env, loadConfig, setEnv, START_VARS, VARIABLES } from "./env.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Files that may touch process.env, and why. Everything else reads `env` from server/env.mjs (or test/env.mjs, bench/env.mjs). */
const ALLOWED: Record<string, string> = {
  "server/env-kit.mjs": "the kit the three configuration modules are built from",
  "playwright.config.ts":
    "decides the test servers' and workers' environment before any worker starts (Playwright reads it in its own process)",
  "instrumentation.ts":
    "process.env.NEXT_RUNTIME is replaced by Next.js at build, per runtime, so the edge bundle drops the Node-only import",
};

const SKIP = new Set([
  "node_modules",
  ".next",
  ".data",
  ".git",
  "drizzle",
  "test-results",
  "playwright-report",
  "artifacts",
  "coverage",
]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourceFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".d.mts")
      ? [path.relative(ROOT, full)]
      : [];
  });
}

const isProcess = (node: ts.Node) =>
  (ts.isIdentifier(node) && node.text === "process") ||
  (ts.isPropertyAccessExpression(node) && node.name.text === "process");

/**
 * Where `code` reads or writes the environment other than through server/env.mjs: `process.env`
 * (`.X`, `[x]`, or passed around), `process["env"]`, or `env` imported from "process". Spreading
 * it whole into a child process's environment (`{ ...process.env, X: "1" }`) reads no variable.
 */
function environmentReads(fileName: string, code: string): string[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.parent.getText().slice(0, 80)}`;
  const visit = (node: ts.Node) => {
    const envAccess =
      (ts.isPropertyAccessExpression(node) && node.name.text === "env" && isProcess(node.expression)) ||
      (ts.isElementAccessExpression(node) &&
        isProcess(node.expression) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === "env");
    if (envAccess && !ts.isSpreadAssignment(node.parent)) found.push(at(node));
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      ["process", "node:process"].includes(node.moduleSpecifier.text)
    ) {
      const bindings = node.importClause?.namedBindings;
      if (
        bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.some((e) => (e.propertyName ?? e.name).text === "env")
      )
        found.push(at(node.moduleSpecifier));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("one configuration module", () => {
  it("is the only code that reads process.env (besides the allow-list)", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(300);
    const reads = files
      .filter((f) => !(f in ALLOWED))
      .flatMap((f) => environmentReads(f, fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(reads).toEqual([]);
    for (const f of Object.keys(ALLOWED)) expect(files).toContain(f);
  });

  it("the check finds a deliberate read, however it is written, and lets a child's environment through", () => {
    expect(environmentReads("a.ts", "const port = Number(process.env.PORT ?? 3000);")).toHaveLength(1);
    expect(environmentReads("a.ts", 'const x = process.env["PORT"]; const y = process["env"].PORT;')).toHaveLength(2);
    expect(environmentReads("a.ts", "const e = process.env; delete globalThis.process.env.X;")).toHaveLength(2);
    expect(environmentReads("a.mjs", 'import { env } from "node:process"; env.PORT;')).toHaveLength(1);
    expect(environmentReads("a.ts", "spawn(cmd, [], { env: { ...process.env, PORT: '1' } });")).toEqual([]);
    expect(environmentReads("a.ts", 'import { env } from "@/server/env.mjs"; env.PORT;')).toEqual([]);
  });

  it("the README's tables are generated from the module (run `npm run docs:config` after adding a variable)", () => {
    const readme = fs.readFileSync(README, "utf8");
    expect(withConfigTables(readme)).toBe(readme);
    for (const name of Object.keys(ALL_VARIABLES)) expect(renderConfigTables()).toContain(`| \`${name}\` |`);
  });

  it("holds the deployment's variables only; the tests' and benches' are in their own modules, none in two", () => {
    const server = Object.keys(VARIABLES);
    expect(server.filter((n) => /^(BENCH_|FAULTS_|CHAOS_|PROFILE_|HA_|STAGES_|FUZZ_|PROPERTY_|E2E_)/.test(n))).toEqual(
      [],
    );
    const all = [...server, ...Object.keys(TEST_VARIABLES), ...Object.keys(BENCH_VARIABLES)];
    expect(all.length).toBe(new Set(all).size);
    expect(Object.keys(TEST_VARIABLES)).toContain("FUZZ_RUNS");
    expect(Object.keys(BENCH_VARIABLES)).toContain("BENCH_ROUNDS");
  });

  it("checks every deployment variable at start: a bad number, flag or text is refused, never a NaN", () => {
    expect([...START_VARS].sort()).toEqual(Object.keys(VARIABLES).sort());
    for (const [name, variable] of Object.entries({ ...VARIABLES, ...TEST_VARIABLES, ...BENCH_VARIABLES }))
      expect(variable.rule, `${name} has a rule`).toBeDefined();
    expect(
      configErrors({
        IMPORT_JOB_WORKERS: "four",
        PAYMENT_VENDOR_TIMEOUT_MS: "3s",
        AUTH_RATE_LIMIT_MAX_FAILURES: "-1",
        RUN_RELAY: "no",
        S3_FORCE_PATH_STYLE: "yes",
        AUTH_SECRET: "abc\ndef",
        EVENT_SOURCE: "urn:x",
      }),
    ).toEqual([
      'AUTH_SECRET="abc\ndef" must not contain control characters (a newline, a tab, NUL)',
      'AUTH_RATE_LIMIT_MAX_FAILURES="-1" must be a whole number >= 0',
      'RUN_RELAY="no" must be one of true, false',
      'IMPORT_JOB_WORKERS="four" must be a whole number >= 0',
      'PAYMENT_VENDOR_TIMEOUT_MS="3s" must be a whole number >= 0',
      'S3_FORCE_PATH_STYLE="yes" must be one of true, false',
    ]);
  });

  it("converts each variable with its default; empty counts as unset", () => {
    const config = configFrom({
      PORT: "8080",
      RUN_WORKERS: "false",
      DATABASE_POOL_SIZE: "",
      S3_FORCE_PATH_STYLE: "false",
      IMPORT_JOB_LANES: "3",
    });
    expect([
      config.PORT,
      config.RUN_WORKERS,
      config.RUN_RELAY,
      config.DATABASE_POOL_SIZE,
      config.S3_FORCE_PATH_STYLE,
      config.IMPORT_JOB_LANES,
    ]).toEqual([8080, false, true, 10, false, 3]);
    expect([config.DATABASE_URL, config.EVENTS_STREAM, config.KEEP_ALIVE_TIMEOUT, config.S3_ENDPOINT]).toEqual([
      undefined,
      "EVENTS",
      undefined,
      undefined,
    ]);
    expect(Object.isFrozen(config)).toBe(true);
    expect(() => Object.assign(config, { PORT: 1 })).toThrow(TypeError);
  });

  it("loadConfig names every bad variable at once, and returns a frozen snapshot", () => {
    expect(() => loadConfig({ PORT: "abc", DATABASE_POOL_SIZE: "0", LOG_LEVEL: "debug" })).toThrow(
      /PORT="abc" must be a whole number from 1 to 65535\n {2}LOG_LEVEL="debug" must be one of info, warn, error, silent\n {2}DATABASE_POOL_SIZE="0" must be a whole number >= 1/,
    );
    const snapshot = loadConfig({ PORT: "4000" });
    expect([snapshot.PORT, Object.isFrozen(snapshot)]).toEqual([4000, true]);
  });

  it("the process's view follows a variable a test sets or stubs", () => {
    const restore = setEnv({ IMPORT_JOB_MAX_ROWS: "12" });
    expect(env.IMPORT_JOB_MAX_ROWS).toBe(12);
    restore();
    expect(env.IMPORT_JOB_MAX_ROWS).toBe(500_000);
    vi.stubEnv("IMPORT_JOB_MAX_ROWS", "7");
    expect(env.IMPORT_JOB_MAX_ROWS).toBe(7);
    vi.unstubAllEnvs();
    expect(env.IMPORT_JOB_MAX_ROWS).toBe(500_000);
  });
});
