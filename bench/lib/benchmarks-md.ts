import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server";

/**
 * Replaces (or appends) one `## <title>` section of BENCHMARKS.md, leaving every other
 * section as it is, so each benchmark owns only its own figures.
 */
export function writeBenchmarkSection(title: string, body: string, file = path.join(ROOT, "BENCHMARKS.md")) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const after = current.indexOf("\n## ", start + heading.length);
    next = current.slice(0, start) + section + (after === -1 ? "" : `\n${current.slice(after + 1)}`);
  }
  fs.writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
}
