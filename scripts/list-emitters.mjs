#!/usr/bin/env node
// Lists every emit(...) / pending(...) call outside the events module and tests, as
// "file:line  type  version", for the "which action emits which events" table in
// docs/events.md. Calls whose type is not a string literal are printed with "?".
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const skip = (p) =>
  p.includes("node_modules") ||
  p.endsWith(".test.ts") ||
  p.includes(`${path.sep}events${path.sep}`) ||
  p.includes(`${path.sep}testing${path.sep}`);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.tsx?$/.test(name) && !skip(p)) yield p;
  }
}

const call = /\b(emit|pending)\(\s*(?:[\w.]+(?:\s+as\s+[^,]+)?\s*,\s*)?(?:"([a-z0-9_.-]+)"|([\w.]+))\s*,\s*"([^"]+)"/g;
const rows = [];
for (const dir of ["server", "app"]) {
  for (const file of files(path.join(root, dir))) {
    const text = readFileSync(file, "utf8");
    if (!/from "(@\/server\/events\/emit|\.\.?\/.*events\/emit)"/.test(text)) continue;
    for (const m of text.matchAll(call)) {
      const line = text.slice(0, m.index).split("\n").length;
      rows.push([`${path.relative(root, file)}:${line}`, m[2] ?? `? (${m[3]})`, m[4]]);
    }
  }
}
rows.sort((a, b) => a[0].localeCompare(b[0], "en", { numeric: true }));
for (const r of rows) console.log(r.join("\t"));
