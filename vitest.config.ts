import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["server/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Auth.js imports next/server without an extension: bundled by Vite, it resolves.
    server: { deps: { inline: ["next-auth", "@auth/core"] } },
    env: { LOG_LEVEL: "silent", CATALOGUE_VERSION_TTL_MS: "0", DOCUMENT_ROOT_ALLOWLIST: "file:///tmp,file:///srv,s3://" },
  },
});
