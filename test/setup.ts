import { inject, vi } from "vitest";
import { environmentCheckpoint } from "@/server/env-kit.mjs";
import { resetProcessState } from "@/server/process-state";
import { testEnv } from "@/test/env.mjs";

// Most files share their worker's process with the files before them (ADR 0511): each starts
// here as it would in a process of its own. The environment is the worker's as it started (a
// file's setEnv or stubEnv ends with it), no spy, fake clock or stubbed global is left over, the
// caches of what earlier files read from their databases are empty, and there is no
// process-wide database until the file opens its own (test/db.ts).
type Worker = typeof globalThis & { __restoreWorkerEnv?: () => void; __dbHandle?: unknown };
const worker = globalThis as Worker;
if (!worker.__restoreWorkerEnv) {
  // VITEST_*: the runner's own, which it sets for each file.
  worker.__restoreWorkerEnv = environmentCheckpoint((name) => name.startsWith("VITEST"));
} else {
  vi.unstubAllEnvs();
  worker.__restoreWorkerEnv();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetProcessState();
  worker.__dbHandle = undefined;
}

// Before the file imports anything: on PostgreSQL, DATABASE_URL is this worker's own database
// (test/global-setup.ts), for the file's code and for every process it starts. On PGlite
// nothing is loaded here (zod, under env.mjs, costs a file half a second).
const urls = inject("workerDatabaseUrls");
if (urls) {
  const { setEnv } = await import("@/server/env.mjs");
  setEnv({ DATABASE_URL: urls[(Number(testEnv.VITEST_POOL_ID) || 1) - 1] });
}
