import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { type EventField, describeEventFields } from "@/server/events/openapi";
import { listEventEntries } from "@/server/events/registry";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The contract beside the checkout when it is there; otherwise the copy kept in docs/spec
// (never a skip: the list would then be unverifiable).
const sharedDir = path.resolve(repoRoot, "../shared/spec");
const copyDir = path.join(repoRoot, "docs/spec");
const specDir = existsSync(sharedDir) ? sharedDir : copyDir;
const script = path.join(repoRoot, "scripts/derive-event-list.mjs");
const EVENT_DOCS = ["2-events-account-to-industry.md", "3-events-ink-to-meterpoint.md"];

function runScript(...args: string[]): string {
  return execFileSync(process.execPath, [script, ...args, specDir], { encoding: "utf8" });
}

test("the copy of the catalogue documents in docs/spec is the contract's, byte for byte", () => {
  for (const doc of EVENT_DOCS) {
    const copy = readFileSync(path.join(copyDir, doc), "utf8");
    expect(copy.length).toBeGreaterThan(1000);
    if (specDir === sharedDir)
      expect(copy, `docs/spec/${doc} differs from ../shared/spec/${doc}`).toBe(
        readFileSync(path.join(sharedDir, doc), "utf8"),
      );
  }
});

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
