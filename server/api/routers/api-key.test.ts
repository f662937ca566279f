import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, events } from "@/db/schema";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { useTestDb } from "@/test/db";
import { accountPayload } from "@/test/factories";
import { call } from "@/test/http";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();
const STAGE = "/v1/data-import/account-import-process/create-or-update/";

describe("api key router", () => {
  it("creates a key shown once, rolls and invalidates it, and records last use", async () => {
    const w = await consoleWorld(t.db);
    const created = await w.operator.apiKey.create({});
    expect(created.key).toMatch(/^sk_live_/);
    const used = await call(stage, STAGE, { body: accountPayload(w.supplier.code), auth: `Token ${created.key}` });
    expect(used.status).toBe(201);
    const listed = await w.support.apiKey.list({});
    const row = listed.find((k) => k.id === created.id)!;
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const rolled = await w.operator.apiKey.roll({ keyId: created.id });
    expect(rolled.key).not.toBe(created.key);
    expect(
      (await call(stage, STAGE, { body: accountPayload(w.supplier.code), auth: `Token ${created.key}` })).status,
    ).toBe(401);
    expect(
      (await call(stage, STAGE, { body: accountPayload(w.supplier.code), auth: `Token ${rolled.key}` })).status,
    ).toBe(201);

    await w.operator.apiKey.invalidate({ keyId: rolled.id });
    expect(
      (await call(stage, STAGE, { body: accountPayload(w.supplier.code), auth: `Token ${rolled.key}` })).status,
    ).toBe(401);
    expect(await codeOf(w.operator.apiKey.invalidate({ keyId: rolled.id }))).toBe("NOT_FOUND");
    const audit = await w.support.audit.list({ entityType: "api_key" });
    expect(audit.items.map((a) => a.action)).toEqual(
      expect.arrayContaining(["api_key.created", "api_key.invalidated"]),
    );
  });

  it("says in api_key.organisation.rolled whether the rolled key was live", async () => {
    const w = await consoleWorld(t.db);
    const test = await w.operator.apiKey.create({});
    await t.db.update(apiKeys).set({ isLive: false }).where(eq(apiKeys.id, test.id));
    const live = await w.operator.apiKey.create({});
    await w.operator.apiKey.roll({ keyId: test.id });
    await w.operator.apiKey.roll({ keyId: live.id });
    const rolled = await t.db
      .select({ payload: events.payload })
      .from(events)
      .where(and(eq(events.type, "api_key.organisation.rolled"), eq(events.organisationId, w.org.id)))
      .orderBy(sql`${events.seq}`);
    expect(rolled.map((e) => e.payload.is_live)).toEqual([false, true]);
  });

  it("refuses key changes to support users and to another organisation", async () => {
    const w = await consoleWorld(t.db);
    expect(await codeOf(w.support.apiKey.create({}))).toBe("FORBIDDEN");
    expect(await codeOf(w.support.apiKey.roll({ keyId: w.org.apiKeyId }))).toBe("FORBIDDEN");
    expect(await codeOf(w.support.apiKey.invalidate({ keyId: w.org.apiKeyId }))).toBe("FORBIDDEN");
    expect(await codeOf(w.outsider.apiKey.invalidate({ keyId: w.org.apiKeyId }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.apiKey.roll({ keyId: w.org.apiKeyId }))).toBe("NOT_FOUND");
    expect((await w.outsider.apiKey.list({})).map((k) => k.id)).not.toContain(w.org.apiKeyId);
    expect((await w.support.apiKey.list({})).find((k) => k.id === w.org.apiKeyId)?.invalidatedAt).toBeNull();
    expect((await w.outsider.audit.list({})).items.every((a) => a.entityId !== String(w.org.apiKeyId))).toBe(true);
  });
});
