import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { obtainToken } from "./obtain-token";

const t = useTestDb();
const address = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const lastUsed = async (id: number) =>
  (await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0].at;

describe("obtainToken stamps the API key's last use", () => {
  it("when the key is exchanged for a token, and when a refresh token issued from it is spent", async () => {
    const org = await makeOrg(t.db);
    expect(await lastUsed(org.apiKeyId)).toBeNull();

    const first = await obtainToken(t.db, { APIKey: org.apiKey }, address());
    const stamped = await lastUsed(org.apiKeyId);
    expect(stamped).toBeInstanceOf(Date);
    expect(Math.abs(stamped!.getTime() - Date.now())).toBeLessThan(60_000);

    // An hour later (as far as the key row knows), only the refresh token is used.
    const anHourAgo = new Date(Date.now() - 3600_000);
    await t.db.update(apiKeys).set({ lastUsedAt: anHourAgo }).where(eq(apiKeys.id, org.apiKeyId));
    await obtainToken(t.db, { refreshToken: first.refreshToken }, address());
    expect((await lastUsed(org.apiKeyId))!.getTime()).toBeGreaterThan(anHourAgo.getTime() + 3000_000);
  });

  it("to the minute: a second exchange within the minute leaves the stamp alone", async () => {
    const org = await makeOrg(t.db);
    const recent = new Date(Date.now() - 20_000);
    await t.db.update(apiKeys).set({ lastUsedAt: recent }).where(eq(apiKeys.id, org.apiKeyId));
    await obtainToken(t.db, { APIKey: org.apiKey }, address());
    expect((await lastUsed(org.apiKeyId))!.getTime()).toBe(recent.getTime());
  });

  it("not for a refused key", async () => {
    const org = await makeOrg(t.db);
    // The key with its last character changed (to another: "zz" was the key's own ending once in 3,844 runs).
    const wrong = `${org.apiKey.slice(0, -1)}${org.apiKey.endsWith("z") ? "y" : "z"}`;
    await expect(obtainToken(t.db, { APIKey: wrong }, address())).rejects.toMatchObject({
      kind: "authenticationFailed",
    });
    expect(await lastUsed(org.apiKeyId)).toBeNull();
  });
});
