import { inject } from "vitest";
import { env, setEnv } from "@/server/env.mjs";

// Before the file imports anything: on PostgreSQL, DATABASE_URL is this worker's own database
// (test/global-setup.ts), for the file's code and for every process it starts.
const urls = inject("workerDatabaseUrls");
if (urls) setEnv({ DATABASE_URL: urls[(Number(env.VITEST_POOL_ID) || 1) - 1] });
