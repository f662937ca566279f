import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const WORKERS = Math.min(Math.max(os.availableParallelism(), 2), 6);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["server/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "test/**/*.test.ts"],
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
  },
});
