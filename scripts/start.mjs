#!/usr/bin/env node
// `npm start`: one command from a fresh clone to a running app.
// 0. The environment is checked first: a bad value stops it before a long build.
// 1. AUTH_SECRET: generated once into ./.data when unset (embedded default).
// 2. Migrations, and the demo data set on an empty database (`cli bootstrap`).
// 3. scripts/server.mjs on PORT (default 3000): the REST API from the route table's sources at
//    once, the console through Next's handler, behind a Node server that passes each request's
//    TCP peer address on (client-address.ts, ADR 0009). With `--build` (no build, or a source
//    file newer than it) the server runs `next build` first while the API answers (ADR 0506).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { configErrors, configFrom, redactUrl } from "../server/env.mjs";
import { serverNodeOptions } from "./server-options.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
// The children's environment: this process's, with what `npm start` decides added; read through the typed view.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const config = configFrom(env);

function ensureAuthSecret() {
  if (config.AUTH_SECRET) return;
  const file = path.join(root, ".data", "auth-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const sources = ["app", "server", "db", "drizzle"].map((d) => newestMtime(path.join(root, d)));
  const files = ["package.json", "next.config.mjs", "tsconfig.json", "proxy.ts", "instrumentation.ts"].map((f) =>
    fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0,
  );
  return Math.max(...sources, ...files) > built;
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    let forwarded = false;
    const forward = (sig) => {
      forwarded = true;
      child.kill(sig);
    };
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      // 130/143: the child exited on the signal we passed on (128 + SIGINT/SIGTERM).
      if (code === 0 || signal === "SIGINT" || signal === "SIGTERM" || (forwarded && (code === 130 || code === 143)))
        resolve();
      else reject(new Error(`${cmd} ${args.join(" ")} exited with ${code ?? signal}`));
    });
  });
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);

const invalid = configErrors(env);
if (invalid.length) {
  console.error(`start failed: invalid configuration (see README.md, Configuration):\n  ${invalid.join("\n  ")}`);
  process.exit(1);
}

try {
  ensureAuthSecret();
  // The console's build runs inside the server, while the API already answers (ADR 0506).
  const build = needsBuild();
  console.log(
    `> Database: ${config.DATABASE_URL ? `PostgreSQL server ${redactUrl(config.DATABASE_URL)}` : `embedded PGlite in ${config.PGLITE_DIR || "./.data/pglite"}`}`,
  );
  await run(bin("tsx"), ["server/cli/main.ts", "bootstrap"]);
  const port = String(config.PORT);
  console.log(`> Console and API on http://localhost:${port} (REST under /v1/, console at /)`);
  env.NODE_OPTIONS = serverNodeOptions(config.NODE_OPTIONS);
  env.PORT = port;
  env.NODE_ENV = "production";
  await run(process.execPath, [path.join(root, "scripts", "server.mjs"), ...(build ? ["--build"] : [])]);
} catch (err) {
  console.error(`start failed: ${err.message}`);
  process.exit(1);
}
