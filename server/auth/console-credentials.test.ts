import { describe, expect, it } from "vitest";
import { useTestDb } from "@/test/db";
import { makeOrg, makeUser } from "@/test/factories";
import { signInConsoleUser, TooManySignInAttempts } from "./console-credentials";

const t = useTestDb();

describe("console sign-in", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "operator");
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: user.password }, "10.0.0.1"),
    ).resolves.toMatchObject({ email: user.email, role: "operator" });
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: "wrong-password" }, "10.0.0.1"),
    ).resolves.toBeNull();
  });

  it("slows one address after 10 failures, but the user signs in from elsewhere; the e-mail locks only past 100", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 10; i++)
      await expect(
        signInConsoleUser(t.db, { email: user.email, password: `wrong-${i}` }, `${net}.1`),
      ).resolves.toBeNull();
    // That address is held back, even with the right password...
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: user.password }, `${net}.1`),
    ).rejects.toBeInstanceOf(TooManySignInAttempts);
    // ...while the user, from their own address, signs in as usual.
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: user.password }, `${net}.2`),
    ).resolves.toMatchObject({ email: user.email });
    // Hammering the held-back address adds nothing towards the e-mail's lock.
    for (let i = 0; i < 100; i++)
      await expect(
        signInConsoleUser(t.db, { email: user.email, password: `again-${i}` }, `${net}.1`),
      ).rejects.toBeInstanceOf(TooManySignInAttempts);
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: user.password }, `${net}.3`),
    ).resolves.not.toBeNull();
    // 100 failures in all (10 per address from ten addresses) lock the e-mail, from anywhere.
    for (let a = 10; a < 19; a++)
      for (let i = 0; i < 10; i++)
        await signInConsoleUser(t.db, { email: user.email, password: `spread-${i}` }, `${net}.${a}`);
    await expect(
      signInConsoleUser(t.db, { email: user.email, password: user.password }, `${net}.200`),
    ).rejects.toBeInstanceOf(TooManySignInAttempts);
  });

  it("successful sign-ins do not count towards the limit", async () => {
    const org = await makeOrg(t.db);
    const user = await makeUser(org, "support");
    for (let i = 0; i < 15; i++)
      await expect(
        signInConsoleUser(t.db, { email: user.email, password: user.password }, "10.3.0.1"),
      ).resolves.not.toBeNull();
  });
});
