import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { accountPayload } from "@/test/factories";
import { logger } from "@/server/logger";
import { env, setEnv } from "@/server/env.mjs";
import { startConsoleSession } from "@/server/auth/console-sessions";

// The console's routes read the session through Auth.js: the signed-in operator is given here.
const session = vi.hoisted(() => ({
  current: null as null | { user: { id: string; organisationId: number }; sessionId: string },
}));
vi.mock("@/server/auth/config", async (original) => ({
  ...(await original<object>()),
  auth: async () => session.current,
}));
setEnv({ AUTH_SECRET: env.AUTH_SECRET ?? "issue-37-secret-issue-37-secret-0123" });

const t = useTestDb();
let world: { accountNumber: string; supplier: string };

beforeAll(async () => {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  const account = await makeImportedAccount(org, supplier.code);
  const operator = await makeUser(org, "operator");
  // A real session row: without one the console routes answer 401 before reading any input.
  session.current = {
    user: { id: String(operator.id), organisationId: org.id },
    sessionId: await startConsoleSession(t.db, operator.id, 3600),
  };
  world = { accountNumber: account.accountNumber, supplier: supplier.code };
});
afterEach(() => vi.restoreAllMocks());

/** The answer and whether anything was logged as an error (a stack trace in the server's log). */
async function answer(run: () => Promise<Response>) {
  const errors = vi.spyOn(logger, "error");
  const res = await run();
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* kept as text */
  }
  return { status: res.status, json: json as any, loggedErrors: errors.mock.calls.length };
}

describe("issue 37 point 5: the reproductions answer 400 in the error shape, nothing logged as an error", () => {
  it("GraphQL GET with variables or extensions that are not JSON objects", async () => {
    const { graphqlGetHandler: GET } = await import("@/server/rest/routes/graphql");
    for (const q of ["variables=x", "extensions=x", "variables=[1]", "extensions=%7B", "variables=null&extensions=1"]) {
      const res = await answer(() => GET(new Request(`http://localhost/v1/graphql/?query=%7B__typename%7D&${q}`)));
      expect([res.status, res.loggedErrors], q).toEqual([400, 0]);
      expect(res.json.errors[0].extensions, q).toMatchObject({ errorType: "VALIDATION" });
    }
  });

  it("the ledger CSV export with a bad type, date, amount or reason", async () => {
    const { GET } = await import("@/app/(console)/accounts/[number]/ledger.csv/route");
    for (const q of [
      "type=X",
      "from=2026-02-30",
      "to=2026-13-01",
      "min=1e400",
      "min=NaN",
      "max=Infinity",
      "min=abc",
      "reason=%00",
      "from=2026-02-30&to=x",
    ]) {
      const res = await answer(() =>
        GET(new Request(`http://localhost/accounts/${world.accountNumber}/ledger.csv?${q}`), {
          params: Promise.resolve({ number: world.accountNumber }),
        }),
      );
      expect([res.status, res.loggedErrors], q).toEqual([400, 0]);
      expect(res.json, q).toMatchObject({
        detail: expect.any(String),
        code: expect.any(String),
        errors: expect.any(Array),
      });
    }
  });

  it("the import-job upload with a bad format, an overlong name, a NUL in the name or the supplier", async () => {
    const { POST } = await import("@/app/(console)/import-jobs/upload/route");
    const file = `${JSON.stringify(accountPayload(world.supplier))}\n`;
    for (const q of [
      `supplier=${world.supplier}&format=xml`,
      `supplier=${world.supplier}&name=${"n".repeat(5000)}`,
      `supplier=${world.supplier}&name=lx~%00`,
      "supplier=%00",
      `supplier=${"s".repeat(5000)}`,
    ]) {
      const res = await answer(() =>
        POST(new Request(`http://localhost/import-jobs/upload?${q}`, { method: "POST", body: file })),
      );
      expect([res.status, res.loggedErrors], q.slice(0, 40)).toEqual([400, 0]);
      expect(res.json, q.slice(0, 40)).toMatchObject({
        detail: expect.any(String),
        code: expect.any(String),
        errors: expect.any(Array),
      });
    }
  });

  it("an upload that is not UTF-8 is reported as such, at its row, not as a broken-off upload", async () => {
    const { POST } = await import("@/app/(console)/import-jobs/upload/route");
    const good = Buffer.from(`${JSON.stringify(accountPayload(world.supplier))}\n`);
    const bad = Buffer.concat([good, Buffer.from('{"broken": "\xff\xfe"}\n', "latin1"), good]);
    const res = await answer(() =>
      POST(
        new Request(`http://localhost/import-jobs/upload?supplier=${world.supplier}&format=jsonl&name=latin1.jsonl`, {
          method: "POST",
          body: bad,
        }),
      ),
    );
    expect(res.loggedErrors).toBe(0);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_encoding", errors: [{ code: "invalid_encoding" }] });
    expect(res.json.detail).toMatch(/^Line 2 of the file is not valid UTF-8/);
    // The same for a CSV file, at its line.
    const csv = Buffer.concat([
      Buffer.from("external_account_number,billing_postcode\nEXT-1,SW1A 1AA\n"),
      Buffer.from("EXT-2,Caf\xe9\n", "latin1"),
    ]);
    const res2 = await answer(() =>
      POST(
        new Request(`http://localhost/import-jobs/upload?supplier=${world.supplier}&format=csv&name=latin1.csv`, {
          method: "POST",
          body: csv,
        }),
      ),
    );
    expect([res2.status, res2.json.code, res2.loggedErrors]).toEqual([400, "invalid_encoding", 0]);
    expect(res2.json.detail).toMatch(/^Line 3 of the file is not valid UTF-8/);
  });
});
