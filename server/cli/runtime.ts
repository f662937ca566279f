import { eq } from "drizzle-orm";
import { type DbHandle, openDatabase } from "@/db/client";
import { organisations } from "@/db/schema";
import { type Ctx, systemCtx } from "../context";
import { ServiceError } from "../errors";

let handle: DbHandle | undefined;

export async function cliDb() {
  handle ??= await openDatabase();
  return handle.db;
}

export async function closeCliDb() {
  await handle?.close();
  handle = undefined;
}

/** A system context acting for the organisation named by --org (or the only one there is). */
export async function orgCtx(orgNumber: string | undefined): Promise<Ctx> {
  const db = await cliDb();
  const rows = orgNumber
    ? await db.select().from(organisations).where(eq(organisations.number, orgNumber))
    : await db.select().from(organisations).limit(2);
  if (rows.length === 0) throw new ServiceError("not_found", "organisation_not_found", orgNumber ? `No organisation ${orgNumber}.` : "No organisation yet: run `org create` first.");
  if (rows.length > 1) throw new ServiceError("validation", "organisation_required", "Several organisations exist: pass --org ORG-XXXX.");
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
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i])).join("  ").trimEnd();
  return [line(cols), line(widths.map((w) => "-".repeat(w))), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join("\n");
}
