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

function describeViolation(v: IViolation): string {
  const via = v.cycle?.length ? `\n      circle: ${[v.from, ...v.cycle.map((c) => c.name)].join(" -> ")}` : "";
  return `${v.rule.name}: ${v.from} -> ${v.to}${via}`;
}

describe("the layer rule (ADR 0500, docs/architecture.md)", () => {
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
    const why = [...new Set(result.summary.violations.map((v) => v.rule.name))].map((name) => `  ${name}: ${rules.get(name)}`);
    expect(found.length, `${found.length} import(s) break the layer rule:\n${found.map((f) => `  ${f}`).join("\n")}\nRules:\n${why.join("\n")}\n`).toBe(0);
  });

  it("every production file under app/, server/ and db/ sits in a layer of .dependency-cruiser.cjs", () => {
    const production = result.modules.map((m) => m.source).filter((f) => /^(app|server|db)\//.test(f) && !matches(TEST_CODE, f));
    expect(production.length).toBeGreaterThan(300);
    const homeless = production.filter((f) => !LAYERS.some((l) => matches(l.paths, f)));
    expect(homeless.length, `not in any layer; add each to one in .dependency-cruiser.cjs:\n  ${homeless.join("\n  ")}\n`).toBe(0);
  });
});
