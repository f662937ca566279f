import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const WORKERS = Math.min(Math.max(os.availableParallelism(), 2), 6);

const INCLUDE = ["server/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "test/**/*.test.ts"];

/**
 * Files that replace a module (vi.mock) run each in a process of its own: a module another file
 * already loaded would keep the real one, and the mock would stay for the files after it. All
 * the others share their worker's process and the modules it has loaded, one file after another,
 * each starting from test/setup.ts's reset (ADR 0511): loading the app's modules again for every
 * file was half of the suite's time.
 */
const FILES = INCLUDE.map((pattern) => pattern.split("/")[0]).flatMap((dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/"))),
);
const ISOLATED = FILES.filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(import.meta.dirname, file), "utf8")),
);
const SHARED = FILES.filter((file) => !ISOLATED.includes(file));

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: INCLUDE,
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: on a 2-core machine one, so every file
    // waited for the one before it and a core idled (ADR 0503).
    maxWorkers: WORKERS,
    // A larger young generation: fewer scavenges of the fixtures' short-lived objects (a few % of a file's CPU).
    execArgv: ["--max-semi-space-size=32"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    reporters: ["default", "./test/duration-reporter.ts"],
    // Auth.js imports next/server without an extension: bundled by Vite, it resolves.
    server: { deps: { inline: ["next-auth", "@auth/core"] } },
    env: {
      LOG_LEVEL: "silent",
      API_ADDRESS_RATE_LIMIT_PER_MINUTE: "0",
      API_CUSTOMER_RATE_LIMIT_PER_MINUTE: "0",
      CATALOGUE_VERSION_TTL_MS: "0",
      DOCUMENT_ROOT_ALLOWLIST: "file:///tmp,file:///srv,s3://",
    },
    projects: [
      { extends: true, test: { name: "shared", isolate: false, exclude: ISOLATED } },
      { extends: true, test: { name: "isolated", isolate: true, exclude: SHARED } },
    ],
  },
});
