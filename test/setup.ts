import { inject } from "vitest";
import { testEnv } from "@/test/env.mjs";

// Before the file imports anything: on PostgreSQL, DATABASE_URL is this worker's own database
// (test/global-setup.ts), for the file's code and for every process it starts. On PGlite
// nothing is loaded here (zod, under env.mjs, costs a file half a second).
const urls = inject("workerDatabaseUrls");
if (urls) {
  const { setEnv } = await import("@/server/env.mjs");
  setEnv({ DATABASE_URL: urls[(Number(testEnv.VITEST_POOL_ID) || 1) - 1] });
}
