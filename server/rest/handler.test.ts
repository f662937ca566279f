import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { allImportProcessesHandler as listAll } from "@/server/rest/routes/account-import";
import { transferStatusHandler as transferStatus } from "@/server/rest/routes/account-import";
import { useTestDb } from "@/test/db";
import { makeOrg, makeSupplier } from "@/test/factories";
import { call } from "@/test/http";
import { MAX_BODY_BYTES } from "./body";

const t = useTestDb();

describe("REST adapter", () => {
  it("answers an oversized body with 413 in the error shape", async () => {
    const org = await makeOrg(t.db);
    const big = JSON.stringify({ billing_name: "x".repeat(MAX_BODY_BYTES) });
    const res = await call(stage, "/x", { rawBody: big, auth: `Token ${org.apiKey}` });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ detail: expect.stringContaining("exceeds"), code: "payload_too_large", errors: [] });
  });

  it("answers an empty body and a JSON string with 400, and carries a request id", async () => {
    const org = await makeOrg(t.db);
    const empty = await call(stage, "/x", { rawBody: "", auth: `Token ${org.apiKey}`, method: "POST" });
    expect(empty.status).toBe(400);
    expect(empty.json.code).toBe("parse_error");
    const str = await call(stage, "/x", { rawBody: '"hello"', auth: `Token ${org.apiKey}` });
    expect(str.status).toBe(400);
    expect(str.json.errors[0]).toMatchObject({ code: "invalid_type", attr: null });
    expect(str.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("accepts Token, JWT-style and bare credentials alike, and rejects a wrong scheme", async () => {
    const org = await makeOrg(t.db);
    for (const auth of [`Token ${org.apiKey}`, `JWT ${org.apiKey}`, org.apiKey]) {
      const res = await call(stage, "/x", { body: {}, auth });
      expect(res.status).toBe(400); // authenticated, then the empty body fails validation
    }
    const basic = await call(stage, "/x", {
      body: {},
      auth: `Basic ${Buffer.from(`${org.apiKey}:`).toString("base64")}`,
    });
    expect(basic.status).toBe(401);
  });

  it("refuses a NUL character and an over-precise number with 400, never 500", async () => {
    const org = await makeOrg(t.db);
    const nul = await call(stage, "/x", { rawBody: '{"import_supplier":"A\\u0000B"}', auth: `Token ${org.apiKey}` });
    expect(nul.status).toBe(400);
    expect(nul.json.errors).toContainEqual(
      expect.objectContaining({ code: "null_character", attr: "import_supplier" }),
    );
    const num = await call(stage, "/x", {
      rawBody: '{"import_supplier":"S","customers":[{"age":1.00000000000000000001}]}',
      auth: `Token ${org.apiKey}`,
    });
    expect(num.status).toBe(400);
    expect(num.json.errors).toContainEqual(
      expect.objectContaining({ code: "number_precision_exceeded", attr: "customers.0.age" }),
    );
  });

  it("refuses a query parameter the route reads given twice with 400 invalid_query, and lets ignored ones repeat", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const get = (query: string) =>
      call(listAll, `/x?${query}`, { auth: `Token ${org.apiKey}`, params: { supplier: supplier.code } });
    for (const query of ["page_size=1&page_size=2", "page_size=5&page_size=5", "after=0&page_size=1&after=9"]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      const attr = query.startsWith("after") ? "after" : "page_size";
      expect(res.json).toEqual({
        detail: expect.stringContaining(attr),
        code: "invalid_query",
        errors: [{ attr, code: "repeated_parameter", detail: expect.any(String) }],
      });
    }
    expect((await get("page_size=1")).status).toBe(200);
    expect((await get("page_size=1&utm=a&utm=b")).status).toBe(200);
  });

  it("passes path segments through as Next.js decoded them (a literal % is not decoded twice)", async () => {
    const org = await makeOrg(t.db);
    const res = await call(transferStatus, "/x", {
      auth: `Token ${org.apiKey}`,
      params: { supplier: "100%", external: "E%41" },
    });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("100%");
  });

  it("stamps an API key's last use once a minute, not on every request", async () => {
    const org = await makeOrg(t.db);
    const lastUsed = async () => (await t.db.select().from(apiKeys).where(eq(apiKeys.id, org.apiKeyId)))[0].lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await call(stage, "/x", { body: {}, auth: `Token ${org.apiKey}` });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await Promise.all(Array.from({ length: 20 }, () => call(stage, "/x", { body: {}, auth: `Token ${org.apiKey}` })));
    expect((await lastUsed())?.getTime()).toBe(first!.getTime());
  });
});
