import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/db/client";
import { env } from "@/server/env.mjs";
import {
  adminQuery,
  copyDatabase,
  databaseName,
  dropDatabase,
  workerDatabaseRun,
  workerDatabaseUrl,
} from "./worker-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumpDataDir() tarball of a migrated PGlite: each in-memory test database starts from it. */
    pgliteTemplate: string;
    /** DATABASE_URL as the run was started with, the template of every database the tests make (PostgreSQL runs). */
    baseDatabaseUrl: string | undefined;
    /** Each worker's own copy of it, by VITEST_POOL_ID - 1 (PostgreSQL runs). */
    workerDatabaseUrls: string[] | undefined;
  }
}

const ROOT = path.resolve(import.meta.dirname, "..");
const CACHE = path.join(ROOT, "node_modules", ".cache", "kraken-migrate");

/**
 * Migrations once per run, not once per file (ADR 0503). PGlite: a migrated database dumped
 * to a tarball, kept while the migrations and PGlite stay the same, that each file loads in
 * about a second instead of running 22 migrations in six. PostgreSQL: DATABASE_URL's
 * database is migrated once and copied (CREATE DATABASE ... TEMPLATE) into one database per
 * worker, so files running at once never share one while each worker's files run one after
 * another on theirs, as the whole suite did on DATABASE_URL before.
 */
export default async function setup(project: TestProject) {
  // Each test project (vitest.config.ts: shared and isolated) runs this; the run's databases are made once.
  const g = globalThis as { __testDatabases?: ReturnType<typeof prepare> };
  const first = !g.__testDatabases;
  g.__testDatabases ??= prepare(project);
  const { provided, teardown } = await g.__testDatabases;
  project.provide("pgliteTemplate", provided.pgliteTemplate);
  project.provide("baseDatabaseUrl", provided.baseDatabaseUrl);
  project.provide("workerDatabaseUrls", provided.workerDatabaseUrls);
  return first ? teardown : undefined;
}

type Provided = Pick<ProvidedContext, "pgliteTemplate" | "baseDatabaseUrl" | "workerDatabaseUrls">;

async function prepare(project: TestProject): Promise<{ provided: Provided; teardown?: () => Promise<void> }> {
  const base = env.DATABASE_URL;
  // Also on PostgreSQL: a few files use an embedded database whatever DATABASE_URL says.
  const template = await pgliteTemplate();
  if (!base) return { provided: { pgliteTemplate: template, baseDatabaseUrl: base, workerDatabaseUrls: undefined } };
  await (await openDatabase({ url: base })).close();
  const workers = Number(project.config.maxWorkers || project.vitest.config.maxWorkers || os.availableParallelism());
  const urls = Array.from({ length: workers }, (_, i) => workerDatabaseUrl(base, process.pid, i + 1));
  const existing = await adminQuery<{ datname: string }>(base, "select datname from pg_database");
  for (const { datname } of existing) {
    const run = workerDatabaseRun(base, datname);
    if (run !== undefined && !isAlive(run)) await dropDatabase(base, datname);
  }
  for (const url of urls) await copyDatabase(base, databaseName(url), databaseName(base));
  return {
    provided: { pgliteTemplate: template, baseDatabaseUrl: base, workerDatabaseUrls: urls },
    teardown: async () => {
      for (const url of urls) await dropDatabase(base, databaseName(url));
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The migrated PGlite tarball for the migrations in drizzle/, built when missing. */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash("sha256");
  hash.update(
    JSON.parse(readFileSync(path.join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"))
      .version,
  );
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(path.join(ROOT, "drizzle", file)));
  const file = path.join(CACHE, `pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    if (statSync(file).size > 0) return file;
  } catch {
    // not built yet
  }
  // url "": embedded even when DATABASE_URL is set (openDatabase falls back to it only when url is undefined).
  const handle = await openDatabase({ url: "", pgliteDir: "memory://" });
  try {
    const tarball = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    mkdirSync(CACHE, { recursive: true });
    // Another run may build the same one at the same moment: each writes its own file, and the rename is atomic.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  for (const old of readdirSync(CACHE)) {
    const full = path.join(CACHE, old);
    // Templates of other migrations; a day's grace for a run still reading one.
    if (old.startsWith("pglite-template-") && full !== file && Date.now() - statSync(full).mtimeMs > 86_400_000)
      rmSync(full, { force: true });
  }
  return file;
}

function migrationFiles(): string[] {
  const dir = path.join(ROOT, "drizzle");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
    statSync(path.join(dir, f)).isFile(),
  );
  return files.sort();
}
