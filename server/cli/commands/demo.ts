import { Command } from "commander";
import { checkStartupConfig } from "../../background";
import { DEMO_ORG_NUMBER, isDatabaseEmpty, loadDemo } from "../../services/demo/load-demo";
import { platformFolderOf } from "../../services/documents/locations";
import type { DbHandle } from "@/db/client";
import { postgresTarget } from "@/db/postgres-url";
import { cliDb, cliHandle, print } from "../runtime";

/** Any number of `npm start`s on one PostgreSQL database: the first loads the demo set, the rest wait, then see it. */
const BOOTSTRAP_LOCK = 727274002;

async function runDemo(o: { json?: boolean }) {
  const db = await cliDb();
  // The platform folder is partitioned per organisation (ADR 0106): the demo set uses ORG-DEMO's.
  const demo = await loadDemo(db, { documentRoot: platformFolderOf(DEMO_ORG_NUMBER) });
  print(o, demo, () =>
    [
      "Loaded the demo data set.",
      `  Organisation  ${demo.organisation.number} (${demo.organisation.name})`,
      `  API key       ${demo.apiKey}   <- shown once; use it as "Authorization: Token <key>"`,
      ...demo.users.map((u) => `  Console       ${u.email} / ${u.password} (${u.role})`),
      `  Suppliers     ${Object.values(demo.suppliers)
        .map((s) => `${s.code} (${s.status})`)
        .join(", ")}`,
      `  Accounts      ${demo.importedAccounts.join(", ")} imported; LEGACY-100203 staged`,
    ].join("\n"),
  );
}

export function demoCommand(): Command {
  return new Command("demo")
    .description("Load the demo data set")
    .option("--json", "machine-readable output")
    .action(runDemo);
}

/** Used by `npm start`: migrate, and on an empty database load the demo set once. */
export function bootstrapCommand(): Command {
  return new Command("bootstrap")
    .description("Apply migrations; load the demo data set when the database is empty")
    .option("--json", "machine-readable output")
    .option("--no-demo", "never load the demo data set")
    .action(async (o) => {
      // `npm start` runs this before the server: a bad setting stops it here, not once serving.
      checkStartupConfig();
      const handle = await cliHandle();
      await withBootstrapLock(handle, async () => {
        if (o.demo && (await isDatabaseEmpty(handle.db))) return runDemo(o);
        print(o, { migrated: true, demo: false }, () => "Database is up to date.");
      });
    });
}

/**
 * Holds a session advisory lock on its own connection while `fn` runs (the pool's
 * connections come and go). PGlite needs none: its directory lock admits one process.
 */
async function withBootstrapLock(handle: DbHandle, fn: () => Promise<void>) {
  if (handle.kind !== "postgres" || !handle.url) return fn();
  const { default: postgres } = await import("postgres");
  const target = postgresTarget(handle.url);
  const lock = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
  try {
    await lock.unsafe(`select pg_advisory_lock(${BOOTSTRAP_LOCK})`);
    await fn();
  } finally {
    await lock.end({ timeout: 5 });
  }
}
