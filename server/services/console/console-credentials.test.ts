import { describe, expect, it } from "vitest";
import { useTestDb } from "@/test/db";
import { makeOrg, makeUser } from "@/test/fixtures";
import { signInConsoleUser, TooManySignInAttempts } from "./console-credentials";

const t = useTestDb();

describe("console sign-in", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "operator");
    await expect(signInConsoleUser(t.db, { email: user.email, password: user.password }, "10.0.0.1")).resolves.toMatchObject({ email: user.email, role: "operator" });
    await expect(signInConsoleUser(t.db, { email: user.email, password: "wrong-password" }, "10.0.0.1")).resolves.toBeNull();
  });

  it("locks an account out after repeated failures, even with the right password then", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    for (let i = 0; i < 10; i++) await signInConsoleUser(t.db, { email: user.email, password: `wrong-${i}` }, `10.1.0.${i}`);
    await expect(signInConsoleUser(t.db, { email: user.email, password: user.password }, "10.2.0.1")).rejects.toBeInstanceOf(TooManySignInAttempts);
  });

  it("successful sign-ins do not count towards the limit", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    for (let i = 0; i < 15; i++) await expect(signInConsoleUser(t.db, { email: user.email, password: user.password }, "10.3.0.1")).resolves.not.toBeNull();
  });
});
