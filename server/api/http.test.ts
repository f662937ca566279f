import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { useTestDb } from "@/test/db";
import { makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { appRouter } from "./root";

const t = useTestDb();

/** Drives the router over HTTP the way the console's httpBatchLink does, with a fixed signed-in user. */
async function http(path: string, user: Awaited<ReturnType<typeof makeUser>> | null, body?: unknown) {
  const req = new Request(`http://localhost/api/trpc/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify({ json: body }),
  });
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => ({
      db: t.db,
      requestId: "req-1",
      user: user && {
        id: user.id,
        organisationId: user.organisationId,
        role: user.role,
        email: user.email,
        name: user.name,
      },
    }),
  });
  return { status: res.status, json: await res.json() };
}

describe("tRPC over HTTP", () => {
  it("answers role, validation and service errors with status, code, service code and field errors", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const [operator, support] = await Promise.all([makeUser(org, "operator"), makeUser(org, "support")]);

    const forbidden = await http("supplier.setStatus", support, { code: supplier.code, status: "Paused" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error.json.data).toMatchObject({ code: "FORBIDDEN", requestId: "req-1" });

    const invalid = await http("supplier.create", operator, { code: "no spaces allowed", documentRoot: "ftp://x" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.json.data.fieldErrors.map((e: { attr: string }) => e.attr).sort()).toEqual([
      "code",
      "documentRoot",
    ]);

    const dup = await http("supplier.create", operator, { code: supplier.code, documentRoot: "s3://a/b" });
    expect(dup.status).toBe(409);
    expect(dup.json.error.json.data).toMatchObject({
      serviceCode: "import_supplier_exists",
      fieldErrors: [expect.objectContaining({ attr: "code" })],
    });
    expect(dup.json.error.json.data.stack).toBeUndefined();

    const signedOut = await http("supplier.list?input=%7B%22json%22%3A%7B%7D%7D", null);
    expect(signedOut.status).toBe(401);
  });

  it("sends bad input as a short summary with structured field errors, never zod's JSON", async () => {
    const org = await makeOrg(t.db);
    const operator = await makeUser(org, "operator");
    const empty = await http("supplier.create", operator, { code: "", documentRoot: "" });
    expect(empty.status).toBe(400);
    // A supplier may be created without a document root (issue 39 item 8): only the code is wanted.
    expect(empty.json.error.json.message).toBe("1 field needs attention.");
    expect(empty.json.error.json.data.fieldErrors).toEqual([{ attr: "code", code: "blank", detail: "Enter a code." }]);
    const two = await http("supplier.create", operator, { code: "", documentRoot: "http://x" });
    expect(two.json.error.json.message).toBe("2 fields need attention.");
    const one = await http("supplier.create", operator, { code: "OK-CODE", documentRoot: "http://x" });
    expect(one.json.error.json.message).toBe("1 field needs attention.");
    expect(one.json.error.json.data.fieldErrors).toEqual([
      { attr: "documentRoot", code: "invalid_regex", detail: "Use an s3://bucket/prefix or file:///path location." },
    ]);
    expect(JSON.stringify(empty.json.error.json.message)).not.toMatch(/origin|invalid_format|\[/);
  });
});
