import fc from "fast-check";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { validateAccountHandler as validate } from "@/server/rest/routes/account-import";
import { accountImportProcesses, events } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();

/** Replaces one leaf (or drops one key) somewhere in a JSON value. */
function mutate(value: unknown, path: number[], replacement: unknown, drop: boolean): unknown {
  if (!path.length || value === null || typeof value !== "object") return replacement;
  const keys = Object.keys(value as object);
  if (!keys.length) return replacement;
  const key = keys[path[0] % keys.length];
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  if (drop && path.length === 1 && !Array.isArray(value)) delete copy[key];
  else copy[key] = mutate(copy[key], path.slice(1), replacement, drop);
  return copy;
}

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

function expectErrorShape(res: { status: number; json: any }) {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.json.detail).toBe("string");
    expect(typeof res.json.code).toBe("string");
    expect(Array.isArray(res.json.errors)).toBe(true);
    for (const e of res.json.errors)
      expect(e).toEqual({
        detail: expect.any(String),
        code: expect.any(String),
        attr: e.attr === null ? null : expect.any(String),
      });
  }
}

describe("account import endpoints under random input", () => {
  it("never answer 5xx, always use the error shape, and write nothing on a 4xx", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const auth = `Token ${org.apiKey}`;
    const base = accountPayload(supplier.code, "PROP-BASE");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        junk,
        fc.boolean(),
        async (path, replacement, drop) => {
          const body = mutate(base, path, replacement, drop);
          const [before] = await t.db
            .select({ n: count() })
            .from(accountImportProcesses)
            .where(eq(accountImportProcesses.supplierId, supplier.id));
          for (const route of [validate, stage]) {
            const res = await call(route, "/x", { body, auth });
            expectErrorShape(res);
            if (res.status >= 400 && route === stage) {
              const [after] = await t.db
                .select({ n: count() })
                .from(accountImportProcesses)
                .where(eq(accountImportProcesses.supplierId, supplier.id));
              expect(after.n).toBe(before.n);
            }
          }
          // Undo a successful staging so every run starts from the same state.
          await t.db.delete(accountImportProcesses).where(eq(accountImportProcesses.supplierId, supplier.id));
        },
      ),
      { numRuns: 150 },
    );
    // 150 requests with their database writes: about 5 s on a quiet machine; a busy one (CI beside other work) takes several times that.
  }, 120_000);

  it("never 5xx on arbitrary JSON for the process endpoint", async () => {
    const org = await makeOrg(t.db);
    const auth = `Token ${org.apiKey}`;
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const res = await call(processRoute, "/x", { rawBody: JSON.stringify(body), auth });
        expectErrorShape(res);
        expect(res.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 150 },
    );
    const [n] = await t.db.select({ n: count() }).from(events).where(eq(events.organisationId, org.id));
    expect(n.n).toBe(1); // only the api_key.organisation.created of the fixture
  });
});
