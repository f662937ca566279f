import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { type EventField, describeEventFields } from "@/server/events/openapi";
import { listEventEntries } from "@/server/events/registry";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const specDir = path.resolve(repoRoot, "../shared/spec");
const script = path.join(repoRoot, "scripts/derive-event-list.mjs");

// No skip when the documents are missing: the list would then be unverifiable.
function runScript(...args: string[]): string {
  expect(existsSync(specDir), `event catalogue documents not found at ${specDir}`).toBe(true);
  return execFileSync(process.execPath, [script, ...args, specDir], { encoding: "utf8" });
}

test("scripts/derive-event-list.mjs reproduces catalogue-list.txt from the documents", () => {
  const checkedIn = readFileSync(path.join(repoRoot, "server/events/catalogue-list.txt"), "utf8");
  expect(runScript()).toBe(checkedIn);
});

test("every entry's fields (names, types, required, nesting) match the documents", () => {
  const documented = JSON.parse(runScript("--fields")) as Record<string, EventField[]>;
  const byPath = (a: EventField, b: EventField) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const mismatches = listEventEntries().flatMap(({ type, version }) => {
    const expected = (documented[`${type} ${version}`] ?? []).slice().sort(byPath);
    const actual = describeEventFields(type, version).slice().sort(byPath);
    const key = (f: EventField) => JSON.stringify(f);
    const missing = expected.filter((f) => !actual.some((a) => key(a) === key(f)));
    const extra = actual.filter((f) => !expected.some((e) => key(e) === key(f)));
    return missing.length || extra.length ? [{ event: `${type} ${version}`, missing, extra }] : [];
  });
  expect(mismatches).toEqual([]);
});
