import { createRequire } from "node:module";
import path from "node:path";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { beforeAll, describe, expect, it } from "vitest";

// The layer rule of ADR 0500, run by `npm test`; the rules themselves are in .dependency-cruiser.cjs.
const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const CRUISED = ["app", "server", "db", "scripts", "test", "bench", "e2e", "instrumentation.ts", "proxy.ts"];

type Layer = { name: string; paths: string[] };
const { LAYERS, TEST_CODE } = createRequire(import.meta.url)(CONFIG) as { LAYERS: Layer[]; TEST_CODE: string[] };
const matches = (patterns: string[], file: string) => patterns.some((p) => new RegExp(p).test(file));

/**
 * The folder a production file belongs to, for the circle check between folders: a service's
 * subject (server/services/<subject>), a console component area (app/components/<area>) or page
 * area (app/(console)/<area>), any other folder one level under app/, server/ or db/, and a file
 * at the top of one of them on its own.
 */
function folderOf(file: string): string {
  const parts = file.split("/");
  const depth =
    (parts[1] === "services" || parts[1] === "components" || parts[1] === "(console)") && parts.length > 3 ? 3 : 2;
  return parts.slice(0, Math.min(depth, parts.length)).join("/");
}

/** The folders that depend on each other round a circle (Tarjan's strongly connected components of more than one). */
function folderCircles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const members: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1) circles.push(members.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return circles;
}

function describeViolation(v: IViolation): string {
  const via = v.cycle?.length ? `\n      circle: ${[v.from, ...v.cycle.map((c) => c.name)].join(" -> ")}` : "";
  return `${v.rule.name}: ${v.from} -> ${v.to}${via}`;
}

describe("the layer rule (ADR 0500, 0507, docs/architecture.md)", () => {
  let result: ICruiseResult;

  beforeAll(async () => {
    const previous = process.cwd();
    process.chdir(ROOT);
    try {
      const options = await extractDepcruiseOptions(CONFIG);
      const tsConfig = extractTSConfig(path.join(ROOT, "tsconfig.json"));
      result = (await cruise(CRUISED, options, {}, { tsConfig })).output as ICruiseResult;
    } finally {
      process.chdir(previous);
    }
  }, 180_000);

  it("no import runs up a layer, from one transport into another, from production into test code, or in a circle", () => {
    const rules = new Map((result.summary.ruleSetUsed?.forbidden ?? []).map((r) => [r.name, r.comment ?? ""]));
    const found = result.summary.violations.map(describeViolation);
    const why = [...new Set(result.summary.violations.map((v) => v.rule.name))].map(
      (name) => `  ${name}: ${rules.get(name)}`,
    );
    expect(
      found.length,
      `${found.length} import(s) break the layer rule:\n${found.map((f) => `  ${f}`).join("\n")}\nRules:\n${why.join("\n")}\n`,
    ).toBe(0);
  });

  it("no two folders depend on each other, directly or round a circle (type-only imports included)", () => {
    const production = (f: string) => /^(app|server|db)\//.test(f) && !matches(TEST_CODE, f);
    const edges = new Map<string, Set<string>>();
    const imports = new Map<string, string[]>();
    for (const m of result.modules) {
      if (!production(m.source)) continue;
      for (const d of m.dependencies) {
        const [from, to] = [folderOf(m.source), folderOf(d.resolved)];
        if (!production(d.resolved) || from === to) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
        imports.set(`${from} ${to}`, [...(imports.get(`${from} ${to}`) ?? []), `${m.source} -> ${d.resolved}`]);
      }
    }
    const circles = folderCircles(edges).map((c) => {
      const ties = c.flatMap((a) => c.flatMap((b) => imports.get(`${a} ${b}`) ?? []));
      const more = ties.length > 40 ? `\n    … and ${ties.length - 40} more` : "";
      return `  ${c.join(" <-> ")}\n${ties
        .slice(0, 40)
        .map((t) => `    ${t}`)
        .join("\n")}${more}`;
    });
    expect(
      circles.length,
      `folders that depend on each other (move what both need into one of them, or lower):\n${circles.join("\n")}\n`,
    ).toBe(0);
  });

  it("every production file under app/, server/ and db/ sits in a layer of .dependency-cruiser.cjs", () => {
    const production = result.modules
      .map((m) => m.source)
      .filter((f) => /^(app|server|db)\//.test(f) && !matches(TEST_CODE, f));
    expect(production.length).toBeGreaterThan(300);
    const homeless = production.filter((f) => !LAYERS.some((l) => matches(l.paths, f)));
    expect(
      homeless.length,
      `not in any layer; add each to one in .dependency-cruiser.cjs:\n  ${homeless.join("\n  ")}\n`,
    ).toBe(0);
  });
});
