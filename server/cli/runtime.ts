import { forgetOnReset } from "@/server/process-state";
import { eq } from "drizzle-orm";
import { isDatabaseUnavailable } from "@/db/errors";
import { type DbHandle, defaultPgliteDir, openDatabase } from "@/db/client";
import { organisations } from "@/db/schema";
import { env, redactUrl } from "@/server/env.mjs";
import { type Ctx, systemCtx } from "../context";
import { ServiceError } from "../errors";
import { CliError } from "./errors";

let handle: DbHandle | undefined;
/** Given by lendCliDb: used, never closed, by the command. */
let lent = false;
forgetOnReset(() => {
  handle = undefined;
  lent = false;
});

/** The database the next command uses and leaves open (the tests' in-process runs, on their file's database). */
export function lendCliDb(db: DbHandle) {
  handle = db;
  lent = true;
}

export async function cliDb() {
  handle ??= await openDatabase().catch((err) => {
    throw describeOpenError(err);
  });
  return handle.db;
}

export async function cliHandle(): Promise<DbHandle> {
  await cliDb();
  return handle!;
}

/** Says which database could not be opened and why, without the password. */
function describeOpenError(err: unknown): unknown {
  const message = (err as Error)?.message ?? String(err);
  if (message.startsWith("invalid configuration")) return new CliError("invalid_configuration", message);
  if (message.includes("is in use by process")) return new CliError("database_in_use", message);
  const url = env.DATABASE_URL;
  if (url && isDatabaseUnavailable(err))
    return new CliError(
      "database_unavailable",
      `cannot open the database at ${redactUrl(url)} (DATABASE_URL): ${message}`,
    );
  if (!url)
    return new CliError(
      "database_unavailable",
      `cannot open the embedded database in ${env.PGLITE_DIR || defaultPgliteDir()}: ${message}`,
    );
  return err;
}

export async function closeCliDb() {
  if (!lent) await handle?.close();
  handle = undefined;
  lent = false;
}

/** A system context acting for the organisation named by --org (or the only one there is). */
export async function orgCtx(orgNumber: string | undefined): Promise<Ctx> {
  const db = await cliDb();
  const rows = orgNumber
    ? await db.select().from(organisations).where(eq(organisations.number, orgNumber))
    : await db.select().from(organisations).limit(2);
  if (rows.length === 0)
    throw new ServiceError(
      "not_found",
      "organisation_not_found",
      orgNumber ? `No organisation ${orgNumber}.` : "No organisation yet: run `org create` first.",
    );
  if (rows.length > 1)
    throw new ServiceError("validation", "organisation_required", "Several organisations exist: pass --org ORG-XXXX.");
  return systemCtx(db, "cli", rows[0].id);
}

export type Output = { json?: boolean };

/** Prints machine-readable JSON with --json, else a short human summary. */
export function print(opts: Output, value: unknown, human: () => string) {
  console.log(opts.json ? JSON.stringify(value, null, 2) : human());
}

export function table(rows: Record<string, unknown>[]): string {
  if (!rows.length) return "(none)";
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) => (v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [
    line(cols),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(cols.map((c) => cell(r[c])))),
  ].join("\n");
}
