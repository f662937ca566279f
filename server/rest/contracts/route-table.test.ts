import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildRestOpenApi, routeTable } from ".";
import { restRoutes } from "../routes/table";
import before from "./operations-before-contracts.json";

describe("the REST route table", () => {
  it("serves every route from its contract, and every contract has its route", () => {
    const norm = (p: string) => p.replace(/\{[^}]+\}/g, "{}");
    expect(restRoutes.length).toBeGreaterThan(20);
    for (const { method, template, handler } of restRoutes) {
      const contract = handler.contract;
      const url = template.replace(/\[[^\]]+\]/g, "{}");
      // The GraphQL schema's SDL is plain text, outside the OpenAPI document.
      if (url === "/v1/graphql/schema.graphql") continue;
      expect(contract, `${method} ${template} is not built from a contract`).toBeDefined();
      expect(routeTable, `${method} ${template}`).toContain(contract);
      expect(`${contract!.method.toUpperCase()} ${norm(contract!.path)}`).toBe(`${method} ${url}`);
    }
    // The table's contracts are the OpenAPI document's, in its order.
    expect(routeTable).toEqual(
      restRoutes
        .flatMap((r) => (r.handler.contract ? [r.handler.contract] : []))
        .sort((x, y) => routeTable.indexOf(x) - routeTable.indexOf(y)),
    );
    expect(new Set(restRoutes.map((r) => r.handler.contract).filter(Boolean)).size).toBe(routeTable.length);
  });

  it("leaves app/v1 and app/v2 with their catch-all routes only, each one line of dispatch", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : [],
      );
    const found = [...files("app/v1"), ...files("app/v2")].sort();
    expect(found).toEqual(["app/v1/[[...rest]]/route.ts", "app/v2/[[...rest]]/route.ts"]);
    for (const f of found)
      expect(readFileSync(f, "utf8")).toMatch(
        /^export const \{ GET, POST, PUT, PATCH, DELETE, OPTIONS \} = restRouteModule\(\);$/m,
      );
  });

  it("generates at least every operation, parameter and status the hand-written documents had", () => {
    const doc = buildRestOpenApi();
    type Op = {
      summary: string;
      responses: Record<string, unknown>;
      parameters: { in: string; name: string }[];
      requestBody?: unknown;
    };
    const paths = doc.paths as Record<string, Record<string, Op>>;
    for (const [key, old] of Object.entries(before.operations)) {
      const [method, p] = key.split(" ");
      const op = paths[p]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      expect(op!.summary, key).toBe(old.summary);
      expect(Object.keys(op!.responses), key).toEqual(expect.arrayContaining(old.statuses));
      expect(
        op!.parameters.map((x) => `${x.in}:${x.name}`),
        key,
      ).toEqual(expect.arrayContaining(old.parameters));
      expect(op!.requestBody !== undefined, key).toBe(old.requestBody);
    }
    expect(doc.tags!.map((t) => t.name)).toEqual(expect.arrayContaining(before.tags));
  });
});
