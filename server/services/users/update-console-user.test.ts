import { describe, expect, it } from "vitest";
import { useTestDb } from "@/test/db";
import { makeOrg, makeUser } from "@/test/factories";
import { auditLog } from "@/db/schema";
import { eq } from "drizzle-orm";
import { removeConsoleUser } from "./remove-console-user";
import { updateConsoleUser } from "./update-console-user";

const t = useTestDb();
const asUser = (user: Awaited<ReturnType<typeof makeUser>>) => ({
  db: t.db,
  requestId: "r",
  actor: {
    kind: "user" as const,
    organisationId: user.organisationId,
    userId: user.id,
    role: user.role,
    email: user.email,
  },
});

describe("changing and removing console users", () => {
  it("only operators change users, only their own organisation's (another's is not found), and it is audited", async () => {
    const org = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const [operator, support, outsider] = await Promise.all([
      makeUser(org, "operator"),
      makeUser(org, "support"),
      makeUser(other, "support"),
    ]);
    await expect(updateConsoleUser(asUser(support), { email: operator.email, role: "support" })).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(removeConsoleUser(asUser(support), { email: operator.email })).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(
      updateConsoleUser(asUser(operator), { email: outsider.email, role: "operator" }),
    ).rejects.toMatchObject({ code: "user_not_found" });
    await expect(removeConsoleUser(asUser(operator), { email: outsider.email })).rejects.toMatchObject({
      code: "user_not_found",
    });
    await expect(updateConsoleUser(asUser(operator), { email: support.email })).rejects.toThrow();
    await expect(updateConsoleUser(asUser(operator), { email: support.email, password: "short" })).rejects.toThrow();
    const changed = await updateConsoleUser(asUser(operator), { email: support.email.toUpperCase(), role: "operator" });
    expect(changed).toMatchObject({ email: support.email, role: "operator", sessionsEnded: true });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, support.email));
    expect(audit.map((a) => a.action)).toEqual(["user.created", "user.updated"]);
    expect(audit[1]).toMatchObject({
      actor: expect.stringContaining(operator.email),
      details: { changed: ["role"], role: "operator", sessionsEnded: true },
    });
  });
});
