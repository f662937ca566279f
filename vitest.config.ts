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
    // next-auth imports "next/server" without an extension, which Node's ESM loader refuses.
    server: { deps: { inline: ["next-auth"] } },
    env: { LOG_LEVEL: "silent", CATALOGUE_VERSION_TTL_MS: "0", DOCUMENT_ROOT_ALLOWLIST: "file:///tmp,file:///srv,s3://" },
  },
});
