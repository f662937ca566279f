import { describe, expect, it } from "vitest";
import { authRateLimits } from "@/db/schema";
import { signInConsoleUser } from "@/server/auth/console-credentials";
import { useTestDb } from "@/test/db";
import { makeOrg, makeUser } from "@/test/factories";

const t = useTestDb();

describe("an incomplete sign-in", () => {
  it("is not a failed attempt: it leaves the failed-attempt limit untouched", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "operator");
    const before = await t.db.select().from(authRateLimits);
    for (let i = 0; i < 40; i++) {
      await expect(signInConsoleUser(t.db, { email: user.email, password: "" }, "10.9.0.1")).resolves.toBeNull();
      await expect(signInConsoleUser(t.db, { email: "", password: "" }, "10.9.0.1")).resolves.toBeNull();
    }
    expect(await t.db.select().from(authRateLimits)).toEqual(before);
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: user.password }, "10.9.0.1"),
    ).resolves.toMatchObject({ email: user.email });
  });
});
