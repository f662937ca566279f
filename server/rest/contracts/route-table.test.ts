import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildRestOpenApi, routeTable } from ".";
import type { RouteContract } from "./contract";
import before from "./operations-before-contracts.json";

/** Every `export const GET|POST` of a route.ts under app/v1 and app/v2, with its OpenAPI path shape. */
function routeFiles() {
  const out: { file: string; method: string; url: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === "route.ts") {
        const url = ("/" + path.relative("app", path.dirname(full)).replace(/\[[^\]]+\]/g, "{}") + "/").replace(/\.json\/$/, ".json");
        for (const m of readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) out.push({ file: full, method: m[1], url });
      }
    }
  };
  walk("app/v1");
  walk("app/v2");
  return out;
}

describe("the REST route table", () => {
  it("serves every route file's handler from the contract in the table for its method and path", async () => {
    const norm = (p: string) => p.replace(/\{[^}]+\}/g, "{}");
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(20);
    for (const { file, method, url } of files) {
      const mod = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, { contract?: RouteContract }>;
      const contract = mod[method].contract;
      expect(contract, `${method} ${file} is not built from a contract`).toBeDefined();
      expect(routeTable, `${method} ${file}`).toContain(contract);
      expect(`${contract!.method.toUpperCase()} ${norm(contract!.path)}`, file).toBe(`${method} ${url}`);
    }
    // No contract without a route file.
    const served = new Set(files.map((f) => `${f.method} ${f.url}`));
    expect(routeTable.filter((c) => !served.has(`${c.method.toUpperCase()} ${norm(c.path)}`)).map((c) => c.path)).toEqual([]);
  }, 120_000);

  it("generates at least every operation, parameter and status the hand-written documents had", () => {
    const doc = buildRestOpenApi();
    type Op = { summary: string; responses: Record<string, unknown>; parameters: { in: string; name: string }[]; requestBody?: unknown };
    const paths = doc.paths as Record<string, Record<string, Op>>;
    for (const [key, old] of Object.entries(before.operations)) {
      const [method, p] = key.split(" ");
      const op = paths[p]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      expect(op!.summary, key).toBe(old.summary);
      expect(Object.keys(op!.responses), key).toEqual(expect.arrayContaining(old.statuses));
      expect(op!.parameters.map((x) => `${x.in}:${x.name}`), key).toEqual(expect.arrayContaining(old.parameters));
      expect(op!.requestBody !== undefined, key).toBe(old.requestBody);
    }
    expect(doc.tags!.map((t) => t.name)).toEqual(expect.arrayContaining(before.tags));
  });
});
